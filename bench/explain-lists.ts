/**
 * `node --import tsx bench/explain-lists.ts [rows]`: seeds a PostgreSQL database with
 * `rows` visitors (as the bench does) and prints EXPLAIN ANALYZE of the list queries and
 * the expiry sweep, to see where a list's time goes at scale. Drops the database after.
 */
import { migrateDatabase, openDatabase } from '@gatehouse/db';
import { createPostgresDatabase } from '@gatehouse/db/testing';

import { VISITOR_ROW_JOINS, visitorRowColumns } from '../packages/api/src/lib/serialize';
import { seedCommunity } from './seed';

const rows = Number(process.argv[2] ?? 1_000_000);
const database = await createPostgresDatabase('gatehouse_explain');
const db = await openDatabase({ kind: 'postgresql', url: database.url });
try {
  await migrateDatabase(db);
  const seeded = await seedCommunity(db, rows, { checkedIn: Math.min(5_000, rows / 10) });
  const em = db.fork();
  const explain = async (label: string, sql: string) => {
    const plan = (await em.execute(`explain (analyze, buffers) ${sql}`)) as Array<Record<string, string>>;
    console.log(`\n=== ${label}\n${plan.map((row) => Object.values(row)[0]).join('\n')}`);
  };
  const today = new Date().toISOString().slice(0, 10);
  const [resident] = (await em.execute(`select s.user_id as host_id from session s join app_user u on u.id = s.user_id where u.role = 'resident'`)) as Array<{ host_id: string }>;
  await explain('first page', `select v.id from visitor_invitation v join house h on h.id = v.house_id join app_user hu on hu.id = v.host_id order by v.created_at desc, v.id desc limit 50`);
  await explain('count', `select coalesce(sum(n), 0) from visitor_status_count`);
  await explain('my-invitations page', `select v.id from visitor_invitation v join house h on h.id = v.house_id join app_user hu on hu.id = v.host_id where v.host_id = '${resident!.host_id}' order by v.created_at desc, v.id desc limit 50`);
  await explain('my-invitations count', `select count(*) from visitor_invitation v where v.host_id = '${resident!.host_id}'`);
  await explain('q count', `select count(*) from visitor_invitation v where (v.name ilike '%${seeded.nameFragment}%' or v.phone ilike '%${seeded.nameFragment}%')`);
  const match = `(v.name ilike '%${seeded.nameFragment}%' or v.phone ilike '%${seeded.nameFragment}%')`;
  await explain('q page', `with matches as materialized (select v.id, v.created_at from visitor_invitation v where ${match}),
      page as (select id, created_at from matches order by created_at desc, id desc limit 50)
    select ${visitorRowColumns('v')}, (select count(*) from matches) as total_count
      from page join visitor_invitation v on v.id = page.id ${VISITOR_ROW_JOINS} order by page.created_at desc, page.id desc`);
  console.log('\n=== table size', await em.execute(`select pg_size_pretty(pg_relation_size('visitor_invitation')) as heap, pg_size_pretty(pg_total_relation_size('visitor_invitation')) as total`));
  await explain('expiry sweep', `update visitor_invitation set status = 'expired' where status in ('pending', 'approved') and (visit_date < '${today}' or (visit_date = '${today}' and visit_time_to < '00:01') or (status = 'pending' and decide_by <= now())) returning id`);
} finally {
  await db.close();
  await database.drop();
}
