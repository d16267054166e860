/**
 * The gate pack (docs/gate.md#the-gate-pack), on both databases: the passes of today and tomorrow
 * (the
 * community's zone) that can still enter or leave, with the SHA-256 of the token and a
 * PBKDF2 hash of the code under the day's salt (never the token, the code, a fast hash of
 * the code, a phone or an e-mail); deltas with `since=cursor` (new and changed items, under
 * the same salt; in `removed` the ids that can no longer enter: cancelled, checked out,
 * expired); a new day's salt and whole pack; the hashes computed ahead; the same salt from
 * two server processes (PostgreSQL); who may read it.
 */
import { createHash, pbkdf2Sync } from 'node:crypto';

import { openDatabase } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import { GATE_CODE_HASH_ITERATIONS, type CreatePassRequest, type GatePack, type Visitor } from '@gatehouse/shared';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { describeError } from '../src/errors';
import { warmGatePackCodeHashes } from '../src/services/gate-code-hash';
import { GATE_PACK_INLINE_HASHES, gatePack } from '../src/services/gate-pack';
import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();
const START = new Date('2026-11-22T14:00:00.000Z'); // Sunday 09:00 in New York
const sha256 = (text: string) => createHash('sha256').update(text, 'utf8').digest('hex');
/** A code's hash as the tablet computes it: PBKDF2-HMAC-SHA-256 of its digits with the pack's salt and iterations. */
const pbkdf2Hex = (code: string, codeHash: GatePack['codeHash']) =>
  pbkdf2Sync(Buffer.from(code, 'utf8'), Buffer.from(codeHash.salt, 'hex'), codeHash.iterations, 32, 'sha256').toString('hex');
const minutes = (count: number) => count * 60_000;

const PACK_ITEM_KEYS = ['blocklisted', 'house', 'id', 'kind', 'name', 'passCodeHash', 'status', 'tokenHash', 'updatedAt', 'vehicleLicensePlate', 'visitDate', 'visitTimeFrom', 'visitTimeTo'];

