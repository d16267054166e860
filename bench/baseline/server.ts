/**
 * The hand-written baseline (docs/performance.md#the-baseline): a minimal Fastify server answering
 * the gate path's REST paths with the same JSON as the product, over `pg` (PostgreSQL)
 * or PGlite (the embedded leg), with the SQL a competent engineer would write by hand:
 * one indexed look-up of the session, one statement that reads the pass (and writes its
 * scan audit row), one conditional `UPDATE … RETURNING` per transition with its audit row
 * in the same statement. Same rules (session validity, role, status, visit window,
 * expiry), same bodies, no cache the product could not also have.
 *
 * Started by bench/run.ts: `node --import tsx bench/baseline/server.ts` with
 * BASELINE_DATABASE_URL (PostgreSQL) or BASELINE_DATA_DIR (PGlite), PORT, COMMUNITY_TIMEZONE
 * and EARLY_CHECKIN_MINUTES; prints `Baseline is ready: <url>`.
 */
import { createHash, randomUUID } from 'node:crypto';

import Fastify from 'fastify';

type Query = <Row>(sql: string, params: unknown[]) => Promise<Row[]>;

/** `$1…` SQL over a pg Pool or a PGlite instance. */
async function connect(): Promise<{ query: Query; close: () => Promise<void> }> {
  const url = process.env.BASELINE_DATABASE_URL;
  if (url) {
    const { default: pg } = await import('pg');
    // Raw strings for timestamps, as the product's driver set-up gets them.
    for (const oid of [1082, 1114, 1184]) pg.types.setTypeParser(oid, (value: string) => value);
    const pool = new pg.Pool({ connectionString: url, max: 10 });
    return {
      query: async <Row>(sql: string, params: unknown[]) => (await pool.query(sql, params)).rows as Row[],
      close: () => pool.end(),
    };
  }
  const { PGlite } = await import('@electric-sql/pglite');
  const { pg_trgm } = await import('@electric-sql/pglite/contrib/pg_trgm');
  const raw = (value: string) => value;
  const db = await PGlite.create({
    dataDir: process.env.BASELINE_DATA_DIR!,
    extensions: { pg_trgm },
    parsers: { 1082: raw, 1114: raw, 1184: raw },
  });
  return { query: async <Row>(sql: string, params: unknown[]) => (await db.query<Row>(sql, params)).rows, close: () => db.close() };
}

const timeZone = process.env.COMMUNITY_TIMEZONE ?? 'UTC';
const earlyMinutes = Number(process.env.EARLY_CHECKIN_MINUTES ?? 60);
const IDLE_MS = 7 * 86_400_000;
const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
const TOKEN = /^[A-Za-z0-9_-]{1,64}$/;

interface Row {
  id: string; name: string; phone: string; email: string | null; purpose: string | null; vehicle_license_plate: string | null;
  house_id: string; house_number: string; block: string; host_id: string | null; host_name: string | null; visit_date: string;
  visit_time_from: string; visit_time_to: string; status: string; qr_code_token: string; qr_code_data_url: string; pass_code: string;
  check_in_time: string | null; check_out_time: string | null; notes: string | null; created_at: string;
  kind: string; has_photo: boolean; decided_by_id: string | null; decider_name: string | null; decided_at: string | null; decision_reason: string | null;
  anonymised_at: string | null;
  check_in_gate_id: string | null; check_in_gate_name: string | null; check_out_gate_id: string | null; check_out_gate_name: string | null;
}

const COLUMNS = `v.id, v.name, v.phone, v.email, v.purpose, v.vehicle_license_plate, v.house_id, v.host_id, v.visit_date,
  v.visit_time_from, v.visit_time_to, v.status, v.qr_code_token, v.qr_code_data_url, v.pass_code, v.check_in_time, v.check_out_time,
  v.notes, v.created_at, v.kind, v.has_photo, v.decided_by_id, v.decided_at, v.decision_reason, v.anonymised_at,
  h.house_number, h.block, hu.name as host_name, du.name as decider_name,
  v.check_in_gate_id, v.check_out_gate_id, cig.name as check_in_gate_name, cog.name as check_out_gate_name`;
