/**
 * Searching visitors by a 3-character fragment (docs/performance.md#what-moves-the-figures): the
 * counts the
 * writes keep per fragment (`visitor_search_gram_count`, of names, phones and plates) stay
 * equal to what `ILIKE` counts through inserts, renames and deletes; a common fragment's page
 * is found by walking the visits nearest first, a rare one's or one clustered among far-off
 * visits by the trigram indexes, and every page and X-Total-Count equals the plain answer
 * (the matches sorted here: today's by start time, upcoming soonest first, past latest
 * first), on both databases.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, type Community, type Harness } from './support';

const legs = await databaseLegs();

/** The harness's today in the community's zone (h.now is 2026-11-22 09:00 in New York). */
const TODAY = '2026-11-22';

/**
 * `count` visitors (status expired: no pass code to keep unique), named by `name(n)`, their
 * visit on `date(n)` (SQL of a date) from `09:00` plus `n % 8` hours, in one statement (the
 * triggers fire for each row, as for any write).
 */
async function insertVisitors(h: Harness, c: Community, count: number, date: (n: string) => string, name: (n: string) => string): Promise<void> {
  await h.em().execute(
    `insert into visitor_invitation (community_id, id, name, phone, house_id, host_id, visit_date, visit_time_from, visit_time_to, status,
       qr_code_token, qr_code_data_url, pass_code, created_at, updated_at)
     select (select id from community order by created_at, id limit 1), gen_random_uuid(), ${name('n')}, '+1555' || lpad(n::text, 7, '0'), ?, ?, ${date('n')},
            lpad((9 + n % 8)::text, 2, '0') || ':00', '18:00', 'expired',
            md5(random()::text || n::text) || md5(n::text), 'data:image/png;base64,', lpad(n::text, 6, '0'), now(), now()
       from generate_series(1, ?) n`,
    [c.houseId, c.resident.id, count],
  );
}

/** Visits nearest first, as the lists promise: today's by start time, then upcoming soonest first, then past latest first; ties by id. */
export function nearestFirst<Row extends { id: string; visit_date: string; visit_time_from: string }>(rows: Row[], today: string): Row[] {
  const part = (row: Row) => (row.visit_date === today ? 0 : row.visit_date > today ? 1 : 2);
  const key = (row: Row) => `${row.visit_date} ${row.visit_time_from} ${row.id}`;
  return [...rows].sort((a, b) => part(a) - part(b) || (part(a) < 2 ? key(a).localeCompare(key(b)) : key(b).localeCompare(key(a))));
}