describe.each(legs)('the gate pack on $name', (leg) => {
  let h: Harness;
  let c: Community;
  const invite = (name: string, extra: Record<string, unknown> = {}) =>
    h.caller(extra.houseId === c.otherHouseId ? c.admin.token : c.resident.token).visitors.invite({
      name,
      phone: '+15557654321',
      email: 'visitor@pack.example',
      houseId: c.houseId,
      visitDate: '2026-11-22',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
      vehicleLicensePlate: 'pk 123',
      ...extra,
    });
  const pack = (since?: string, token = c.guard.token) => h.caller(token).gate.pack(since !== undefined ? { since } : {});
  const ids = (result: GatePack) => result.items.map((item) => item.id).sort();
  /** Moves the clock on, past the overlap a delta sends again. */
  const later = (count: number) => {
    h.now = new Date(h.now.getTime() + minutes(count));
  };

  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
  });
  beforeEach(() => {
    h.now = START;
  });
  afterAll(() => h?.close());

  it('holds the passes of today and tomorrow that can still enter or leave, hashed, and nothing personal', async () => {
    const today = await invite('Today Approved');
    const tomorrow = await invite('Tomorrow Approved', { visitDate: '2026-11-23', houseId: c.otherHouseId, vehicleLicensePlate: '' });
    const later = await invite('Day After Tomorrow', { visitDate: '2026-11-24' });
    const inside = await invite('Checked In Today');
    await h.caller(c.guard.token).visitors.checkIn({ visitorId: inside.id });
    const left = await invite('Checked Out Today');
    await h.caller(c.guard.token).visitors.checkIn({ visitorId: left.id });
    await h.caller(c.guard.token).visitors.checkOut({ visitorId: left.id });
    const cancelled = await invite('Cancelled Today');
    await h.caller(c.resident.token).visitors.cancel({ id: cancelled.id });
    const pending = await h.caller(c.guard.token).visitors.walkIn({ name: 'Pending Walker', phone: '+15550001111', houseId: c.houseId });
    const approvedWalkIn = await h.caller(c.guard.token).visitors.walkIn({ name: 'Approved Walker', phone: '+15550002222', houseId: c.houseId });
    await h.caller(c.admin.token).visitors.approve({ id: approvedWalkIn.id });
    h.now = new Date(START.getTime() - minutes(30));
    const ended = await invite('Window Over', { visitTimeFrom: '08:00', visitTimeTo: '08:45' });
    h.now = START;

    const result = await pack();
    const wanted = [today, tomorrow, inside, approvedWalkIn];
    expect(ids(result)).toEqual(wanted.map((visitor) => visitor.id).sort());
    for (const excluded of [later, left, cancelled, pending, ended]) expect(ids(result)).not.toContain(excluded.id);
    expect(result.removed).toEqual([]);
    expect(typeof result.cursor).toBe('string');

    const item = result.items.find((entry) => entry.id === today.id)!;
    expect(Object.keys(item).sort()).toEqual(PACK_ITEM_KEYS);
    expect(item).toEqual({
      id: today.id,
      tokenHash: sha256(today.qrCodeToken),
      passCodeHash: pbkdf2Hex(today.passCode, result.codeHash),
      name: 'Today Approved',
      house: { houseNumber: '101', block: 'A' },
      kind: 'invitation',
      visitDate: '2026-11-22',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
      status: 'approved',
      vehicleLicensePlate: 'PK 123',
      updatedAt: START.toISOString(),
      blocklisted: null,
    });
    expect(item.tokenHash).toMatch(/^[0-9a-f]{64}$/);
    // The codes: PBKDF2 with the day's salt (16 random bytes) and its iterations, never a fast hash.
    expect(result.codeHash).toEqual({ algorithm: 'PBKDF2-SHA-256', salt: expect.stringMatching(/^[0-9a-f]{32}$/), iterations: GATE_CODE_HASH_ITERATIONS });
    expect(GATE_CODE_HASH_ITERATIONS).toBeGreaterThanOrEqual(100_000);
    for (const visitor of wanted) {
      const entry = result.items.find((candidate) => candidate.id === visitor.id)!;
      expect(entry.passCodeHash, visitor.name).toBe(pbkdf2Hex(visitor.passCode, result.codeHash));
      expect(JSON.stringify(result), visitor.name).not.toContain(sha256(visitor.passCode));
    }
    // The salt is the community day's, kept in the database: every server process hashes alike.
    const [kept] = await h.em().execute<{ salt: string; iterations: number }[]>(`select salt, iterations from gate_pack_salt where day = '2026-11-22'`);
    expect(kept).toEqual({ salt: result.codeHash.salt, iterations: GATE_CODE_HASH_ITERATIONS });
    expect(result.items.find((entry) => entry.id === tomorrow.id)).toMatchObject({ house: { houseNumber: '202', block: 'B' }, vehicleLicensePlate: null });
    expect(result.items.find((entry) => entry.id === inside.id)).toMatchObject({ status: 'checked-in' });
    expect(result.items.find((entry) => entry.id === approvedWalkIn.id)).toMatchObject({ kind: 'walk-in', status: 'approved' });

    // Never a raw token or code, a phone or an e-mail, anywhere in the JSON (hashes aside).
    const text = JSON.stringify({ ...result, items: result.items.map(({ tokenHash: _t, passCodeHash: _c, ...rest }) => rest) });
    for (const visitor of [...wanted, later, left, cancelled, pending, ended]) {
      expect(text).not.toContain(visitor.qrCodeToken);
      expect(text).not.toContain(visitor.passCode);
      expect(text).not.toContain(visitor.phone);
    }
    expect(text).not.toMatch(/@|\+1555|phone|email|qrCode|passCode"/i);
    expect(text).not.toContain('data:image');
  });

  it('gives with since only what changed: new and changed items, and the ids that can no longer enter', async () => {
    const stays = await invite('Stays Approved');
    const toCancel = await invite('Will Be Cancelled');
    const toCheckIn = await invite('Will Check In');
    const toCheckOut = await invite('Will Check Out');
    await h.caller(c.guard.token).visitors.checkIn({ visitorId: toCheckOut.id });
    const ending = await invite('Window Ends', { visitTimeFrom: '09:00', visitTimeTo: '09:20' });
    later(1);
    const first = await pack();
    expect(ids(first)).toEqual(expect.arrayContaining([stays.id, toCancel.id, toCheckIn.id, toCheckOut.id, ending.id]));

    // Nothing changed: an empty delta.
    later(1);
    const quiet = await pack(first.cursor);
    expect(quiet.items).toEqual([]);
    expect(quiet.removed).toEqual([]);

    later(30); // 09:31: the 09:20 window is over (not yet swept to expired)
    await h.caller(c.resident.token).visitors.cancel({ id: toCancel.id });
    await h.caller(c.guard.token).visitors.checkIn({ visitorId: toCheckIn.id });
    await h.caller(c.guard.token).visitors.checkOut({ visitorId: toCheckOut.id });
    const added = await invite('Added Later');
    const walkIn = await h.caller(c.guard.token).visitors.walkIn({ name: 'Pending After Cursor', phone: '+15550003333', houseId: c.houseId });
    const changedAt = h.now;
    later(1);
    const delta = await pack(quiet.cursor);
    expect(ids(delta)).toEqual([toCheckIn.id, added.id].sort());
    // The salt of the pack it updates: a new pass's code is hashed alike.
    expect(delta.codeHash).toEqual(first.codeHash);
    expect(delta.items.find((item) => item.id === added.id)?.passCodeHash).toBe(pbkdf2Hex(added.passCode, first.codeHash));
    expect(delta.items.find((item) => item.id === toCheckIn.id)).toMatchObject({ status: 'checked-in', updatedAt: changedAt.toISOString() });
    expect([...delta.removed].sort()).toEqual([toCancel.id, toCheckOut.id, ending.id].sort());
    // A walk-in made after the cursor, still pending, was never in the pack: in neither list.
    expect([...ids(delta), ...delta.removed]).not.toContain(walkIn.id);
    expect(ids(delta)).not.toContain(stays.id);

    // The next delta starts where this one ended.
    later(1);
    const next = await pack(delta.cursor);
    expect(next.items).toEqual([]);
    expect(next.removed).toEqual([]);
  });

  it('follows the days: a new day has a new salt, and a cursor of the day before gets the whole pack under it', async () => {
    const todayOnly = await invite('Sunday Only');
    const inside = await invite('Sunday Inside');
    await h.caller(c.guard.token).visitors.checkIn({ visitorId: inside.id });
    const monday = await invite('Monday Visit', { visitDate: '2026-11-23' });
    const tuesday = await invite('Tuesday Visit', { visitDate: '2026-11-24' });
    later(1);
    const sunday = await pack();
    expect(ids(sunday)).not.toContain(tuesday.id);

    h.now = new Date('2026-11-23T14:00:00.000Z'); // Monday 09:00
    const whole = await pack(sunday.cursor);
    // Every code's hash changed with the salt: the whole pack, which replaces the kept one.
    expect(whole.codeHash.salt).not.toBe(sunday.codeHash.salt);
    expect(whole.removed).toEqual([]);
    expect(ids(whole)).toEqual(ids(await pack()));
    expect(ids(whole)).toEqual(expect.arrayContaining([monday.id, tuesday.id]));
    for (const gone of [todayOnly.id, inside.id]) expect(ids(whole)).not.toContain(gone);
    const mondayItem = whole.items.find((item) => item.id === monday.id)!;
    expect(mondayItem.passCodeHash).toBe(pbkdf2Hex(monday.passCode, whole.codeHash));
    expect(mondayItem.passCodeHash).not.toBe(sunday.items.find((item) => item.id === monday.id)!.passCodeHash);
    // A delta since it keeps Monday's salt.
    later(1);
    const next = await pack(whole.cursor);
    expect(next.codeHash).toEqual(whole.codeHash);
    expect(ids(next)).not.toContain(monday.id);
  });

  it('hashes ahead, once, the codes the packs of today and tomorrow will need; old days’ salts go', async () => {
    const monday = await invite('Hashed Ahead For Monday', { visitDate: '2026-11-23' });
    const clock = () => ({ now: h.now, timeZone: h.config.timeZone });
    // In batches (the server's sweep does one a minute), until nothing is left.
    let runs = 0;
    while ((await warmGatePackCodeHashes(h.em(), clock(), 25)) > 0) runs += 1;
    expect(runs).toBeGreaterThan(0);
    expect(await warmGatePackCodeHashes(h.em(), clock())).toBe(0);
    // Tomorrow's salt is made, and the Monday pass's code hashed under it.
    const [salt] = await h.em().execute<{ salt: string; iterations: number }[]>(`select salt, iterations from gate_pack_salt where day = '2026-11-23'`);
    const mondayCodeHash = { algorithm: 'PBKDF2-SHA-256' as const, salt: salt!.salt, iterations: salt!.iterations };
    const [kept] = await h.em().execute<{ hash: string }[]>(`select hash from gate_pack_code_hash where salt_day = '2026-11-23' and pass_code = ?`, [monday.passCode]);
    expect(kept?.hash).toBe(pbkdf2Hex(monday.passCode, mondayCodeHash));

    // Monday's pack finds every hash it needs kept: none is computed while it waits.
    h.now = new Date('2026-11-23T14:00:00.000Z'); // Monday 09:00
    const countHashes = async () => (await h.em().execute<{ count: string }[]>(`select count(*) as count from gate_pack_code_hash`))[0]!.count;
    const before = await countHashes();
    const result = await pack();
    expect(await countHashes()).toBe(before);
    expect(result.codeHash).toEqual(mondayCodeHash);
    expect(result.items.find((item) => item.id === monday.id)?.passCodeHash).toBe(kept?.hash);

    // A salt made for Wednesday deletes those before Tuesday, with their hashes.
    h.now = new Date('2026-11-25T14:00:00.000Z');
    await pack();
    const days = await h.em().execute<{ day: string }[]>(`select to_char(day, 'YYYY-MM-DD') as day from gate_pack_salt order by day`);
    expect(days.map((row) => row.day)).toEqual(['2026-11-25']);
    expect(await h.em().execute(`select 1 from gate_pack_code_hash where salt_day < '2026-11-24'`)).toEqual([]);
  });

  it('hashes at most a few codes itself: more new passes than that go without a code hash until the sweep hashes them, and then come again', async () => {
    // After every change the tests before made (a quiet delta sends nothing of theirs).
    later(120);
    const made: Visitor[] = [];
    for (let index = 0; index < GATE_PACK_INLINE_HASHES + 3; index += 1) {
      made.push(await invite(`Imported Guest ${index}`));
      later(1);
    }
    later(1);
    const first = await pack();
    const mine = first.items.filter((item) => made.some((visitor) => visitor.id === item.id));
    expect(mine).toHaveLength(made.length);
    // Every one is in the pack (its QR token verifies offline), some without their code's hash.
    const withoutHash = mine.filter((item) => item.passCodeHash === null);
    expect(withoutHash.length).toBeGreaterThanOrEqual(3);
    // The newest passes are hashed first (a pass just made is the one about to be scanned).
    const hashOf = (visitor: Visitor) => mine.find((item) => item.id === visitor.id)!.passCodeHash;
    expect(hashOf(made.at(-1)!)).not.toBeNull();
    expect(hashOf(made[0]!)).toBeNull();
    for (const item of mine.filter((entry) => entry.passCodeHash !== null)) {
      expect(item.passCodeHash).toBe(pbkdf2Hex(made.find((visitor) => visitor.id === item.id)!.passCode, first.codeHash));
    }

    // The sweep hashes the rest; the next delta sends every pass of the days again, hashed.
    while ((await warmGatePackCodeHashes(h.em(), { now: h.now, timeZone: h.config.timeZone })) > 0);
    later(1);
    const again = await pack(first.cursor);
    expect(ids(again)).toEqual(ids(await pack()));
    expect(again.items.filter((item) => item.passCodeHash === null)).toEqual([]);
    for (const item of withoutHash) {
      expect(again.items.find((entry) => entry.id === item.id)?.passCodeHash).toBe(pbkdf2Hex(made.find((visitor) => visitor.id === item.id)!.passCode, again.codeHash));
    }
    // Complete now: the delta after it is quiet again.
    later(1);
    const quiet = await pack(again.cursor);
    expect(quiet.items).toEqual([]);
    expect(quiet.removed).toEqual([]);
  });

  it('sends the passes of a house again when the house changes', async () => {
    const visitor = await invite('House Renamed', { houseId: c.otherHouseId });
    later(1);
    const first = await pack();
    later(1);
    expect(ids(await pack(first.cursor))).not.toContain(visitor.id);
    await h.caller(c.admin.token).houses.update({ id: c.otherHouseId, block: 'C' });
    const delta = await pack(first.cursor);
    expect(delta.items.find((item) => item.id === visitor.id)).toMatchObject({ house: { houseNumber: '202', block: 'C' } });
    await h.caller(c.admin.token).houses.update({ id: c.otherHouseId, block: 'B' });
  });

  it('marks the passes on the blocklist (docs/operations.md#blocklist), and sends every pass again when the blocklist changes', async () => {
    const listed = await invite('Listed By Plate', { vehicleLicensePlate: 'bl 777' });
    const other = await invite('Not Listed', { vehicleLicensePlate: 'ok 1' });
    later(1);
    const first = await pack();
    expect(first.items.find((item) => item.id === listed.id)?.blocklisted).toBeNull();
    later(1);
    const entry = await h.caller(c.admin.token).blocklist.create({ name: 'Listed', licensePlate: 'BL 777', reason: 'Drove through the barrier' });
    const delta = await pack(first.cursor);
    expect(delta.items.find((item) => item.id === listed.id)?.blocklisted).toEqual({ reason: 'Drove through the barrier' });
    expect(delta.items.find((item) => item.id === other.id)?.blocklisted).toBeNull();
    // The blocklist unchanged since: those passes are not sent again.
    later(1);
    const quiet = await pack(delta.cursor);
    // (Other tests' visitors may come again: they changed later on the shared clock.)
    expect(ids(quiet)).not.toContain(listed.id);
    expect(ids(quiet)).not.toContain(other.id);
    // Removed from the list: the pass comes again, without the warning.
    await h.caller(c.admin.token).blocklist.remove({ id: entry.id });
    const after = await pack(quiet.cursor);
    expect(after.items.find((item) => item.id === listed.id)?.blocklisted).toBeNull();
  });

  it('refuses a since that is not one of its cursors: 400 on since; an empty one is the whole pack', async () => {
    const notCursors = [
      'nonsense',
      Buffer.from('{"v":3,"t":"2026-11-22T14:00:00.000Z","d":"2026-11-22","h":null,"b":"ab","s":"0123456789ab"}').toString('base64url'),
      Buffer.from('{"v":2,"t":"yesterday","d":"2026-11-22","h":null,"b":"ab","s":"0123456789ab"}').toString('base64url'),
      // A cursor of a pack from before the codes had a salt: the client then asks for the whole pack.
      Buffer.from('{"v":1,"t":"2026-11-22T14:00:00.000Z","d":"2026-11-22","h":null,"b":"ab"}').toString('base64url'),
      Buffer.from('[1,2,3]').toString('base64url'),
      'x'.repeat(201),
      '%%%',
    ];
    for (const since of notCursors) {
      try {
        await pack(since);
        throw new Error(`accepted ${since}`);
      } catch (error) {
        expect(describeError(error), since).toMatchObject({
          status: 400,
          code: 'VALIDATION_FAILED',
          message: 'since must be a cursor from the gate pack',
          details: [{ path: 'since', message: 'since must be a cursor from the gate pack' }],
        });
      }
    }
    await expect(pack('')).resolves.toMatchObject({ removed: [] });
  });

  it('is for guards and admins only', async () => {
    await expect(pack(undefined, c.admin.token)).resolves.toHaveProperty('cursor');
    expect(await failure(pack(undefined, c.resident.token))).toEqual({ status: 403, message: 'Only guards and admins can do this' });
    expect((await failure(h.caller(null).gate.pack({}))).status).toBe(401);
  });

  // The visitor JSON is what the pack must never leak from: make sure the test sees its fields.
  it('has visitors that carry the personal fields the pack leaves out', async () => {
    const visitor: Visitor = await invite('Has Everything');
    expect(visitor).toMatchObject({ phone: '+15557654321', email: 'visitor@pack.example' });
    expect(visitor.qrCodeToken.length).toBeGreaterThan(20);
  });

  // Recurring passes (docs/operations.md#frequent-visitors)
  // -------------------------------------------------------
  // START is Sunday 2026-11-22 09:00; tomorrow Monday. Passes are sent again whole in every
  // delta, so these tests come last and look only at their own passes.
  const createPass = (name: string, extra: Partial<CreatePassRequest> = {}) =>
    h.caller(c.resident.token).passes.create({
      name,
      phone: '+15550009876',
      houseId: c.houseId,
      weekdays: ['sun'],
      timeFrom: '08:00',
      timeTo: '17:00',
      startDate: '2026-11-22',
      endDate: '2026-12-31',
      ...extra,
    });
  const guardMove = (move: 'checkIn' | 'checkOut', passId: string) => h.caller(c.guard.token).visitors[move]({ visitorId: passId });
  const itemOf = (result: GatePack, id: string) => result.items.find((item) => item.id === id);

  it('holds the recurring passes that may enter today (window not over) or tomorrow, and those inside, hashed', async () => {
    const sunday = await createPass('Sunday Helper', { vehicleLicensePlate: 'rp 100' });
    const monday = await createPass('Monday Driver', { weekdays: ['mon', 'wed'], timeFrom: '07:30', timeTo: '12:00' });
    const bothDays = await createPass('Every Day Carer', { weekdays: ['sun', 'mon'] });
    const unlisted = await createPass('Tuesday Tutor', { weekdays: ['tue', 'thu'] });
    const windowOver = await createPass('Early Cleaner', { timeFrom: '06:00', timeTo: '08:30' });
    const windowOverThenMonday = await createPass('Early Then Monday', { weekdays: ['sun', 'mon'], timeFrom: '06:00', timeTo: '08:30' });
    const endsToday = await createPass('Ends Today', { weekdays: ['mon'], endDate: '2026-11-22' });
    const startsLater = await createPass('Starts Next Week', { weekdays: ['sun', 'mon'], startDate: '2026-11-29' });
    const paused = await createPass('Paused Helper', { weekdays: ['sun', 'mon'] });
    await h.caller(c.resident.token).passes.pause({ id: paused.id });
    const cancelled = await createPass('Cancelled Helper', { weekdays: ['sun', 'mon'] });
    await h.caller(c.resident.token).passes.cancel({ id: cancelled.id });
    const inside = await createPass('Inside Gardener', { timeFrom: '08:45', timeTo: '09:30' });
    await guardMove('checkIn', inside.id);
    const back = await createPass('Out And Back', { weekdays: ['sun'] });
    await guardMove('checkIn', back.id);
    await guardMove('checkOut', back.id);
    later(1);

    const result = await pack();
    const wanted = [sunday, monday, bothDays, windowOverThenMonday, inside, back];
    const notWanted = [unlisted, windowOver, endsToday, startsLater, paused, cancelled];
    for (const pass of wanted) expect(ids(result), pass.name).toContain(pass.id);
    for (const pass of notWanted) expect(ids(result), pass.name).not.toContain(pass.id);

    const item = itemOf(result, sunday.id)!;
    expect(Object.keys(item).sort()).toEqual(PACK_ITEM_KEYS);
    expect(item).toEqual({
      id: sunday.id,
      tokenHash: sha256(sunday.qrCodeToken),
      passCodeHash: pbkdf2Hex(sunday.passCode, result.codeHash),
      name: 'Sunday Helper',
      house: { houseNumber: '101', block: 'A' },
      kind: 'recurring',
      visitDate: '2026-11-22',
      visitTimeFrom: '08:00',
      visitTimeTo: '17:00',
      status: 'approved',
      vehicleLicensePlate: 'RP 100',
      updatedAt: START.toISOString(),
      blocklisted: null,
    });
    expect(sunday.passCode).toMatch(/^\d{7}$/);
    // A 7-digit code gets the same slow hash, never a fast one.
    expect(JSON.stringify(result)).not.toContain(sha256(sunday.passCode));
    expect(itemOf(result, monday.id)).toMatchObject({ kind: 'recurring', visitDate: '2026-11-23', visitTimeFrom: '07:30', visitTimeTo: '12:00', status: 'approved' });
    // Today comes first; today's window over, the next listed day.
    expect(itemOf(result, bothDays.id)).toMatchObject({ visitDate: '2026-11-22', status: 'approved' });
    expect(itemOf(result, windowOverThenMonday.id)).toMatchObject({ visitDate: '2026-11-23', status: 'approved' });
    // Inside: checked-in (it may leave), its check-in the last change.
    expect(itemOf(result, inside.id)).toMatchObject({ kind: 'recurring', status: 'checked-in', visitDate: '2026-11-22', updatedAt: START.toISOString() });
    expect(itemOf(result, back.id)).toMatchObject({ status: 'approved' });

    // Never a raw token or code, nor a phone, anywhere in the JSON (hashes aside).
    const text = JSON.stringify({ ...result, items: result.items.map(({ tokenHash: _t, passCodeHash: _c, ...rest }) => rest) });
    for (const pass of [...wanted, ...notWanted]) {
      expect(text).not.toContain(pass.qrCodeToken);
      expect(text).not.toContain(pass.passCode);
    }
    expect(text).not.toContain('+15550009876');
  });

  it('sends the recurring passes again in a delta, and removes the ones that can no longer enter', async () => {
    const toPause = await createPass('Will Be Paused');
    const toCancel = await createPass('Will Be Cancelled', { weekdays: ['sun', 'mon'] });
    const stays = await createPass('Stays Listed');
    const insidePaused = await createPass('Paused While Inside');
    await guardMove('checkIn', insidePaused.id);
    const leaves = await createPass('Leaves For Good', { timeFrom: '08:00', timeTo: '09:30' });
    await guardMove('checkIn', leaves.id);
    const lunch = await createPass('Out For Lunch');
    await guardMove('checkIn', lunch.id);
    const windowEnds = await createPass('Window Ends Soon', { timeFrom: '08:00', timeTo: '09:20' });
    later(1);
    const first = await pack();
    for (const pass of [toPause, toCancel, stays, insidePaused, leaves, lunch, windowEnds]) expect(ids(first), pass.name).toContain(pass.id);

    later(30); // 09:31: the 09:20 and 09:30 windows are over
    await h.caller(c.resident.token).passes.pause({ id: toPause.id });
    await h.caller(c.resident.token).passes.cancel({ id: toCancel.id });
    await h.caller(c.resident.token).passes.pause({ id: insidePaused.id });
    await guardMove('checkOut', leaves.id);
    await guardMove('checkOut', lunch.id);
    const madeAndPaused = await createPass('Made And Paused After');
    await h.caller(c.resident.token).passes.pause({ id: madeAndPaused.id });
    const added = await createPass('Added After', { weekdays: ['mon'] });
    later(1);
    const delta = await pack(first.cursor);
    // Every pass that can still enter or leave comes again (passes are few).
    expect(itemOf(delta, stays.id)).toMatchObject({ status: 'approved', visitDate: '2026-11-22' });
    expect(itemOf(delta, added.id)).toMatchObject({ status: 'approved', visitDate: '2026-11-23' });
    // Paused while inside: still there, to be checked out.
    expect(itemOf(delta, insidePaused.id)).toMatchObject({ status: 'checked-in' });
    // Checked out with its window still open: it may come back today.
    expect(itemOf(delta, lunch.id)).toMatchObject({ status: 'approved', visitDate: '2026-11-22' });
    for (const gone of [toPause, toCancel, leaves, windowEnds]) {
      expect(delta.removed, gone.name).toContain(gone.id);
      expect(ids(delta), gone.name).not.toContain(gone.id);
    }
    // Made after the cursor and never in the pack: in neither list.
    expect([...ids(delta), ...delta.removed]).not.toContain(madeAndPaused.id);
    expect(delta.removed).not.toContain(stays.id);

    // The next delta does not remove them again (nothing changed since), and still sends the rest.
    later(1);
    const next = await pack(delta.cursor);
    for (const gone of [toPause, toCancel, windowEnds]) expect(next.removed, gone.name).not.toContain(gone.id);
    expect(ids(next)).toContain(stays.id);

    // The paused pass that was inside leaves: removed.
    await guardMove('checkOut', insidePaused.id);
    later(1);
    expect((await pack(next.cursor)).removed).toContain(insidePaused.id);
  });

  it('follows the days for recurring passes, and marks one on the blocklist', async () => {
    const sundayOnly = await createPass('Sunday Only Pass');
    const monday = await createPass('Monday Pass', { weekdays: ['mon'] });
    const tuesday = await createPass('Tuesday Pass', { weekdays: ['tue'] });
    const listed = await createPass('Listed Pass', { vehicleLicensePlate: 'rp 666' });
    const entry = await h.caller(c.admin.token).blocklist.create({ name: 'Listed', licensePlate: 'RP 666', reason: 'Tailgated the barrier' });
    later(1);
    const sunday = await pack();
    expect(itemOf(sunday, listed.id)?.blocklisted).toEqual({ reason: 'Tailgated the barrier' });
    expect(itemOf(sunday, sundayOnly.id)?.blocklisted).toBeNull();
    expect(ids(sunday)).not.toContain(tuesday.id);
    await h.caller(c.admin.token).blocklist.remove({ id: entry.id });

    h.now = new Date('2026-11-23T14:00:00.000Z'); // Monday 09:00
    // A new day, a new salt: the whole pack.
    const whole = await pack(sunday.cursor);
    expect(whole.removed).toEqual([]);
    expect(itemOf(whole, monday.id)).toMatchObject({ visitDate: '2026-11-23', passCodeHash: pbkdf2Hex(monday.passCode, whole.codeHash) });
    expect(itemOf(whole, tuesday.id)).toMatchObject({ visitDate: '2026-11-24' });
    for (const gone of [sundayOnly.id, listed.id]) expect(ids(whole)).not.toContain(gone);
  });
});

