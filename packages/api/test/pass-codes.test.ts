/**
 * Pass codes and the failed-scan limit (docs/gate.md#verifying-a-pass), on both databases: every
 * pass has
 * a code of digits, unique among open passes; scan takes a token or a code (spaces
 * ignored); a code finds only an open pass; 20 failed look-ups in 10 minutes make every
 * scan of that user 429 until the oldest leaves the window, and nobody else's.
 */
import { User } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { countVisitorsInStatuses, OPEN_STATUSES } from '../src/services/visitor-state-machine';
import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();

describe.each(legs)('pass codes on $name', (leg) => {
  let h: Harness;
  let c: Community;
  const invite = (name = 'Vera Visitor') =>
    h.caller(c.resident.token).visitors.invite({
      name,
      phone: '+15557654321',
      houseId: c.houseId,
      visitDate: '2026-11-22',
      visitTimeFrom: '10:00',
      visitTimeTo: '17:00',
    });

  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  afterAll(() => h?.close());

  it('gives every pass a 6-digit code, and scan finds the pass by its code with spaces ignored', async () => {
    const visitor = await invite();
    expect(visitor.passCode).toMatch(/^\d{6}$/);
    const guard = h.caller(c.guard.token);
    const spaced = `${visitor.passCode.slice(0, 3)} ${visitor.passCode.slice(3)}`;
    expect((await guard.visitors.scan({ token: spaced })).id).toBe(visitor.id);
    expect((await guard.visitors.scan({ token: visitor.qrCodeToken })).passCode).toBe(visitor.passCode);
    expect((await h.caller(c.resident.token).visitors.byId({ id: visitor.id })).passCode).toBe(visitor.passCode);
  });

  it('finds only an open pass by its code, while its token finds it in any status', async () => {
    const visitor = await invite('Carl Cancelled');
    await h.caller(c.resident.token).visitors.cancel({ id: visitor.id });
    const guard = h.caller(c.guard.token);
    expect(await failure(guard.visitors.scan({ token: visitor.passCode }))).toEqual({
      status: 404,
      message: 'Invalid or expired QR code',
    });
    expect((await guard.visitors.scan({ token: visitor.qrCodeToken })).status).toBe('cancelled');
  });

  it('keeps codes unique among open passes and lets a final pass’s code be used again', async () => {
    const [open, closed] = [await invite('Olga Open'), await invite('Finn Final')];
    await h.caller(c.resident.token).visitors.cancel({ id: closed.id });
    const em = h.em();
    // An open pass cannot take an open pass's code; a cancelled one's code is free again.
    await em.execute(`update visitor_invitation set pass_code = ? where id = ?`, [open.passCode, closed.id]);
    const [reused] = await em.execute<{ pass_code: string }[]>(`select pass_code from visitor_invitation where id = ?`, [closed.id]);
    expect(reused?.pass_code).toBe(open.passCode);
    const third = await invite('Tess Third');
    await expect(em.execute(`update visitor_invitation set pass_code = ? where id = ?`, [open.passCode, third.id])).rejects.toThrow();
    expect((await h.caller(c.guard.token).visitors.scan({ token: open.passCode })).id).toBe(open.id);
  });

  it('gives 8-digit codes once more than 100,000 passes are open', async () => {
    const em = h.em();
    // Exactly 100,000 open passes, whatever the other tests left open.
    const open = await countVisitorsInStatuses(em, OPEN_STATUSES);
    await em.execute(`insert into visitor_status_count (community_id, status, shard, n) values ((select id from community order by created_at, id limit 1), 'approved', 99, ?)`, [100_000 - open]);
    try {
      expect((await invite('Sid Six')).passCode).toMatch(/^\d{6}$/);
      // That one made it 100,001.
      const visitor = await invite('Ezra Eight');
      expect(visitor.passCode).toMatch(/^\d{8}$/);
      expect((await h.caller(c.guard.token).visitors.scan({ token: visitor.passCode })).id).toBe(visitor.id);
    } finally {
      await em.execute(`delete from visitor_status_count where shard = 99`);
    }
  });

  it('refuses every scan of a user with 20 failed look-ups in 10 minutes, and no one else’s', async () => {
    const visitor = await invite('Lena Limit');
    // A guard of its own: the other tests' guard scans on (the limit counts per user).
    const limitedGuard = await h.signup('resident', 'Lim Guard', 'limited-guard@test.example');
    await h.em().nativeUpdate(User, { id: limitedGuard.id }, { role: 'guard' });
    const guard = h.caller(limitedGuard.token);
    const admin = h.caller(c.admin.token);
    const started = h.now;
    try {
      // 400s do not count.
      for (let attempt = 0; attempt < 3; attempt += 1) expect((await failure(guard.visitors.scan({ token: ' ' }))).status).toBe(400);
      for (let attempt = 0; attempt < 20; attempt += 1) {
        h.now = new Date(started.getTime() + attempt * 1_000);
        expect((await failure(guard.visitors.scan({ token: `99999${String(attempt).padStart(3, '0')}` }))).status).toBe(404);
      }
      h.now = new Date(started.getTime() + 60_000);
      const refused = await failure(guard.visitors.scan({ token: visitor.qrCodeToken }));
      // The oldest failure (at +0 s) leaves the window at +600 s: 540 s from +60 s.
      expect(refused).toEqual({ status: 429, message: 'Too many failed scans, try again in 540 s', retryAfterSeconds: 540 });
      // While limited, a malformed scan is refused by the limit too.
      expect((await failure(guard.visitors.scan({ token: ' ' }))).status).toBe(429);
      expect((await admin.visitors.scan({ token: visitor.qrCodeToken })).id).toBe(visitor.id);
      // Once the oldest failure is 10 minutes old, one more scan may go.
      h.now = new Date(started.getTime() + 600_001);
      expect((await guard.visitors.scan({ token: visitor.passCode })).id).toBe(visitor.id);
    } finally {
      h.now = started;
    }
  });
});