describe.each(legs)('visitor search counts on $name', (leg) => {
  let h: Harness;
  let c: Community;

  /** The count and nearest-first ids of `q` as plain SQL finds the matches (sorted here). */
  const expected = async (q: string, limit: number, offset: number) => {
    const pattern = `%${q}%`;
    const matches = await h.em().execute<{ id: string; visit_date: string; visit_time_from: string }[]>(
      `select id, to_char(visit_date, 'YYYY-MM-DD') as visit_date, visit_time_from from visitor_invitation
        where name ilike ? or phone ilike ? or vehicle_license_plate ilike ?`,
      [pattern, pattern, pattern],
    );
    return { total: matches.length, ids: nearestFirst(matches, TODAY).slice(offset, offset + limit).map((item) => item.id) };
  };

  /** Sum of the kept counts of `gram`. */
  const kept = async (gram: string) => {
    const [row] = await h
      .em()
      .execute<{ n: string | number }[]>(`select coalesce(sum(n), 0) as n from visitor_search_gram_count where gram = ?`, [gram]);
    return Number(row?.n);
  };

  beforeAll(async () => {
    h = await createHarness(leg);
    c = await h.community();
    // 200 "Quokka" visits in January (a fragment clustered among far-off visits: a walk from
    // today stops at its cap first), and 2,000 around today (30 days back, 10 ahead) of whom
    // every third is an "Ortega" (a common fragment among the nearest visits).
    await insertVisitors(h, c, 200, (n) => `date '2026-01-01' + ${n} % 28`, (n) => `'Quokka Person ' || ${n}`);
    await insertVisitors(h, c, 2_000, (n) => `date '${TODAY}' + ${n} % 41 - 30`, (n) => `case when ${n} % 3 = 0 then 'Maria Ortega' else 'Sam Lee' end || ' ' || ${n}`);
  });
  afterAll(() => h?.close());

  it('keeps each fragment’s count equal to what ILIKE counts, through inserts, renames and deletes', async () => {
    for (const q of ['ort', 'ORT', 'quo', 'okk', 'lee', '555', '+15', 'zzz', ' le']) {
      expect(await kept(q.toLowerCase()), q).toBe((await expected(q, 1, 0)).total);
    }
    const em = h.em();
    // A rename moves a visitor from one fragment to another; a phone change likewise.
    await em.execute(`update visitor_invitation set name = 'Quokka Renamed' where name = 'Maria Ortega 3'`);
    await em.execute(`update visitor_invitation set phone = '+447700900123' where name = 'Sam Lee 4'`);
    await em.execute(`delete from visitor_invitation where name like 'Sam Lee 1%'`);
    // Plates are searched too: one added, one changed, one removed.
    await em.execute(`update visitor_invitation set vehicle_license_plate = 'KA 01 XQZ 9' where name in ('Sam Lee 5', 'Sam Lee 7', 'Sam Lee 8')`);
    await em.execute(`update visitor_invitation set vehicle_license_plate = 'MH 12 XQW' where name = 'Sam Lee 7'`);
    await em.execute(`update visitor_invitation set vehicle_license_plate = null where name = 'Sam Lee 8'`);
    expect(await kept('xqz')).toBe(1);
    expect(await kept('xq')).toBe(0);
    for (const q of ['ort', 'quo', 'lee', '447', '900', 'sam', '555', 'xqz', 'xqw', 'ka ', ' 12']) {
      expect(await kept(q), q).toBe((await expected(q, 1, 0)).total);
    }
    // No fragment keeps a count that ILIKE would not find.
    const grams = await em.execute<{ gram: string; n: string | number }[]>(
      `select gram, sum(n) as n from visitor_search_gram_count group by gram having sum(n) <> 0 order by random() limit 40`,
    );
    expect(grams.length).toBeGreaterThan(20);
    for (const { gram, n } of grams) expect(Number(n), gram).toBe((await expected(gram, 1, 0)).total);
  });

  it('pages a common fragment, a rare one and one clustered among far-off visits exactly as sorting the matches does', async () => {
    const admin = h.caller(c.admin.token);
    // "ort": a third of the nearest visits (the walk through the visits, nearest first);
    // "quo": only among the 200 January visits (a walk from today stops at its cap first:
    // the trigram indexes answer); "xqz": a plate; "sam lee 77": longer than 3 characters
    // (counted as read).
    for (const q of ['ort', 'quo', 'okk', 'xqz', 'sam lee 77', 'le']) {
      for (const [limit, offset] of [
        [5, 0],
        [50, 0],
        [20, 180],
        [10, 10_000],
      ] as const) {
        const page = await admin.visitors.listSummaries({ q, limit, offset });
        const want = await expected(q, limit, offset);
        expect(page.total, `${q} ${limit} ${offset}`).toBe(want.total);
        expect(page.items.map((item) => item.id), `${q} ${limit} ${offset}`).toEqual(want.ids);
      }
    }
    expect((await admin.visitors.list({ q: 'ORT', limit: 3 })).total).toBe((await expected('ort', 1, 0)).total);
  });

  it('keeps a resident’s search to their house, and a status filter to its status', async () => {
    const neighbour = await h.caller(c.neighbour.token).visitors.listSummaries({ q: 'ort', limit: 5 });
    expect(neighbour).toEqual({ items: [], total: 0 });
    const resident = await h.caller(c.resident.token).visitors.listSummaries({ q: 'ort', limit: 5 });
    expect(resident.total).toBe((await expected('ort', 1, 0)).total);
    const approved = await h.caller(c.admin.token).visitors.listSummaries({ q: 'ort', status: 'approved', limit: 5 });
    expect(approved).toEqual({ items: [], total: 0 });
  });
});