describe.each(legs.filter((leg) => leg.name === 'postgresql'))('the gate pack from two server processes on $name', (leg) => {
  it('hashes with the same day salt in both, asked at once, so a cursor from one gets a delta from the other', async () => {
    const h = await createHarness(leg);
    // A second process: its own ORM and connection pool over the same database.
    const other = await openDatabase({ kind: 'postgresql', url: h.test.url! });
    try {
      const c = await h.community();
      const visitor = await h.caller(c.resident.token).visitors.invite({
        name: 'Two Process Guest',
        phone: '+15557654321',
        houseId: c.houseId,
        visitDate: '2026-11-22',
        visitTimeFrom: '09:00',
        visitTimeTo: '17:00',
      });
      // A minute on: the invitation is older than the overlap a delta sends again.
      const clock = { now: new Date(START.getTime() + minutes(1)), timeZone: h.config.timeZone };
      // No salt for the day yet: both make one at the same moment, and one of them is kept.
      const [first, second] = await Promise.all([gatePack(h.em(), {}, clock), gatePack(other.fork(), {}, clock)]);
      expect(second.codeHash).toEqual(first.codeHash);
      expect(second.items).toEqual(first.items);
      expect(first.items.find((item) => item.id === visitor.id)?.passCodeHash).toBe(pbkdf2Hex(visitor.passCode, first.codeHash));
      const delta = await gatePack(other.fork(), { since: first.cursor }, { ...clock, now: new Date(START.getTime() + minutes(2)) });
      expect(delta.codeHash).toEqual(first.codeHash);
      expect(delta.items).toEqual([]);
    } finally {
      await other.close();
      await h.close();
    }
  }, 60_000);
});
