/**
 * Searching visitors by a 3-character fragment (performance issue, target 3): the counts the
 * writes keep per fragment (`visitor_search_gram_count`) stay equal to what `ILIKE` counts
 * through inserts, renames and deletes; a common fragment's page is found by walking the
 * newest invitations, a rare one's or a clustered one's by the trigram indexes, and every
 * page and X-Total-Count equals the plain SQL answer, on both databases.
 */
import { databaseLegs } from '@gatehouse/db/testing';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';

import { createHarness, type Community, type Harness } from './support';

const legs = await databaseLegs();

/**
 * `count` visitors (status expired: no pass code to keep unique), named by `name(n)`,
 * created `startSeconds + n` seconds after 2026-11-01, in one statement (the triggers fire
 * for each row, as for any write).
 */
async function insertVisitors(h: Harness, c: Community, count: number, startSeconds: number, name: (n: string) => string): Promise<void> {
  await h.em().execute(
    `insert into visitor_invitation (id, name, phone, house_id, host_id, visit_date, visit_time_from, visit_time_to, status,
       qr_code_token, qr_code_data_url, pass_code, created_at, updated_at)
     select gen_random_uuid(), ${name('n')}, '+1555' || lpad(n::text, 7, '0'), ?, ?, '2026-11-01', '09:00', '17:00', 'expired',
            md5(random()::text || n::text) || md5(n::text), 'data:image/png;base64,', lpad(n::text, 6, '0'),
            timestamptz '2026-11-01 00:00:00+00' + make_interval(secs => ? + n), now()
       from generate_series(1, ?) n`,
    [c.houseId, c.resident.id, startSeconds, count],
  );
}

describe.each(legs)('visitor search counts on $name', (leg) => {
  let h: Harness;
  let c: Community;

  /** The count and newest-first ids of `q` as plain SQL finds them. */
  const expected = async (q: string, limit: number, offset: number) => {
    const em = h.em();
    const pattern = `%${q}%`;
    const [row] = await em.execute<{ total: string | number }[]>(
      `select count(*) as total from visitor_invitation where name ilike ? or phone ilike ?`,
      [pattern, pattern],
    );
    const ids = await em.execute<{ id: string }[]>(
      `select id from visitor_invitation where name ilike ? or phone ilike ? order by created_at desc, id desc limit ? offset ?`,
      [pattern, pattern, limit, offset],
    );
    return { total: Number(row?.total), ids: ids.map((item) => item.id) };
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
    // Oldest first: 200 "Quokka" (a fragment clustered among the oldest rows), then 1,500
    // others of whom every third is an "Ortega" (a common fragment among the newest).
    await insertVisitors(h, c, 200, 0, (n) => `'Quokka Person ' || ${n}`);
    await insertVisitors(h, c, 1_500, 10_000, (n) => `case when ${n} % 3 = 0 then 'Maria Ortega' else 'Sam Lee' end || ' ' || ${n}`);
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
    for (const q of ['ort', 'quo', 'lee', '447', '900', 'sam', '555']) {
      expect(await kept(q), q).toBe((await expected(q, 1, 0)).total);
    }
    // No fragment keeps a count that ILIKE would not find.
    const grams = await em.execute<{ gram: string; n: string | number }[]>(
      `select gram, sum(n) as n from visitor_search_gram_count group by gram having sum(n) <> 0 order by random() limit 40`,
    );
    expect(grams.length).toBeGreaterThan(20);
    for (const { gram, n } of grams) expect(Number(n), gram).toBe((await expected(gram, 1, 0)).total);
  });

  it('pages a common fragment, a rare one and one clustered among old rows exactly as SQL does', async () => {
    const admin = h.caller(c.admin.token);
    // "ort": a third of the newest rows (the walk through the newest invitations);
    // "quo": only among the oldest 200 (a walk would find nothing within its cap: the
    // trigram indexes answer); "sam lee 77": longer than 3 characters (counted as read).
    for (const q of ['ort', 'quo', 'okk', 'sam lee 77', 'le']) {
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