const JOINS = `join house h on h.id = v.house_id left join app_user hu on hu.id = v.host_id left join app_user du on du.id = v.decided_by_id
  left join gate cig on cig.id = v.check_in_gate_id left join gate cog on cog.id = v.check_out_gate_id`;
// docs/operations.md#gates: the gate of a move is the one named ($7), or the only active gate when
// none is named.
const GATE_OF_MOVE = `case when $7::uuid is null
  then (select g.id from gate g where g.is_active and not exists (select 1 from gate o where o.is_active and o.id <> g.id))
  else $7::uuid end`;
// Ended: the window is over, or a walk-in is still undecided past its deadline.
const ENDED = `(((v.visit_date + v.visit_time_to::time + interval '1 minute') at time zone $TZ) <= $NOW or (v.status = 'pending' and v.decide_by <= $NOW))`;

const iso = (value: string) => new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();

function visitorJson(row: Row) {
  return {
    id: row.id, name: row.name, phone: row.phone || null, email: row.email, purpose: row.purpose,
    vehicleLicensePlate: row.vehicle_license_plate,
    houseId: { id: row.house_id, houseNumber: row.house_number, block: row.block },
    hostId: row.host_id ? { id: row.host_id, name: row.host_name } : null,
    visitDate: row.visit_date.slice(0, 10), visitTimeFrom: row.visit_time_from, visitTimeTo: row.visit_time_to,
    status: row.status, qrCodeDataUrl: row.qr_code_data_url, qrCodeToken: row.qr_code_token, passCode: row.pass_code,
    check_in_time: row.check_in_time ? iso(row.check_in_time) : null,
    check_out_time: row.check_out_time ? iso(row.check_out_time) : null,
    notes: row.notes, createdAt: iso(row.created_at),
    kind: row.kind, hasPhoto: row.has_photo,
    decidedBy: row.decided_by_id ? { id: row.decided_by_id, name: row.decider_name } : null,
    decidedAt: row.decided_at ? iso(row.decided_at) : null, decisionReason: row.decision_reason,
    anonymisedAt: row.anonymised_at ? iso(row.anonymised_at) : null,
    checkInGate: row.check_in_gate_id ? { id: row.check_in_gate_id, name: row.check_in_gate_name } : null,
    checkOutGate: row.check_out_gate_id ? { id: row.check_out_gate_id, name: row.check_out_gate_name } : null,
  };
}

const MONTHS = ['Jan', 'Feb', 'Mar', 'Apr', 'May', 'Jun', 'Jul', 'Aug', 'Sep', 'Oct', 'Nov', 'Dec'];
const time12 = (hhmm: string) => {
  const [h, m] = hhmm.split(':').map(Number) as [number, number];
  return `${((h + 11) % 12) + 1}:${String(m).padStart(2, '0')} ${h < 12 ? 'AM' : 'PM'}`;
};
const windowMessage = (row: Row) => {
  const [y, mo, d] = row.visit_date.slice(0, 10).split('-').map(Number) as [number, number, number];
  return `This invitation is valid on ${MONTHS[mo - 1]} ${d}, ${y} from ${time12(row.visit_time_from)} to ${time12(row.visit_time_to)}`;
};
const VERB = { checkIn: 'checked in', checkOut: 'checked out' } as const;
const MOVE = { checkIn: 'check-in', checkOut: 'check-out' } as const;
/** The 409 for a move the visitor's status forbids, with the product's refusal details. */
const statusConflict = (kind: keyof typeof VERB, status: string) =>
  new Failure(409, `Visitor cannot be ${VERB[kind]}: status is ${status}`, undefined, undefined, { reason: 'visitor-status', move: MOVE[kind], status });

class Failure extends Error {
  constructor(
    readonly status: number,
    message: string,
    /** For a 400: the field it is about (the product's `details`). */
    readonly field?: string,
    /**
     * A specific code instead of the status's own (docs/operations.md#blocklist: 409 BLOCKLISTED).
     */
    readonly code?: string,
    /** A refusal's values, answered as `details` as the product answers them (e.g. `{reason: 'visitor-status', …}`). */
    readonly refusal?: Record<string, unknown>,
  ) {
    super(message);
  }
}

