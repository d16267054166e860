/**
 * Communities at the ORM (docs/security.md#communities): every tenant entity carries the
 * `community` filter, on by default, and a `community_id` column; an entity manager of one
 * community neither reads nor changes another's rows, and makes its new rows in its own.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { FIRST_COMMUNITY_SLUG } from '@gatehouse/shared';

import { COMMUNITY_FILTER, Community, Gate, House, communityIdOf } from '../src';
import { addTestCommunity, databaseLegs, type TestDatabase } from '../src/testing';

/**
 * The entities that are not a community's rows, each for a reason:
 * - Community: the communities themselves.
 * - Membership: which communities a person belongs to, read before a request knows its community
 *   (sign-in, the community list); each row names its community.
 * - User: one person, one account, whatever their communities (their role and house are the
 *   membership's).
 * - Session, SignInMarker: signing in needs no community; a session names its default community.
 * - NotificationPreference, PushSubscription: a person's own choices and devices, not a community's.
 * - GatePackSalt, GatePackCodeHash: a memo of PBKDF2(code, the day's salt), the same whatever
 *   community a code belongs to; they hold no community data but the code digits, and each
 *   community's gate pack reads only the hashes of its own codes.
 */
const GLOBAL_ENTITIES = new Set([
  'Community',
  'Membership',
  'User',
  'Session',
  'SignInMarker',
  'NotificationPreference',
  'PushSubscription',
  'GatePackSalt',
  'GatePackCodeHash',
]);

const legs = await databaseLegs();

describe.each(legs)('communities on $name', (leg) => {
  let test: TestDatabase;
  let first: string;
  let second: string;
  beforeAll(async () => {
    test = await leg.create();
    second = await addTestCommunity(test.db, { name: 'Second Community', slug: 'second', timeZone: 'UTC' });
    first = test.db.firstCommunityId as string;
  });
  afterAll(async () => {
    await test?.drop();
  });

  it('gives every tenant entity the community filter (on by default) and a community_id column', () => {
    const tenants: string[] = [];
    for (const meta of test.db.orm.getMetadata().getAll().values()) {
      if (meta.abstract || meta.embeddable || GLOBAL_ENTITIES.has(meta.className)) continue;
      tenants.push(meta.className);
      expect(meta.filters[COMMUNITY_FILTER]?.default, `${meta.className} has the community filter, on by default`).toBe(true);
      expect(meta.properties.community?.fieldNames, `${meta.className}.community_id`).toEqual(['community_id']);
      expect(meta.properties.community?.nullable ?? false, `${meta.className}.community_id is NOT NULL`).toBe(false);
    }
    // The list is not empty by mistake (a renamed metadata field would pass everything above).
    expect(tenants).toContain('VisitorInvitation');
    expect(tenants.length).toBeGreaterThanOrEqual(19);
  });

  it('has community_id NOT NULL in every table but the global ones', async () => {
    const globalTables = new Set(
      [...test.db.orm.getMetadata().getAll().values()].filter((meta) => GLOBAL_ENTITIES.has(meta.className)).map((meta) => meta.tableName),
    );
    const rows = await test.db.orm.em.fork().getConnection().execute<{ table_name: string; is_nullable: string | null }[]>(
      `select t.table_name, c.is_nullable from information_schema.tables t
         left join information_schema.columns c on c.table_schema = t.table_schema and c.table_name = t.table_name and c.column_name = 'community_id'
        where t.table_schema = 'public' and t.table_type = 'BASE TABLE' and t.table_name <> 'mikro_orm_migrations'`,
    );
    const missing = rows.filter((row) => !globalTables.has(row.table_name) && row.is_nullable !== 'NO').map((row) => row.table_name);
    expect(missing).toEqual([]);
  });

  it('starts with the first community (slug default), which db.fork() acts in', async () => {
    const community = await test.db.orm.em.fork().findOneOrFail(Community, { slug: FIRST_COMMUNITY_SLUG });
    expect(community.id).toBe(first);
    expect(communityIdOf(test.db.fork())).toBe(first);
  });

  it('keeps each community to its own rows: find, count, update, delete, and new rows', async () => {
    const inFirst = test.db.forCommunity(first);
    inFirst.create(House, { houseNumber: '1', block: 'A', street: 'First Street', owner: null });
    inFirst.create(Gate, { name: 'Main' });
    await inFirst.flush();
    // The same house number and gate name in another community: unique per community only.
    const inSecond = test.db.forCommunity(second);
    inSecond.create(House, { houseNumber: '1', block: 'A', street: 'Second Street', owner: null });
    inSecond.create(Gate, { name: 'MAIN' });
    await inSecond.flush();

    const firstHouses = await test.db.forCommunity(first).find(House, {});
    expect(firstHouses.map((house) => house.street)).toEqual(['First Street']);
    expect(await test.db.forCommunity(second).count(Gate, {})).toBe(1);
    const [row] = await test.db.orm.em.fork().getConnection().execute<{ community_id: string }[]>(
      `select community_id from house where street = 'Second Street'`,
    );
    expect(row?.community_id).toBe(second);

    // An update or delete of the other community's rows changes nothing.
    expect(await test.db.forCommunity(first).nativeUpdate(House, { street: 'Second Street' }, { street: 'Moved' })).toBe(0);
    expect(await test.db.forCommunity(first).nativeDelete(Gate, { name: 'MAIN' })).toBe(0);
    // A duplicate within one community is still refused.
    const again = test.db.forCommunity(second);
    again.create(Gate, { name: 'main' });
    await expect(again.flush()).rejects.toThrow(/unique|duplicate/i);
  });

  it('refuses to query a tenant entity with no community, rather than read them all', async () => {
    await expect(test.db.orm.em.fork().find(House, {})).rejects.toThrow(/No arguments provided for filter 'community'/);
  });
});
