/**
 * Dates and times in the community's time zone, named where the browser's differs
 * (docs/product.md#time-zone).
 */
import { describe, expect, it } from 'vitest';

import { formatInstant, formatVisitWindow, todayIsoDate } from '../src/lib/format';
import { browserTimeZone, zoneSuffix } from '../src/lib/time-zone';

// Zones no test machine runs in: UTC+14 and UTC-10.
const KIRITIMATI = 'Pacific/Kiritimati';
const HONOLULU = 'Pacific/Honolulu';

describe('the community time zone on screen', () => {
  it('shows an instant in the community’s zone and names the zone', () => {
    expect(formatInstant('2026-11-22T14:05:00Z', KIRITIMATI)).toBe('Nov 23, 2026 at 4:05 AM GMT+14');
    expect(formatInstant('2026-11-22T14:05:00Z', HONOLULU)).toBe('Nov 22, 2026 at 4:05 AM HST');
  });

  it('does not name the zone when the browser reads the same', () => {
    expect(zoneSuffix(browserTimeZone(), new Date())).toBe('');
    expect(formatInstant('2026-11-22T14:05:00Z', browserTimeZone())).not.toMatch(/GMT|[A-Z]{3}$/);
    expect(formatVisitWindow({ visitDate: '2026-11-22', visitTimeFrom: '09:00', visitTimeTo: '17:00' }, browserTimeZone())).toBe(
      '9:00 AM - 5:00 PM',
    );
  });

  it('names the zone of a visit window, keeping its community-local times', () => {
    expect(formatVisitWindow({ visitDate: '2026-11-22', visitTimeFrom: '09:00', visitTimeTo: '17:00' }, HONOLULU)).toBe(
      '9:00 AM - 5:00 PM HST',
    );
  });

  it('takes today from the community’s zone', () => {
    const instant = new Date('2026-11-22T20:00:00Z');
    expect(todayIsoDate(instant, KIRITIMATI)).toBe('2026-11-23');
    expect(todayIsoDate(instant, HONOLULU)).toBe('2026-11-22');
  });
});
