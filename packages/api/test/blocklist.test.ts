/**
 * The community blocklist (docs/operations.md#blocklist), on both databases: admins add, list and
 * remove
 * entries (with their audit rows); the scan and the walk-in carry `blocklisted`; a check-in
 * of a visitor whose phone or plate is listed is refused with 409 BLOCKLISTED, the refused
 * attempt stays in the audit log and notifies the admins; an admin's override (with notes)
 * checks them in, a guard's is 403.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import { describeError } from '../src/errors';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, failure, type Community, type Harness } from './support';

const legs = await databaseLegs();
const START = new Date('2026-11-22T14:00:00.000Z'); // Sunday 09:00 in New York

async function errorCode(promise: Promise<unknown>): Promise<string> {
  try {
    await promise;
  } catch (error) {
    return describeError(error).code;
  }
  throw new Error('expected the call to fail, it succeeded');
}

describe.each(legs)('Blocklist on $name', (leg) => {
  let h: Harness;
  let c: Community;
  const invite = (name: string, phone: string, extra: Record<string, unknown> = {}) =>
    h.caller(c.resident.token).visitors.invite({
      name,
      phone,
      houseId: c.houseId,
      visitDate: '2026-11-22',
      visitTimeFrom: '09:00',
      visitTimeTo: '17:00',
      ...extra,
    });
  const audit = (action: string, targetId: string) =>
    h
      .em()
      .execute<{ actor_id: string; details: Record<string, unknown> | null }[]>(
        'select actor_id, details from audit_event where action = ? and target_id = ? order by sequence',
        [action, targetId],
      );

  /** The guard's scan of a visitor's pass: its answer's `blocklisted` (a recurring pass fails the test). */
  const scan = async (token: string) => {
    const answer = await h.caller(c.guard.token).visitors.scan({ token });
    if (!('blocklisted' in answer)) throw new Error('expected a visitor');
    return answer;
  };

  beforeAll(async () => {
    h = await createHarness(leg, { now: START });
    c = await h.community();
  });
  afterAll(() => h?.close());

  it('lets only admins list, add and remove entries, with the documented messages and audit rows', async () => {
    const admin = h.caller(c.admin.token);
    const added = await admin.blocklist.create({ name: '  Mallory Banned ', phone: ' +1 555-000-7777 ', reason: ' Threatened a guard ' });
    expect(added).toMatchObject({
      name: 'Mallory Banned',
      phone: '+1 555-000-7777',
      licensePlate: null,
      reason: 'Threatened a guard',
      addedBy: { id: c.admin.id },
      createdAt: START.toISOString(),
    });
    const plate = await admin.blocklist.create({ name: 'Van Driver', licensePlate: ' ab   12 cd ', reason: 'Stolen car' });
    expect(plate.licensePlate).toBe('AB 12 CD');
    expect(plate.phone).toBeNull();

    const list = await admin.blocklist.list({});
    expect(list.total).toBe(2);
    expect(list.items.map((item) => item.id).sort()).toEqual([added.id, plate.id].sort());

    // Validation, in the words of docs/operations.md#blocklist.
    expect(await failure(admin.blocklist.create({ name: 'No Match', reason: 'Nothing to match on' }))).toMatchObject({
      status: 400,
      message: 'Give a phone number or a licence plate',
    });
    expect(await failure(admin.blocklist.create({ name: 'No Match', phone: '', licensePlate: '  ', reason: 'Blank' }))).toMatchObject({
      status: 400,
      message: 'Give a phone number or a licence plate',
    });
    expect(await failure(admin.blocklist.create({ name: ' ', phone: '+15550001234', reason: 'x' }))).toMatchObject({
      status: 400,
      message: 'Name is required',
    });
    expect(await failure(admin.blocklist.create({ name: 'Some One', phone: '+15550001234', reason: '  ' }))).toMatchObject({
      status: 400,
      message: 'Reason is required',
    });
    expect(await failure(admin.blocklist.create({ name: 'Some One', phone: 'call me', reason: 'x' }))).toMatchObject({
      status: 400,
      message: 'Invalid phone number format',
    });

    // Admins only.
    for (const token of [c.guard.token, c.resident.token]) {
      expect((await failure(h.caller(token).blocklist.list({}))).status).toBe(403);
      expect((await failure(h.caller(token).blocklist.create({ name: 'X Y', phone: '+15550001234', reason: 'x' }))).status).toBe(403);
      expect((await failure(h.caller(token).blocklist.remove({ id: plate.id }))).status).toBe(403);
    }

    // Audit rows: ids only.
    expect(await audit('blocklist.added', added.id)).toEqual([{ actor_id: c.admin.id, details: null }]);

    expect(await admin.blocklist.remove({ id: plate.id })).toEqual({ id: plate.id });
    expect(await audit('blocklist.removed', plate.id)).toEqual([{ actor_id: c.admin.id, details: null }]);
    expect(await failure(admin.blocklist.remove({ id: plate.id }))).toMatchObject({ status: 404, message: 'Blocklist entry not found' });
    expect(await failure(admin.blocklist.remove({ id: 'nope' }))).toMatchObject({ status: 404, message: 'Blocklist entry not found' });
    expect((await admin.blocklist.list({})).total).toBe(1);

    // The table refuses an entry with nothing to match on, whatever the code does.
    await expect(
      h.em().execute(`insert into blocklist_entry (community_id, id, name, reason, added_by_id) values ((select id from community order by created_at, id limit 1), gen_random_uuid(), 'Nobody', 'x', ?)`, [c.admin.id]),
    ).rejects.toThrow();
    await admin.blocklist.remove({ id: added.id });
  });

  it('warns at the scan and the walk-in, refuses the check-in, records the attempt, and lets an admin override', async () => {
    const admin = h.caller(c.admin.token);
    const guard = h.caller(c.guard.token);
    const banned = await invite('Bad Actor', '+1 555 123 4567');
    const clean = await invite('Good Guest', '+15559876543');
    const byPlate = await invite('Plate Person', '+15551112222', { vehicleLicensePlate: 'xy 99' });

    // Not listed yet: blocklisted null.
    expect((await scan(banned.qrCodeToken)).blocklisted).toBeNull();

    // Listed with another spelling of the same number (spaces and dashes are ignored).
    const entry = await admin.blocklist.create({ name: 'Bad Actor', phone: '+1-555-123-4567', reason: 'Trespassing' });
    const plateEntry = await admin.blocklist.create({ name: 'Plate Person', licensePlate: 'XY 99', reason: 'Reckless driving' });

    const scanned = await scan(banned.qrCodeToken);
    expect(scanned).toMatchObject({ id: banned.id, status: 'approved', blocklisted: { reason: 'Trespassing' } });
    // Guards see the reason, never who added it.
    expect(JSON.stringify(scanned.blocklisted)).not.toContain(c.admin.id);
    expect((await scan(banned.passCode)).blocklisted).toEqual({ reason: 'Trespassing' });
    expect((await scan(byPlate.qrCodeToken)).blocklisted).toEqual({ reason: 'Reckless driving' });
    expect((await scan(clean.qrCodeToken)).blocklisted).toBeNull();

    // The walk-in's answer carries the warning too.
    const walkIn = await guard.visitors.walkIn({ name: 'Bad Actor Again', phone: '+15551234567', houseId: c.houseId });
    expect(walkIn.blocklisted).toEqual({ reason: 'Trespassing' });
    const cleanWalkIn = await guard.visitors.walkIn({ name: 'Nice Walker', phone: '+15550004444', houseId: c.houseId });
    expect(cleanWalkIn.blocklisted).toBeNull();

    // The check-in is refused: 409 BLOCKLISTED, the visitor unchanged.
    expect(await failure(guard.visitors.checkIn({ visitorId: banned.id }))).toEqual({
      status: 409,
      message: 'This visitor is on the community blocklist',
    });
    expect(await errorCode(guard.visitors.checkIn({ visitorId: banned.id }))).toBe('BLOCKLISTED');
    // A check-in the gate recorded offline is judged by the same rule when it arrives
    // (docs/gate.md#recording-moves-offline).
    expect(await errorCode(guard.visitors.checkIn({ visitorId: banned.id, occurredAt: new Date(START.getTime() - 60_000).toISOString() }))).toBe(
      'BLOCKLISTED',
    );
    expect(await failure(guard.visitors.checkIn({ visitorId: byPlate.id }))).toMatchObject({ status: 409 });
    expect((await admin.visitors.byId({ id: banned.id })).status).toBe('approved');
    // A clean visitor checks in as ever.
    expect((await guard.visitors.checkIn({ visitorId: clean.id })).status).toBe('checked-in');

    // The refused attempts stayed in the audit log: the entry and its reason, no phone.
    const refused = await audit('visitor.blocklist-refused', banned.id);
    expect(refused).toHaveLength(3);
    expect(refused[0]).toEqual({ actor_id: c.guard.id, details: { blocklistEntryId: entry.id, reason: 'Trespassing' } });
    expect(JSON.stringify(refused)).not.toContain('555');
    expect((await audit('visitor.blocklist-refused', byPlate.id))[0]?.details).toEqual({
      blocklistEntryId: plateEntry.id,
      reason: 'Reckless driving',
    });

    // The admins are notified (docs/gate.md#notifications's bell); the residents and the guard are
    // not.
    const adminNotes = await admin.notifications.list({});
    expect(adminNotes.items.filter((item) => item.kind === 'visitor.blocklist-refused' && item.visitor.id === banned.id && item.target === 'visitor')).toHaveLength(3);
    expect((await h.caller(c.resident.token).notifications.list({})).items.some((item) => item.kind === 'visitor.blocklist-refused')).toBe(false);
    expect((await guard.notifications.list({})).items).toHaveLength(0);

    // A guard cannot override; an admin must give notes.
    expect(await failure(guard.visitors.checkIn({ visitorId: banned.id, override: true, notes: 'Let them in' }))).toMatchObject({
      status: 403,
      message: 'Only an admin can override the blocklist',
    });
    expect(await failure(admin.visitors.checkIn({ visitorId: banned.id, override: true }))).toMatchObject({
      status: 400,
      message: 'Notes are required to override the blocklist',
    });
    // An admin without override is refused like anyone.
    expect((await failure(admin.visitors.checkIn({ visitorId: banned.id }))).status).toBe(409);

    const overridden = await admin.visitors.checkIn({ visitorId: banned.id, override: true, notes: 'Court order, escorted' });
    expect(overridden).toMatchObject({ status: 'checked-in', notes: 'Court order, escorted' });
    expect(await audit('visitor.checked-in', banned.id)).toEqual([
      { actor_id: c.admin.id, details: { notes: 'Court order, escorted', override: true, blocklistEntryId: entry.id } },
    ]);

    // Once removed from the list, the plate's visitor checks in normally.
    await admin.blocklist.remove({ id: plateEntry.id });
    expect((await scan(byPlate.qrCodeToken)).blocklisted).toBeNull();
    expect((await guard.visitors.checkIn({ visitorId: byPlate.id })).status).toBe('checked-in');
    await admin.blocklist.remove({ id: entry.id });
  });

  it('judges the status first: a checked-out blocklisted visitor is an INVALID_TRANSITION, not a refusal', async () => {
    const admin = h.caller(c.admin.token);
    const guard = h.caller(c.guard.token);
    const visitor = await invite('Came Before', '+15553334444');
    await guard.visitors.checkIn({ visitorId: visitor.id });
    await guard.visitors.checkOut({ visitorId: visitor.id });
    const entry = await admin.blocklist.create({ name: 'Came Before', phone: '+15553334444', reason: 'Later banned' });
    expect(await errorCode(guard.visitors.checkIn({ visitorId: visitor.id }))).toBe('INVALID_TRANSITION');
    expect(await audit('visitor.blocklist-refused', visitor.id)).toEqual([]);
    // The check-out of someone inside who is blocklisted afterwards is not refused.
    const inside = await invite('Inside Now', '+15556667777');
    await guard.visitors.checkIn({ visitorId: inside.id });
    await admin.blocklist.create({ name: 'Inside Now', phone: '+15556667777', reason: 'Banned while inside' });
    expect((await guard.visitors.checkOut({ visitorId: inside.id })).status).toBe('checked-out');
    await admin.blocklist.remove({ id: entry.id });
  });
});
