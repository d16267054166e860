/**
 * The blocklist over REST (docs/operations.md#blocklist), on both databases, every answer checked
 * against
 * the OpenAPI document: `GET/POST /api/blocklist`, `DELETE /api/blocklist/{id}` for admins
 * (403 otherwise, 201 on a creation, the documented 400s), the scan's `blocklisted`, the
 * check-in's 409 BLOCKLISTED, a guard's override 403 and an admin's override.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import { describe, expect, it } from 'vitest';

import { restHarness } from './support/rest-harness';

const legs = await databaseLegs();

describe.each(legs)('Blocklist over REST on $name', (leg) => {
  const now = new Date('2026-11-22T14:00:00.000Z'); // 09:00 in New York
  const harness = restHarness(leg, {
    domain: 'blocklist.example',
    clock: () => now,
    house: { houseNumber: '101', block: 'A', street: 'Maple' },
  });
  const { tokens, call, answer } = harness;
  const invite = (name: string, phone: string) => harness.invite(name, { phone });

  it('lets admins add, list and remove entries; 400s in the documented words; 403 for others', async () => {
    const created = answer(
      await call('POST', '/api/blocklist', tokens.admin, { name: 'Mallory', phone: '+15550007777', reason: 'Threatened a guard' }),
      201,
    ).data;
    expect(created).toMatchObject({ name: 'Mallory', phone: '+15550007777', licensePlate: null, reason: 'Threatened a guard' });

    const list = await call('GET', '/api/blocklist', tokens.admin);
    expect(answer(list, 200).data).toEqual([created]);
    expect(list.headers['x-total-count']).toBe('1');

    const neither = answer(await call('POST', '/api/blocklist', tokens.admin, { name: 'Nobody', reason: 'No match' }), 400);
    expect(neither).toMatchObject({ error: 'Give a phone number or a licence plate', code: 'VALIDATION_FAILED' });
    expect(answer(await call('POST', '/api/blocklist', tokens.admin, { phone: '+15550001111', reason: 'x' }), 400).error).toBe('Name is required');
    expect(answer(await call('POST', '/api/blocklist', tokens.admin, { name: 'Some One', licensePlate: 'AB 1' }), 400).error).toBe(
      'Reason is required',
    );

    for (const token of [tokens.guard, tokens.resident]) {
      expect(answer(await call('GET', '/api/blocklist', token), 403).code).toBe('FORBIDDEN');
      answer(await call('POST', '/api/blocklist', token, { name: 'X Y', phone: '+15550001111', reason: 'x' }), 403);
      answer(await call('DELETE', `/api/blocklist/${created.id}`, token), 403);
    }

    expect(answer(await call('DELETE', `/api/blocklist/${created.id}`, tokens.admin), 200).data).toEqual({ id: created.id });
    expect(answer(await call('DELETE', `/api/blocklist/${created.id}`, tokens.admin), 404).error).toBe('Blocklist entry not found');
  });

  it('warns at the scan, refuses the check-in with 409 BLOCKLISTED, and lets only an admin override', async () => {
    const visitor = await invite('Bad Actor', '+15551230000');
    const entry = answer(await call('POST', '/api/blocklist', tokens.admin, { name: 'Bad Actor', phone: '+1 555 123 0000', reason: 'Trespassing' }), 201).data;

    const scanned = answer(await call('POST', '/api/visitors/scan', tokens.guard, { token: visitor.qrCodeToken }), 200).data;
    expect(scanned.blocklisted).toEqual({ reason: 'Trespassing' });

    const refused = answer(await call('POST', '/api/visitors/checkin-qr', tokens.guard, { visitorId: visitor.id }), 409);
    expect(refused).toMatchObject({ success: false, error: 'This visitor is on the community blocklist', code: 'BLOCKLISTED' });

    const guardOverride = answer(
      await call('POST', '/api/visitors/checkin-qr', tokens.guard, { visitorId: visitor.id, override: true, notes: 'Please' }),
      403,
    );
    expect(guardOverride.error).toBe('Only an admin can override the blocklist');
    expect(answer(await call('POST', '/api/visitors/checkin-qr', tokens.admin, { visitorId: visitor.id, override: true }), 400).error).toBe(
      'Notes are required to override the blocklist',
    );
    const checkedIn = answer(
      await call('POST', '/api/visitors/checkin-qr', tokens.admin, { visitorId: visitor.id, override: true, notes: 'Court order' }),
      200,
    ).data;
    expect(checkedIn).toMatchObject({ id: visitor.id, status: 'checked-in' });

    // The refused attempt is in the audit log (admins read it over REST).
    const audit = answer(await call('GET', `/api/audit?action=visitor.blocklist-refused&targetId=${visitor.id}`, tokens.admin), 200).data;
    expect(audit).toHaveLength(1);
    expect(audit[0].details).toEqual({ blocklistEntryId: entry.id, reason: 'Trespassing' });
  });
});
