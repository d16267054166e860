/**
 * docs/scale.md#what-citus-would-change names, table by table, what distributing the database by
 * `community_id` would change. This test reads the migrated schema and fails when the document
 * and the schema disagree: a new table, key or foreign key must be placed in the plan.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';

import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { databaseLegs, type TestDatabase } from '../src/testing';

const doc = readFileSync(path.join(import.meta.dirname, '..', '..', '..', 'docs', 'scale.md'), 'utf8');

/** The first backticked name of every list item under the heading `title` (up to the next heading). */
function listedUnder(title: string): string[] {
  const lines = doc.split('\n');
  const start = lines.findIndex((line) => /^#{2,4} /.test(line) && line.replace(/^#+ /, '') === title);
  if (start < 0) throw new Error(`docs/scale.md has no heading "${title}"`);
  const names: string[] = [];
  for (const line of lines.slice(start + 1)) {
    if (/^#{1,4} /.test(line)) break;
    const item = /^- `([^`]+)`/.exec(line);
    if (item) names.push(item[1]!);
  }
  return names.sort();
}

/** Tables, unique indexes or foreign keys of the public schema, by a catalog query that answers `name`. */
async function names(test: TestDatabase, sql: string): Promise<string[]> {
  return (await test.db.fork().execute<{ name: string }[]>(sql)).map((row) => row.name).sort();
}

describe('the plan for distributing by community (docs/scale.md)', () => {
  let test: TestDatabase;
  const distributed = listedUnder('Distributed tables');
  const reference = listedUnder('Reference tables');
  const local = listedUnder('Tables that stay on the coordinator');
  /** A SQL list of the distributed tables' names. */
  const distributedSql = distributed.map((name) => `'${name}'`).join(', ');

  beforeAll(async () => {
    const [leg] = await databaseLegs();
    test = await leg!.create();
  });
  afterAll(() => test?.drop());

  it('places every table once: distributed tables carry community_id', async () => {
    const tables = await names(test, `select relname as name from pg_class where relnamespace = 'public'::regnamespace and relkind = 'r' and relname <> 'mikro_orm_migrations'`);
    const tenant = await names(
      test,
      `select c.relname as name from pg_class c where c.relnamespace = 'public'::regnamespace and c.relkind = 'r'
          and exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'community_id' and not a.attisdropped)`,
    );
    expect(distributed.length).toBeGreaterThan(10);
    expect([...distributed, ...reference, ...local].sort()).toEqual(tables);
    expect(distributed.filter((name) => !tenant.includes(name))).toEqual([]);
  });

  it('names every primary key and unique rule of a distributed table that lacks community_id', async () => {
    const keys = await names(
      test,
      `select i.indexrelid::regclass::text as name
         from pg_index i join pg_class c on c.oid = i.indrelid
        where c.relnamespace = 'public'::regnamespace and i.indisunique and c.relname in (${distributedSql})
          and not exists (select 1 from pg_attribute a where a.attrelid = c.oid and a.attname = 'community_id' and a.attnum = any (i.indkey))`,
    );
    expect(keys.length).toBeGreaterThan(0);
    expect(listedUnder('Keys that gain community_id')).toEqual(keys);
  });

  it('names every foreign key between distributed tables that lacks community_id, and every one from a reference table to a distributed one', async () => {
    const between = await names(
      test,
      `select k.conname as name from pg_constraint k
        where k.contype = 'f' and k.connamespace = 'public'::regnamespace
          and k.conrelid::regclass::text in (${distributedSql}) and k.confrelid::regclass::text in (${distributedSql})
          and not exists (select 1 from pg_attribute a where a.attrelid = k.conrelid and a.attname = 'community_id' and a.attnum = any (k.conkey))`,
    );
    expect(between.length).toBeGreaterThan(0);
    expect(listedUnder('Foreign keys that gain community_id')).toEqual(between);
    const intoDistributed = await names(
      test,
      `select k.conname as name from pg_constraint k
        where k.contype = 'f' and k.connamespace = 'public'::regnamespace
          and k.conrelid::regclass::text not in (${distributedSql}) and k.confrelid::regclass::text in (${distributedSql})`,
    );
    expect(listedUnder('Foreign keys that go')).toEqual(intoDistributed);
  });
});
