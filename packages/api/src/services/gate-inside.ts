/**
 * Inside now (docs/operations.md#reports-exports-and-inside-now): everyone checked in at this
 * moment, for an evacuation roll
 * call at the gate: who, which house and host, their phone and vehicle, and when and by
 * which gate they came in.
 *
 * One statement: the visitors with status 'checked-in' (read through the index on
 * `(status, check_in_time, id)`), their house and host joined, `count(*) over ()` for the
 * total, ordered by gate, house number, block and name, at most GATE_INSIDE_MAX rows (a
 * community has a few hundred inside at most; the cap only bounds a runaway answer).
 *
 * The community's features (docs/operations.md#running-a-community) extend this in one place each:
 * - gates (docs/operations.md#gates): `gate` is the gate the check-in recorded (a join on
 *   `check_in_gate_id`), null when none was; the order puts the gate first, nulls last;
 * - recurring passes (docs/operations.md#frequent-visitors): their open entries join the same list
 * as a `union all`
 *   branch of `insideSql` with kind `recurring` and the pass's id, giving the same columns
 *   (read through the partial unique index of open entries).
 */
import { communityIdOf, type EntityManager } from '@gatehouse/db';
import { GATE_INSIDE_MAX, type GateInsideItem, type GateInsideResponse } from '@gatehouse/shared';

import { isoInstant } from '../lib/serialize';
import { communityDate, communityInstant } from '../lib/time';

interface InsideRow {
  id: string;
  kind: GateInsideItem['kind'];
  name: string;
  phone: string | null;
  house_id: string;
  house_number: string;
  block: string;
  host_name: string | null;
  vehicle_license_plate: string | null;
  check_in_time: string | Date;
  gate_id: string | null;
  gate_name: string | null;
  /** The visit's date (a visitor's); null for a recurring pass, whose day is the check-in's. */
  visit_date: string | Date | null;
  visit_time_to: string;
  total: number | string;
}

/**
 * Everyone inside, as rows of the one answer's columns (see the file's comment for what joins
 * here later). Two parameters: the community, once per branch (docs/security.md#communities).
 */
const insideSql = `
  select v.id, v.kind, v.name, v.phone, h.id as house_id, h.house_number, h.block, hu.name as host_name,
         v.vehicle_license_plate, v.check_in_time, g.id as gate_id, g.name as gate_name,
         v.visit_date, v.visit_time_to
    from visitor_invitation v
    join house h on h.id = v.house_id
    left join app_user hu on hu.id = v.host_id
    left join gate g on g.id = v.check_in_gate_id
   where v.community_id = ? and v.status = 'checked-in'
  union all
  -- docs/operations.md#frequent-visitors: recurring passes inside now, by their open entry (the id is the pass's).
  select p.id, 'recurring', p.name, p.phone, h.id, h.house_number, h.block, hu.name,
         p.vehicle_license_plate, e.check_in_time, g.id, g.name,
         null, p.time_to
    from pass_entry e
    join recurring_pass p on p.id = e.pass_id
    join house h on h.id = p.house_id
    left join app_user hu on hu.id = p.host_id
    left join gate g on g.id = e.check_in_gate_id
   where e.community_id = ? and e.check_out_time is null`;

/** A `date` column as YYYY-MM-DD, whichever way the driver hands it over. */
function dateText(value: string | Date): string {
  return typeof value === 'string' ? value.slice(0, 10) : value.toISOString().slice(0, 10);
}

/**
 * Everyone checked in now (docs/operations.md#reports-exports-and-inside-now; `GET
 * /api/gate/inside`, guards and admins: the
 * role check is the procedure's). Output: `{items, total}`: items ordered by gate name (no
 * gate last), house number, block, name and id, at most GATE_INSIDE_MAX of them; `total`
 * how many are inside. `phone` is null once a visitor's data was anonymised (stored as '').
 * `dueOutAt` is when the visit window ends, judged in `timeZone` (the community's).
 * Throws nothing of its own.
 */
export async function listInside(em: EntityManager, timeZone: string): Promise<GateInsideResponse> {
  const rows = await em.execute<InsideRow[]>(
    `select inside.*, (count(*) over ())::int as total
       from (${insideSql}) inside
      order by inside.gate_name nulls last, inside.gate_id nulls last, inside.house_number, inside.block, inside.name, inside.id
      limit ?`,
    [communityIdOf(em), communityIdOf(em), GATE_INSIDE_MAX],
  );
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      name: row.name,
      phone: row.phone || null,
      houseId: { id: row.house_id, houseNumber: row.house_number, block: row.block },
      hostName: row.host_name ?? null,
      vehicleLicensePlate: row.vehicle_license_plate ?? null,
      checkInTime: isoInstant(row.check_in_time),
      gate: row.gate_id && row.gate_name ? { id: row.gate_id, name: row.gate_name } : null,
      dueOutAt: communityInstant(
        row.visit_date ? dateText(row.visit_date) : communityDate(new Date(row.check_in_time), timeZone),
        row.visit_time_to,
        timeZone,
      ).toISOString(),
    })),
    total: Number(rows[0]?.total ?? 0),
  };
}
