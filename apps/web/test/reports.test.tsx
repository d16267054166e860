/**
 * /reports (docs/operations.md#reports-exports-and-inside-now, admin): the figures of the last 30
 * days as charts with an
 * accessible table beside each (jsdom has no canvas: the tables carry the numbers), the
 * range form with labelled dates that asks for another range, the server's refusal shown,
 * the Reports link in the admin's menu, and no page for a resident.
 */
import type { ReportSummary } from '@gatehouse/shared';
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { menuEntries } from '../src/features/shell/navigation';
import { formatDayMonth, formatMonth } from '../src/lib/format';
import { chooseLanguage } from '../src/lib/i18n';
import es from '../src/locales/es/reports';
import { admin, resident } from './fixtures';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

const zeros = <T,>(length: number, row: (index: number) => T) => Array.from({ length }, (_, index) => row(index));

function summary(from: string, to: string, days: string[]): ReportSummary {
  return {
    from,
    to,
    timeZone: 'America/New_York',
    totalEntries: 7,
    visitsPerDay: days.map((date, index) => ({ date, visits: index === days.length - 1 ? 5 : index === days.length - 3 ? 2 : 0 })),
    entriesByHour: zeros(24, (hour) => ({ hour, entries: hour === 9 ? 4 : hour === 23 ? 3 : 0 })),
    entriesByWeekday: zeros(7, (index) => ({ weekday: index + 1, entries: index === 6 ? 5 : index === 4 ? 2 : 0 })),
    busiestHouses: [
      { houseId: 'a1', houseNumber: '101', block: 'A', visits: 4 },
      { houseId: 'b2', houseNumber: '202', block: 'B', visits: 3 },
    ],
    byKind: [
      { kind: 'invitation', entries: 5 },
      { kind: 'walk-in', entries: 2 },
      { kind: 'recurring', entries: 0 },
    ],
    walkInApproval: { approved: 3, medianMinutes: 6, p90Minutes: 8.4 },
    averageStay: { stays: 2, averageMinutes: 60 },
    byGate: [
      { gate: { id: 'g1', name: 'North Gate' }, entries: 6 },
      { gate: null, entries: 1 },
    ],
    gateOverrides: { entries: 7, overrides: 1, share: 0.1429 },
    lateCheckIns: { checkIns: 2, late: 1, share: 0.5 },
  };
}

const daysFrom = (first: number, count: number) => zeros(count, (index) => `2026-11-${String(first + index).padStart(2, '0')}`);

/** The table whose caption is `name`, its body rows as [header, value]. */
function tableRows(name: string): string[][] {
  const table = screen.getByRole('table', { name });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => [within(row).getByRole('rowheader').textContent ?? '', within(row).getByRole('cell').textContent ?? '']);
}