const { query, close } = await connect();
const app = Fastify({ logger: false, bodyLimit: 100 * 1024 });
const envelope = (data: unknown) => ({ success: true, data, error: null });

/** The signed-in guard or admin behind the bearer token: one indexed look-up (and last_seen_at once a minute). */
async function gateUser(authorization: string | undefined, now: Date): Promise<{ id: string; role: string }> {
  const token = /^Bearer\s+(\S+)\s*$/i.exec(authorization ?? '')?.[1];
  if (!token || token.length > 200) throw new Failure(401, 'Authentication required');
  const [session] = await query<{ session_id: string; last_seen_at: string; id: string; role: string }>(
    `select s.id as session_id, s.last_seen_at, u.id, u.role from session s join app_user u on u.id = s.user_id
      where s.token_hash = $1 and s.revoked_at is null and s.expires_at > $2 and s.last_seen_at > $3 and u.is_active`,
    [createHash('sha256').update(token).digest('hex'), now, new Date(now.getTime() - IDLE_MS)],
  );
  if (!session) throw new Failure(401, 'Authentication required');
  if (now.getTime() - new Date(iso(session.last_seen_at)).getTime() > 60_000) {
    await query('update session set last_seen_at = $1 where id = $2', [now, session.session_id]);
  }
  if (session.role !== 'guard' && session.role !== 'admin') throw new Failure(403, 'Only guards and admins can do this', undefined, undefined, { reason: 'role', roles: ['guard', 'admin'] });
  return { id: session.id, role: session.role };
}

/**
 * docs/operations.md#blocklist: the blocklist entry matching visitor `v`'s phone (spaces and dashes
 * ignored) or plate, as the product's services/blocklist.ts.
 */
const BLOCKLIST_MATCH = `select b.id, b.reason from blocklist_entry b
  where regexp_replace(b.phone, '[\\s-]', '', 'g') = regexp_replace(v.phone, '[\\s-]', '', 'g') or b.license_plate = v.vehicle_license_plate
  order by b.created_at, b.id limit 1`;
const NOT_BLOCKLISTED = `not exists (select 1 from blocklist_entry b
  where regexp_replace(b.phone, '[\\s-]', '', 'g') = regexp_replace(v.phone, '[\\s-]', '', 'g') or b.license_plate = v.vehicle_license_plate)`;

const sql = (text: string) => text.replaceAll('$TZ', '$1::text').replaceAll('$NOW', '$2::timestamptz');

app.post('/api/visitors/scan', async (request, reply) => {
  const now = new Date();
  try {
    const user = await gateUser(request.headers.authorization, now);
    const raw = (request.body as { token?: unknown } | null)?.token;
    const token = typeof raw === 'string' ? raw.trim() : '';
    if (!token) throw new Failure(400, 'Please enter a token', 'token');
    const [row] = TOKEN.test(token)
      ? await query<Row & { expires: boolean; blocklist_reason: string | null }>(
          sql(`with pass as (select ${COLUMNS}, (v.status in ('pending', 'approved') and ${ENDED}) as expires, bl.reason as blocklist_reason
                 from visitor_invitation v ${JOINS} left join lateral (${BLOCKLIST_MATCH}) bl on true where v.qr_code_token = $3),
               audit as (insert into audit_event (id, community_id, occurred_at, action, actor_id, ip_address, target_type, target_id, details)
                 select $4, (select vi.community_id from visitor_invitation vi where vi.id = pass.id), $2, 'visitor.scanned', $5, $6, 'visitor', pass.id,
                        jsonb_build_object('status', case when pass.expires then 'expired' else pass.status end) from pass)
               select * from pass`),
          [timeZone, now, token, randomUUID(), user.id, request.ip],
        )
      : [];
    if (!row) throw new Failure(404, 'Invalid or expired QR code');
    if (row.expires) {
      const expired = await query(
        sql(`update visitor_invitation v set status = 'expired', updated_at = $2 where v.id = $3 and v.status in ('pending', 'approved') and ${ENDED} returning v.id`),
        [timeZone, now, row.id],
      );
      if (expired.length > 0) row.status = 'expired';
    }
    // docs/operations.md#blocklist: the gate sees a blocklist match's reason.
    return reply.send(envelope({ ...visitorJson(row), blocklisted: row.blocklist_reason === null ? null : { reason: row.blocklist_reason } }));
  } catch (error) {
    return fail(reply, error);
  }
});

