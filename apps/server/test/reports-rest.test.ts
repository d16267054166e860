/**
 * The reports page's figures over REST (docs/operations.md#reports-exports-and-inside-now), on both
 * databases, every answer
 * checked against the OpenAPI document: `GET /api/reports/summary?from&to` answers the
 * figures in `data` (the last 30 days by default); a reversed range, one over 366 days and
 * a date that is not one are 400 in the envelope; guards and residents 403.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import { describe, expect, it } from 'vitest';

import { restHarness } from './support/rest-harness';

const legs = await databaseLegs();

describe.each(legs)('Reports over REST on $name', (leg) => {
  const now = new Date('2026-11-22T14:00:00.000Z'); // 09:00 in New York
  const harness = restHarness(leg, {
    domain: 'reports.example',
    clock: () => now,
    house: { houseNumber: '101', block: 'A', street: 'Maple' },
  });
  const { tokens, call, answer, invite } = harness;

  it('answers the figures of the range in the envelope, the last 30 days by default', async () => {
    const first = await invite('Ivy Invited');
    const second = await invite('Walter Visitor');
    for (const visitor of [first, second]) answer(await call('POST', '/api/visitors/checkin-qr', tokens.guard, { visitorId: visitor.id }), 200);
    answer(await call('POST', '/api/visitors/checkout-qr', tokens.guard, { visitorId: first.id }), 200);

    const summary = answer(await call('GET', '/api/reports/summary?from=2026-11-20&to=2026-11-22', tokens.admin), 200);
    expect(summary).toMatchObject({ success: true, error: null });
    expect(summary.data).toMatchObject({
      from: '2026-11-20',
      to: '2026-11-22',
      timeZone: 'America/New_York',
      totalEntries: 2,
      visitsPerDay: [
        { date: '2026-11-20', visits: 0 },
        { date: '2026-11-21', visits: 0 },
        { date: '2026-11-22', visits: 2 },
      ],
      busiestHouses: [{ houseId: harness.houseId, houseNumber: '101', block: 'A', visits: 2 }],
      byKind: [
        { kind: 'invitation', entries: 2 },
        { kind: 'walk-in', entries: 0 },
        { kind: 'recurring', entries: 0 },
      ],
      // Checked in and out at the same instant of this test's clock.
      averageStay: { stays: 1, averageMinutes: 0 },
      gateOverrides: { entries: 2, overrides: 0, share: 0 },
      lateCheckIns: { checkIns: 0, late: 0, share: null },
    });
    // 09:00 in New York, a Sunday.
    expect(summary.data.entriesByHour[9]).toEqual({ hour: 9, entries: 2 });
    expect(summary.data.entriesByWeekday[6]).toEqual({ weekday: 7, entries: 2 });

    const byDefault = answer(await call('GET', '/api/reports/summary', tokens.admin), 200).data;
    expect(byDefault).toMatchObject({ from: '2026-10-24', to: '2026-11-22', totalEntries: 2 });
    expect(byDefault.visitsPerDay).toHaveLength(30);
  });

  it('refuses bad ranges with 400 and anyone but an admin with 403', async () => {
    expect(answer(await call('GET', '/api/reports/summary?from=2026-11-22&to=2026-11-01', tokens.admin), 400)).toMatchObject({
      success: false,
      data: null,
      error: 'The start date must not be after the end date',
    });
    expect(answer(await call('GET', '/api/reports/summary?from=2025-01-01&to=2026-11-22', tokens.admin), 400)).toMatchObject({
      success: false,
      error: 'A report covers at most 366 days',
    });
    expect(answer(await call('GET', '/api/reports/summary?from=yesterday', tokens.admin), 400).error).toMatch(/From must be a date/);
    expect(answer(await call('GET', '/api/reports/summary', tokens.guard), 403)).toMatchObject({ success: false, code: 'FORBIDDEN' });
    expect(answer(await call('GET', '/api/reports/summary', tokens.resident), 403)).toMatchObject({ success: false, code: 'FORBIDDEN' });
  });
});
