/**
 * The CSV exports' times and ranges (docs/operations.md#reports-exports-and-inside-now): ISO 8601
 * in the community's zone with
 * the offset (UTC as +00:00), across daylight-saving changes; the default range is the last
 * 30 days in the community's calendar, and `from` after `to` is 400.
 */
import { describe, expect, it } from 'vitest';

import { communityIsoTime } from '../src/lib/time';
import { exportRange } from '../src/services/exports';

describe('communityIsoTime', () => {
  it('writes the community’s wall-clock time with its offset, to the second', () => {
    expect(communityIsoTime(new Date('2026-11-23T03:45:00.999Z'), 'Asia/Kolkata')).toBe('2026-11-23T09:15:00+05:30');
    expect(communityIsoTime(new Date('2026-11-23T03:45:00Z'), 'UTC')).toBe('2026-11-23T03:45:00+00:00');
    expect(communityIsoTime(new Date('2026-11-23T03:45:00Z'), 'Asia/Kathmandu')).toBe('2026-11-23T09:30:00+05:45');
    // The day before the date line in Honolulu.
    expect(communityIsoTime(new Date('2026-11-23T03:45:00Z'), 'Pacific/Honolulu')).toBe('2026-11-22T17:45:00-10:00');
  });

  it('follows daylight saving time on both sides of a change, within the same hour', () => {
    // New York: 2026-03-08 02:00 EST → 03:00 EDT (07:00 UTC); 2026-11-01 02:00 EDT → 01:00 EST (06:00 UTC).
    expect(communityIsoTime(new Date('2026-03-08T06:59:59Z'), 'America/New_York')).toBe('2026-03-08T01:59:59-05:00');
    expect(communityIsoTime(new Date('2026-03-08T07:00:00Z'), 'America/New_York')).toBe('2026-03-08T03:00:00-04:00');
    expect(communityIsoTime(new Date('2026-11-01T05:30:00Z'), 'America/New_York')).toBe('2026-11-01T01:30:00-04:00');
    expect(communityIsoTime(new Date('2026-11-01T06:30:00Z'), 'America/New_York')).toBe('2026-11-01T01:30:00-05:00');
    // Lord Howe moves by half an hour (02:00 → 01:30 local at 15:00 UTC on 2026-04-04).
    expect(communityIsoTime(new Date('2026-04-04T14:59:00Z'), 'Australia/Lord_Howe')).toBe('2026-04-05T01:59:00+11:00');
    expect(communityIsoTime(new Date('2026-04-04T15:00:00Z'), 'Australia/Lord_Howe')).toBe('2026-04-05T01:30:00+10:30');
  });
});

describe('exportRange', () => {
  const now = new Date('2026-11-23T20:00:00Z'); // 2026-11-24 01:30 in Kolkata

  it('defaults to the last 30 days of the community’s calendar, today included', () => {
    expect(exportRange({}, now, 'Asia/Kolkata')).toEqual({ from: '2026-10-26', to: '2026-11-24' });
    expect(exportRange({}, now, 'UTC')).toEqual({ from: '2026-10-25', to: '2026-11-23' });
    expect(exportRange({ to: '2026-03-01' }, now, 'UTC')).toEqual({ from: '2026-01-31', to: '2026-03-01' });
    expect(exportRange({ from: '2026-02-01' }, now, 'UTC')).toEqual({ from: '2026-02-01', to: '2026-03-02' });
    expect(exportRange({ from: '2026-11-20' }, now, 'UTC')).toEqual({ from: '2026-11-20', to: '2026-11-23' });
    expect(exportRange({ from: '2025-01-01', to: '2026-11-30' }, now, 'UTC')).toEqual({ from: '2025-01-01', to: '2026-11-30' });
  });

  it('refuses a start after the end with 400 on `from`', () => {
    expect(() => exportRange({ from: '2026-11-24', to: '2026-11-23' }, now, 'UTC')).toThrow('The start date must not be after the end date');
    expect(() => exportRange({ from: '2026-12-01' }, now, 'UTC')).toThrow('The start date must not be after the end date');
  });
});