/** A gate move: one conditional UPDATE … RETURNING with its audit row; a read only to say why it was refused. */
async function move(
  kind: 'checkIn' | 'checkOut',
  body: { visitorId?: unknown; notes?: unknown; gateId?: unknown; override?: unknown } | null,
  user: { id: string; role: string },
  ip: string,
) {
  const now = new Date();
  const userId = user.id;
  const id = typeof body?.visitorId === 'string' ? body.visitorId.trim() : '';
  if (!id) throw new Failure(400, 'Visitor id is required', 'visitorId');
  // docs/operations.md#blocklist: only an admin, with notes, checks in a blocklisted visitor.
  const override = kind === 'checkIn' && body?.override === true;
  if (override && user.role !== 'admin') throw new Failure(403, 'Only an admin can override the blocklist');
  if (override && !(typeof body?.notes === 'string' && body.notes.trim())) throw new Failure(400, 'Notes are required to override the blocklist', 'notes');
  // docs/operations.md#gates: a named gate must be an active one (400 Unknown gate); none named:
  // the only active gate.
  const rawGate = body?.gateId ?? null;
  const gateId = typeof rawGate === 'string' && UUID.test(rawGate.trim()) ? rawGate.trim().toLowerCase() : null;
  if (rawGate !== null && !gateId) throw new Failure(400, 'Unknown gate', 'gateId');
  if (!UUID.test(id)) throw new Failure(404, 'Visitor not found');
  const note = typeof body?.notes === 'string' && body.notes.trim() ? body.notes.trim() : null;
  const [from, to, stamp, by, action, gate] =
    kind === 'checkIn'
      ? ['approved', 'checked-in', 'check_in_time', 'checked_in_by_id', 'visitor.checked-in', 'check_in_gate_id']
      : ['checked-in', 'checked-out', 'check_out_time', 'checked_out_by_id', 'visitor.checked-out', 'check_out_gate_id'];
  const window =
    kind === 'checkIn'
      ? `and ((v.visit_date + v.visit_time_from::time) at time zone $8::text) - make_interval(mins => $9::int) <= $1::timestamptz
         and ((v.visit_date + v.visit_time_to::time + interval '1 minute') at time zone $8::text) > $1::timestamptz`
      : 'and v.check_in_time <= $1::timestamptz';
  const blocklist = kind === 'checkIn' && !override ? `and ${NOT_BLOCKLISTED}` : '';
  const [row] = await query<Row>(
    `with moved as (
       update visitor_invitation v set status = '${to}', updated_at = $1, ${stamp} = $1, ${by} = $3, ${gate} = ${GATE_OF_MOVE},
              notes = case when $4::text is null then v.notes when v.notes is null then $4::text else v.notes || chr(10) || $4::text end
        where v.id = $2 and v.status = '${from}' ${window} ${blocklist}
          and ($7::uuid is null or exists (select 1 from gate g where g.id = $7::uuid and g.is_active))
       returning v.*),
     audit as (insert into audit_event (id, community_id, occurred_at, action, actor_id, ip_address, target_type, target_id, details)
       select $5, moved.community_id, $1, '${action}', $3, $6, 'visitor', moved.id,
              ${
                override
                  ? `jsonb_strip_nulls(jsonb_build_object('notes', $4::text, 'override', true, 'gateId', moved.${gate}, 'blocklistEntryId',
                       (select bl.id from visitor_invitation v cross join lateral (${BLOCKLIST_MATCH}) bl where v.id = moved.id)))`
                  : `case when $4::text is null and moved.${gate} is null then null
                   else jsonb_strip_nulls(jsonb_build_object('notes', $4::text, 'gateId', moved.${gate})) end`
              } from moved)
     select ${COLUMNS} from moved v ${JOINS}`,
    [now, id, userId, note, randomUUID(), ip, gateId, ...(kind === 'checkIn' ? [timeZone, earlyMinutes] : [])],
  );
  if (row) return row;
  if (gateId && (await query('select 1 from gate where id = $1 and is_active', [gateId])).length === 0) {
    throw new Failure(400, 'Unknown gate', 'gateId');
  }
  const [current] = await query<Row & { ended: boolean }>(sql(`select ${COLUMNS}, ${ENDED} as ended from visitor_invitation v ${JOINS} where v.id = $3`), [timeZone, now, id]);
  if (!current) throw new Failure(404, 'Visitor not found');
  if (current.ended && (current.status === 'pending' || current.status === 'approved')) {
    await query(sql(`update visitor_invitation v set status = 'expired', updated_at = $2 where v.id = $3 and v.status in ('pending', 'approved') and ${ENDED}`), [timeZone, now, id]);
    throw statusConflict(kind, 'expired');
  }
  if (current.status !== from) throw statusConflict(kind, current.status);
  if (blocklist) {
    // docs/operations.md#blocklist: refused for the blocklist; the attempt stays in the audit log
    // and the admins are notified.
    const [entry] = await query<{ id: string; reason: string }>(`select bl.id, bl.reason from visitor_invitation v cross join lateral (${BLOCKLIST_MATCH}) bl where v.id = $1`, [id]);
    if (entry) {
      await query(
        `with audit as (insert into audit_event (id, community_id, occurred_at, action, actor_id, ip_address, target_type, target_id, details)
           select $1, v.community_id, $2, 'visitor.blocklist-refused', $3, $4, 'visitor', $5, $6::jsonb from visitor_invitation v where v.id = $5),
         notified as (insert into notification (id, community_id, user_id, kind, visitor_id, created_at)
           select gen_random_uuid(), v.community_id, u.id, 'visitor.blocklist-refused', $5, $2 from visitor_invitation v, app_user u
            where v.id = $5 and u.role = 'admin' and u.is_active returning id)
         select pg_notify('notification', $5::text) from (select 1 where exists (select 1 from notified)) n`,
        [randomUUID(), now, userId, ip, id, JSON.stringify({ blocklistEntryId: entry.id, reason: entry.reason })],
      );
      throw new Failure(409, 'This visitor is on the community blocklist', undefined, 'BLOCKLISTED');
    }
  }
  throw new Failure(409, windowMessage(current), undefined, undefined, {
    reason: 'visit-window',
    date: current.visit_date.slice(0, 10),
    from: current.visit_time_from.slice(0, 5),
    to: current.visit_time_to.slice(0, 5),
  });
}

