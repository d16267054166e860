/**
 * Export CSV on the visitors list (docs/operations.md#reports-exports-and-inside-now): the file is
 * fetched with the session's
 * bearer token and the screen's filters in the URL, saved through a `blob:` URL with the
 * server's file name; the button is busy meanwhile; a refusal shows the server's words.
 */
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { admin, guard, page, resident } from './fixtures';
import { server } from './msw-server';
import { renderApp, TEST_TOKEN } from './render-app';
import { mockTrpc } from './trpc-mock';

const CSV = 'id,kind,name\n1,invitation,Jane Doe\n';
const SETTINGS = { timeZone: 'America/New_York', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, walkinEscalateSeconds: 60, overstayGraceMinutes: 30 };

describe('Export CSV on /visitors (docs/operations.md#reports-exports-and-inside-now)', () => {
  const saved: Array<{ href: string; download: string }> = [];
  const { createObjectURL, revokeObjectURL } = URL;
  beforeEach(() => {
    saved.length = 0;
    // Today is 2026-11-22 (in the community's zone): the default range is from it.
    vi.useFakeTimers({ toFake: ['Date'] });
    vi.setSystemTime(new Date('2026-11-22T14:00:00.000Z'));
    // jsdom has no object URLs and does not download: record what would be saved.
    URL.createObjectURL = vi.fn(() => 'blob:http://localhost/export');
    URL.revokeObjectURL = vi.fn();
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      saved.push({ href: this.href, download: this.download });
    });
  });
  afterEach(() => {
    vi.useRealTimers();
    vi.restoreAllMocks();
    Object.assign(URL, { createObjectURL, revokeObjectURL });
  });

  it('downloads the export with the token and the current status filter, busy meanwhile', async () => {
    mockTrpc({
      'auth.me': () => ({ user: admin }),
      'visitors.settings': () => SETTINGS,
      'visitors.listSummaries': () => page([]),
      'houses.list': () => ({ items: [], total: 0 }),
      'gates.list': () => ({ items: [], total: 0 }),
    });
    const requests: Request[] = [];
    let answer!: () => void;
    const answered = new Promise<void>((resolve) => (answer = resolve));
    server.use(
      http.get('*/api/visitors/export.csv', async ({ request }) => {
        requests.push(request.clone());
        await answered;
        return new HttpResponse(CSV, {
          headers: {
            'Content-Type': 'text/csv; charset=utf-8',
            'Content-Disposition': 'attachment; filename="visitors-2026-10-24-to-2027-10-24.csv"',
          },
        });
      }),
    );
    const { user } = renderApp('/visitors', { user: admin });
    await screen.findByRole('heading', { level: 1, name: 'All Visitors' });

    // The "Waiting for you" filter is the status the export asks for.
    await user.click(screen.getByRole('button', { name: 'Waiting for you' }));
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));
    const busy = await screen.findByRole('button', { name: 'Exporting…' });
    expect(busy).toBeDisabled();
    expect(busy).toHaveAttribute('aria-busy', 'true');
    answer();

    await waitFor(() => expect(saved).toHaveLength(1));
    expect(saved[0]).toEqual({ href: 'blob:http://localhost/export', download: 'visitors-2026-10-24-to-2027-10-24.csv' });
    expect(requests).toHaveLength(1);
    const url = new URL(requests[0]!.url);
    expect(url.pathname).toBe('/api/visitors/export.csv');
    // The view's status, over the last 30 days and the upcoming visits (366 days).
    expect(Object.fromEntries(url.searchParams)).toEqual({ status: 'pending', from: '2026-10-24', to: '2027-10-24' });
    expect(requests[0]!.headers.get('authorization')).toBe(`Bearer ${TEST_TOKEN}`);
    expect(await screen.findByRole('button', { name: 'Export CSV' })).toBeEnabled();
    await waitFor(() => expect(URL.revokeObjectURL).toHaveBeenCalledWith('blob:http://localhost/export'));
  });

  it('asks for a resident’s own list by default, and shows a refusal', async () => {
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.settings': () => SETTINGS,
      'visitors.myInvitationSummaries': () => page([]),
      'visitors.listSummaries': () => page([]),
    });
    const urls: string[] = [];
    server.use(
      http.get('*/api/visitors/export.csv', ({ request }) => {
        urls.push(request.url);
        return HttpResponse.json(
          { success: false, data: null, error: 'Too many exports are running, try again in a minute', code: 'RATE_LIMITED' },
          { status: 429, headers: { 'Retry-After': '60' } },
        );
      }),
    );
    const { user } = renderApp('/visitors', { user: resident });
    await screen.findByRole('heading', { level: 1, name: 'My Invitations' });
    await user.click(screen.getByRole('button', { name: 'Export CSV' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Too many exports are running, try again in a minute');
    expect(Object.fromEntries(new URL(urls[0]!).searchParams)).toEqual({ from: '2026-10-24', to: '2027-10-24', mine: 'true' });
    expect(saved).toEqual([]);
    expect(screen.getByRole('button', { name: 'Export CSV' })).toBeEnabled();
  });

  it('offers no export to a guard (docs/operations.md#reports-exports-and-inside-now: guards may not)', async () => {
    mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.listSummaries': () => page([]) });
    renderApp('/visitors', { user: guard });
    await screen.findByRole('heading', { level: 1, name: 'All Visitors' });
    expect(screen.queryByRole('button', { name: 'Export CSV' })).not.toBeInTheDocument();
  });
});
