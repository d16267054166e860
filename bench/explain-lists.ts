/**
 * `node --import tsx bench/explain-lists.ts [rows]`: seeds a PostgreSQL database with
 * `rows` visitors (as the bench does) and prints EXPLAIN ANALYZE of every statement the
 * visitor lists of target 3 send (the first page, `status=checked-in`, my-invitations and a
 * 3-letter search, as `listVisitors` builds them: the statements are caught on their way to
 * the database, explained, then run), a filtered list and the expiry sweep, to see where a
 * list's time goes at scale. Drops the database after.
 */
import { migrateDatabase, openDatabase, User, type EntityManager } from '@gatehouse/db';
import { createPostgresDatabase } from '@gatehouse/db/testing';

import { listVisitors, type VisitorListPage, type VisitorListScope } from '../packages/api/src/services/visitors';

import { seedCommunity } from './seed';

const rows = Number(process.argv[2] ?? 1_000_000);
const database = await createPostgresDatabase('gatehouse_explain');
const db = await openDatabase({ kind: 'postgresql', url: database.url });
try {
  await migrateDatabase(db);
  const seeded = await seedCommunity(db, rows, { checkedIn: Math.min(5_000, rows / 10) });
  const em = db.fork();
  const explain = async (label: string, sql: string, params: unknown[] = []) => {
    const plan = (await em.execute(`explain (analyze, buffers) ${sql}`, params)) as Array<Record<string, string>>;
    console.log(`\n=== ${label}\n${plan.map((row) => Object.values(row)[0]).join('\n')}`);
  };
  /** An entity manager whose every statement is explained (with its label) before it runs. */
  const explaining = (label: string): EntityManager => {
    const fork = db.fork();
    let statement = 0;
    const execute = fork.execute.bind(fork);
    return Object.assign(fork, {
      execute: async (sql: string, params: unknown[] = [], ...rest: unknown[]) => {
        statement += 1;
        // The periodic expiry sweep is explained on its own below.
        if (!/^\s*update visitor_invitation/i.test(sql)) await explain(`${label} (statement ${statement})`, sql, params);
        return (execute as (...args: unknown[]) => Promise<unknown>)(sql, params, ...rest);
      },
    }) as EntityManager;
  };
  const [admin, resident] = await Promise.all([
    em.findOneOrFail(User, { email: 'admin@bench.example' }, { populate: ['house'] }),
    em.findOneOrFail(User, { email: 'resident0@bench.example' }, { populate: ['house'] }),
  ]);
  const clock = { now: new Date(), timeZone: 'UTC' };
  const list = async (label: string, user: User, input: Partial<VisitorListPage>, scope: VisitorListScope = 'visible') => {
    const page = await listVisitors(explaining(label), user, { limit: 50, offset: 0, ...input }, scope, clock, 'summary');
    console.log(`--- ${label}: ${page.items.length} rows of ${page.total}`);
  };
  await list('first page', admin, {});
  await list('status=checked-in', admin, { status: 'checked-in' });
  await list('my-invitations', resident, {}, 'hosted');
  await list(`q=${seeded.nameFragment}`, admin, { q: seeded.nameFragment });
  await list('a house and this week', admin, { q: 'B0-100', from: new Date(Date.now() - 3 * 86_400_000).toISOString().slice(0, 10) });
  console.log('\n=== table size', await em.execute(`select pg_size_pretty(pg_relation_size('visitor_invitation')) as heap, pg_size_pretty(pg_total_relation_size('visitor_invitation')) as total`));
  const today = new Date().toISOString().slice(0, 10);
  await explain('expiry sweep', `update visitor_invitation set status = 'expired' where status in ('pending', 'approved') and (visit_date < '${today}' or (visit_date = '${today}' and visit_time_to < '00:01') or (status = 'pending' and decide_by <= now())) returning id`);
} finally {
  await db.close();
  await database.drop();
}