for (const [path, kind] of [['/api/visitors/checkin-qr', 'checkIn'], ['/api/visitors/checkout-qr', 'checkOut']] as const) {
  app.post(path, async (request, reply) => {
    try {
      const user = await gateUser(request.headers.authorization, new Date());
      return reply.send(envelope(visitorJson(await move(kind, request.body as never, user, request.ip))));
    } catch (error) {
      return fail(reply, error);
    }
  });
}

app.get('/api/health', async (_request, reply) => {
  await query('select 1', []);
  return reply.send(envelope({ status: 'ok', database: 'ok' }));
});

/** The stable code of each refusal here (docs/api.md#error-codes), as the product names them. */
const CODE_BY_STATUS: Record<number, string> = {
  400: 'BAD_REQUEST',
  401: 'UNAUTHENTICATED',
  403: 'FORBIDDEN',
  404: 'NOT_FOUND',
  409: 'INVALID_TRANSITION',
};

function fail(reply: { code(status: number): { send(body: unknown): unknown } }, error: unknown) {
  if (error instanceof Failure) {
    const code = error.field ? 'VALIDATION_FAILED' : (error.code ?? CODE_BY_STATUS[error.status]);
    const details = error.field ? { details: [{ path: error.field, message: error.message }] } : error.refusal ? { details: error.refusal } : {};
    return reply.code(error.status).send({ success: false, data: null, error: error.message, code, ...details });
  }
  console.error(error);
  return reply.code(500).send({ success: false, data: null, error: 'Internal server error', code: 'INTERNAL' });
}

process.on('SIGTERM', () => {
  void app.close().then(close).then(() => process.exit(0));
});
const address = await app.listen({ port: Number(process.env.PORT ?? 0), host: '127.0.0.1' });
console.log(`Baseline is ready: ${address}`);