describe('/reports (docs/operations.md#reports-exports-and-inside-now)', () => {
  it('shows each figure of the last 30 days as a table beside its chart', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'reports.summary': () => summary('2026-10-24', '2026-11-22', [...zeros(8, (index) => `2026-10-${24 + index}`), ...daysFrom(1, 22)]),
    });
    renderApp('/reports', { user: admin });

    expect(await screen.findByRole('heading', { level: 1, name: 'Reports' })).toBeInTheDocument();
    expect(await screen.findByRole('table', { name: 'Visits per day' })).toBeInTheDocument();
    // The default range is the server's: asked with no dates, shown in the form.
    expect(callsTo(calls, 'reports.summary')[0]?.input).toEqual({});
    expect(screen.getByLabelText('From')).toHaveValue('2026-10-24');
    expect(screen.getByLabelText('To')).toHaveValue('2026-11-22');
    // Dates and hours as the user's language writes them, never the ISO form.
    expect(screen.getByText(/Oct 24, 2026 to Nov 22, 2026 \(America\/New_York\)/)).toBeInTheDocument();

    const perDay = tableRows('Visits per day');
    expect(perDay).toHaveLength(30);
    expect(perDay.at(-1)).toEqual(['Nov 22, 2026', '5']);
    expect(perDay[0]).toEqual(['Oct 24, 2026', '0']);

    const hours = tableRows('Entries by hour of the day');
    expect(hours).toHaveLength(24);
    expect(hours[9]).toEqual(['9:00 AM', '4']);
    expect(hours[23]).toEqual(['11:00 PM', '3']);

    expect(tableRows('Entries by weekday')).toEqual([
      ['Monday', '0'],
      ['Tuesday', '0'],
      ['Wednesday', '0'],
      ['Thursday', '0'],
      ['Friday', '2'],
      ['Saturday', '0'],
      ['Sunday', '5'],
    ]);
    expect(tableRows('Busiest houses')).toEqual([
      ['101, block A', '4'],
      ['202, block B', '3'],
    ]);
    expect(tableRows('Walk-ins, invitations and recurring passes')).toEqual([
      ['Invitations', '5'],
      ['Walk-ins', '2'],
      ['Recurring passes', '0'],
    ]);
    expect(tableRows('Entries by gate')).toEqual([
      ['North Gate', '6'],
      ['No gate recorded', '1'],
    ]);
    expect(tableRows('Key figures')).toEqual([
      ['Walk-in approval time, median', '6 min'],
      ['Walk-in approval time, 90th percentile', '8.4 min'],
      ['Walk-ins approved', '3'],
      ['Average stay', '60 min'],
      ['Visits that have left', '2'],
      ['Entries approved by a gate override', '14.3% (1 of 7)'],
      ['Check-ins more than 15 minutes after their approval', '50% (1 of 2)'],
    ]);
    // Column and row headers are marked as such.
    const table = screen.getByRole('table', { name: 'Busiest houses' });
    expect(within(table).getAllByRole('columnheader').map((cell) => cell.getAttribute('scope'))).toEqual(['col', 'col']);
    expect(within(table).getAllByRole('rowheader').every((cell) => cell.getAttribute('scope') === 'row')).toBe(true);
    // Each chart is a picture named after its figure, described by its table.
    const chart = screen.getByRole('img', { name: 'Busiest houses' });
    expect(chart.tagName).toBe('CANVAS');
    expect(chart.getAttribute('aria-describedby')).toBe(table.id);
  });

  it('writes dates, hours and shares in the user’s language, never the ISO form', { timeout: 15_000 }, async () => {
    await chooseLanguage('es', { remember: false });
    mockTrpc({
      'auth.me': () => ({ user: admin }),
      'reports.summary': () => summary('2026-10-24', '2026-11-22', [...zeros(8, (index) => `2026-10-${24 + index}`), ...daysFrom(1, 22)]),
    });
    renderApp('/reports', { user: admin });

    const perDayName = es.ReportsPage.perDay;
    expect(await screen.findByRole('table', { name: perDayName })).toBeInTheDocument();
    expect(screen.getByText(/24 oct 2026 .* 22 nov 2026 \(America\/New_York\)/)).toBeInTheDocument();
    expect(tableRows(perDayName).at(-1)).toEqual(['22 nov 2026', '5']);
    expect(tableRows(es.ReportsPage.perHour)[23]).toEqual(['23:00', '3']);
    expect(tableRows(es.ReportsPage.keyFigures).at(-1)?.[1]).toMatch(/^50\s?% /);
    expect(document.body.textContent).not.toMatch(/\d{4}-\d{2}-\d{2}/);
    // The chart's axis: the day and month alone.
    expect(formatDayMonth('2026-11-22')).toBe('22 nov');
    await chooseLanguage('hi', { remember: false });
    expect(formatDayMonth('2026-11-22')).toBe('22 नव॰');
    expect(formatMonth('2026-11')).toBe('नवंबर 2026');
    await chooseLanguage('en', { remember: false });
    expect(formatDayMonth('2026-11-22')).toBe('Nov 22');
    expect(formatMonth('2026-11')).toBe('November 2026');
  });

  it('asks for the chosen range and shows the server’s refusal', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'reports.summary': (input: { from?: string; to?: string }) => {
        if (input.from === '2025-01-01') throw trpcError(400, 'A report covers at most 366 days');
        return input.from ? summary(input.from, input.to ?? '', daysFrom(20, 3)) : summary('2026-10-24', '2026-11-22', daysFrom(1, 22));
      },
    });
    const { user } = renderApp('/reports', { user: admin });
    const from = await screen.findByLabelText('From');
    await waitFor(() => expect(from).toHaveValue('2026-10-24'));

    await user.clear(from);
    await user.type(from, '2026-11-20');
    await user.clear(screen.getByLabelText('To'));
    await user.type(screen.getByLabelText('To'), '2026-11-22');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    await waitFor(() => expect(callsTo(calls, 'reports.summary').at(-1)?.input).toEqual({ from: '2026-11-20', to: '2026-11-22' }));
    await waitFor(() => expect(tableRows('Visits per day')).toEqual([
      ['Nov 20, 2026', '2'],
      ['Nov 21, 2026', '0'],
      ['Nov 22, 2026', '5'],
    ]));

    await user.clear(from);
    await user.type(from, '2025-01-01');
    await user.click(screen.getByRole('button', { name: 'Show' }));
    expect(await screen.findByText('A report covers at most 366 days')).toBeInTheDocument();
  });

  it('is in the admin’s menu, and not a resident’s page', async () => {
    expect(menuEntries('admin').wide).toContainEqual(expect.objectContaining({ href: '/reports', label: 'Reports' }));
    expect(menuEntries('admin').narrow).toContainEqual(expect.objectContaining({ href: '/reports', label: 'Reports' }));
    for (const role of ['resident', 'guard'] as const) {
      expect([...menuEntries(role).wide, ...menuEntries(role).narrow].map((entry) => entry.href)).not.toContain('/reports');
    }

    mockTrpc({ 'auth.me': () => ({ user: resident }) });
    renderApp('/reports', { user: resident });
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    expect(screen.queryByRole('heading', { level: 1, name: 'Reports' })).not.toBeInTheDocument();
  });
});
