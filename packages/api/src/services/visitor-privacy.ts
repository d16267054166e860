/**
 * Visitor privacy and retention (docs/privacy.md#retention-and-erasure).
 *
 * - The retention job (`anonymiseEndedVisitors`, daily): visitors whose visit ended more
 *   than `VISITOR_RETENTION_DAYS` ago lose their personal data: the name becomes "Visitor";
 *   phone, e-mail, plate, notes and photo are removed. Purpose, dates, house, host, status,
 *   kind, gates and check-in/out times stay, so reports count them as before.
 * - An admin's erase (`eraseVisitor`): the same at once for one visitor, the purpose too.
 *
 * Both set `anonymised_at`, which the visitor JSON shows as `anonymisedAt`, so that no
 * client takes "Visitor" for a real name; the phone is stored as '' (the column stays NOT
 * NULL; a CHECK allows '' only on an anonymised row) and shown as null. Where else the
 * removed values lived, and what happens there:
 * - `visitor_photo`: the row is deleted, `has_photo` false.
 * - The search counts (`visitor_search_gram_count`) and `search_text`: kept by the database
 *   from name and phone (a trigger and a generated column), so they follow the UPDATE: a
 *   search for the old name or phone finds nothing.
 * - The row's free text goes too: the gate's notes and a walk-in decision's reason.
 * - The audit log keeps ids, never removed values: the free text of the rows about the
 *   visitor and about its Needs review entries (`details.notes`, `reason`, `message`, `note`:
 *   the gate's notes, a decision's or blocklist refusal's reason, a review's message and
 *   note) is removed (the one UPDATE the append-only trigger allows); the Activity Log and
 *   the audit export read these rows. The rows written here name visitors by id only.
 * - `gate_review` (Needs review): the message and an admin's note become
 *   `REDACTED_REVIEW_TEXT`; the refusal's code and its details (statuses, dates, times: no
 *   personal data, but a plate) stay, so the list still says what was refused.
 * - `visitor_event.state` (a day's live events, replayed to live screens): its notes and
 *   decision reason are cleared (the replay reads the rest from the row).
 * - `webhook_delivery.payload` (the body kept for resends): the visitor's personal fields
 *   are overwritten as in the row, with `anonymisedAt` (for the retention job, the payloads
 *   older than the retention period; for an erase, the visitor's own).
 * - `idempotency_key.response_body` (an answer kept 24 h for a repeat of its
 *   Idempotency-Key): wherever an answer kept before the anonymisation shows the visitor (or
 *   one of its reviews), those fields take the row's new values (`redactKeptAnswers`), so a
 *   repeat gets the anonymised visitor, and the work is still not done twice.
 * - Notifications hold only the visitor's id; the gate pack is read from the row.
 * Both the erase and the retention job go through `removeCopies` and `redactKeptAnswers`,
 * so they reach the same places.
 * An erase is a visitor change like any other, so it writes a `visitor.updated` event (live
 * screens refresh, webhook receivers learn that the visitor was erased). The retention job's
 * batches do not (`gatehouse.quiet_visitor_events`, read by the event trigger): their visits
 * ended months ago, no screen shows them, and the first run on an old database would
 * otherwise send one event and one webhook delivery per visitor ever recorded.
 */
import { communityIdOf, type Database, type EntityManager } from '@gatehouse/db';
import { isUuid, type Visitor } from '@gatehouse/shared';
import type { PgBoss } from 'pg-boss';

import { httpError } from '../errors';
import { serializeVisitorRow, VISITOR_ROW_JOINS, visitorRowColumns, type VisitorRow } from '../lib/serialize';
import { recordAudit, type Actor } from './audit';
import { forEachActiveCommunity } from './communities';

/** VISITOR_RETENTION_DAYS' default (docs/privacy.md#retention-and-erasure). */
export const DEFAULT_VISITOR_RETENTION_DAYS = 180;
/** Visitors anonymised per statement: a million old rows never hold one huge transaction. */
export const RETENTION_BATCH_SIZE = 1_000;
/** The name an anonymised visitor keeps (docs/privacy.md#retention-and-erasure). */
export const ANONYMISED_NAME = 'Visitor';

/** What the retention job removes, and what an erase removes besides (the purpose). */
const RETENTION_FIELDS = ['name', 'phone', 'email', 'vehicleLicensePlate', 'notes', 'decisionReason', 'photo'] as const;

/** What a Needs review entry of an anonymised visitor says in place of its message and note. */
export const REDACTED_REVIEW_TEXT = 'Personal data erased';

/**
 * The free text an audit row about a visitor (or one of its reviews) may hold in its
 * details; the append-only trigger of `audit_event` allows removing exactly these.
 */
const AUDIT_FREE_TEXT_KEYS = ['notes', 'reason', 'message', 'note'] as const;

/** The visitor JSON's fields that an anonymisation changes: what a kept answer takes from the row. */
const ANONYMISED_VISITOR_FIELDS = [
  'name',
  'phone',
  'email',
  'purpose',
  'vehicleLicensePlate',
  'notes',
  'decisionReason',
  'hasPhoto',
  'anonymisedAt',
] as const satisfies readonly (keyof Visitor)[];

/** A UUID as ids are written in JSON (lower case). */
const UUID_SQL_PATTERN = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const ERASE_FIELDS = [...RETENTION_FIELDS, 'purpose'] as const;

/** What a retention run did. */
export interface RetentionResult {
  /** Visitors anonymised by this run. */
  anonymised: number;
  /** The instant before which a visit must have ended to be anonymised. */
  cutoff: Date;
}

/**
 * The SET list of an anonymising UPDATE of `visitor_invitation v` (parameter: the instant).
 * Purpose is removed only by an erase (docs/privacy.md#retention-and-erasure lists it there alone).
 */
function anonymisingSets(erase: boolean): string {
  return [
    `name = '${ANONYMISED_NAME}'`,
    `phone = ''`,
    'email = null',
    'vehicle_license_plate = null',
    'notes = null',
    'decision_reason = null',
    'has_photo = false',
    ...(erase ? ['purpose = null'] : []),
    'anonymised_at = ?',
    'updated_at = ?',
  ].join(', ');
}

/** The fields a stored webhook body's `data` gets in place of the removed values. */
function redactedPayloadData(erase: boolean, at: Date): string {
  return JSON.stringify({
    name: ANONYMISED_NAME,
    phone: null,
    email: null,
    vehicleLicensePlate: null,
    notes: null,
    decisionReason: null,
    hasPhoto: false,
    ...(erase ? { purpose: null } : {}),
    anonymisedAt: at.toISOString(),
  });
}

/**
 * Removes what else holds the removed values of the just-anonymised visitors `ids` (see the
 * file's comment): the photos; the free text of the audit rows about them and their Needs
 * review entries; the reviews' message and note; the notes and decision reason of the day's
 * visitor events. The retention job and an erase both call it, in their own transaction; every
 * statement names `em`'s community (docs/security.md#communities).
 */
async function removeCopies(em: EntityManager, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const communityId = communityIdOf(em);
  const list = `{${ids.join(',')}}`;
  const freeText = `{${AUDIT_FREE_TEXT_KEYS.join(',')}}`;
  await em.execute(`delete from visitor_photo where community_id = ? and visitor_id = any(?::uuid[])`, [communityId, list]);
  await em.execute(
    `update audit_event set details = details - ?::text[]
      where community_id = ?
        and ((target_type = 'visitor' and target_id = any(?::uuid[]))
          or (target_type = 'gate-review' and target_id in (select id from gate_review where community_id = ? and visitor_id = any(?::uuid[]))))
        and jsonb_exists_any(details, ?::text[])`,
    [freeText, communityId, list, communityId, list, freeText],
  );
  await em.execute(
    `update gate_review set message = ?, note = case when note is null then null else ? end,
            details = case when jsonb_typeof(details) = 'object' then details - 'plate' end
      where community_id = ? and visitor_id = any(?::uuid[]) and (message <> ? or note <> ? or jsonb_exists(details, 'plate') or jsonb_typeof(details) = 'array')`,
    [REDACTED_REVIEW_TEXT, REDACTED_REVIEW_TEXT, communityId, list, REDACTED_REVIEW_TEXT, REDACTED_REVIEW_TEXT],
  );
  await em.execute(
    `update visitor_event set state = state || '{"notes": null, "decision_reason": null, "has_photo": false}'::jsonb
      where community_id = ? and visitor_id = any(?::uuid[]) and (state ->> 'notes' is not null or state ->> 'decision_reason' is not null or state ->> 'has_photo' = 'true')`,
    [communityId, list],
  );
}

/**
 * The answers kept for a repeat of an Idempotency-Key (24 h) that were made before a visitor
 * they show was anonymised: wherever such an answer holds that visitor (an object with its
 * id: the visitor, a list's item, a review's `visitor`) or one of its Needs review entries,
 * the fields an anonymisation changes take their current values (the visitor's name
 * "Visitor", no phone…; a review's message and note). A repeat then gets the anonymised
 * visitor, and the work is still done once. `visitorId`: only the answers showing that
 * visitor (an erase); absent: every answer showing any visitor anonymised after it was kept
 * (the retention job, once a run). Answers are found by the ids they contain. `em`'s community's
 * answers and visitors only (docs/security.md#communities).
 */
async function redactKeptAnswers(em: EntityManager, visitorId?: string): Promise<void> {
  const communityId = communityIdOf(em);
  const rows = await em.execute<{ id: string; response_body: string; visitor_ids: string }[]>(
    `select k.id, k.response_body, string_agg(distinct v.id::text, ',') as visitor_ids
       from idempotency_key k
       cross join lateral regexp_matches(k.response_body, '${UUID_SQL_PATTERN}', 'g') as found(ids)
       join visitor_invitation v on v.id = found.ids[1]::uuid and v.community_id = k.community_id and v.anonymised_at is not null and v.anonymised_at >= k.created_at
      where k.community_id = ? and k.response_body is not null ${visitorId ? 'and strpos(k.response_body, ?) > 0 and v.id = ?' : ''}
      group by k.id, k.response_body`,
    visitorId ? [communityId, visitorId, visitorId] : [communityId],
  );
  if (rows.length === 0) return;
  const ids = [...new Set(rows.flatMap((row) => row.visitor_ids.split(',')))];
  const list = `{${ids.join(',')}}`;
  const current = new Map<string, Record<string, unknown>>();
  const visitors = await em.execute<VisitorRow[]>(`select ${visitorRowColumns('v')} from visitor_invitation v ${VISITOR_ROW_JOINS} where v.community_id = ? and v.id = any(?::uuid[])`, [communityId, list]);
  for (const visitor of visitors) {
    const json = serializeVisitorRow(visitor);
    current.set(json.id, Object.fromEntries(ANONYMISED_VISITOR_FIELDS.map((field) => [field, json[field]])));
  }
  const reviews = await em.execute<{ id: string; message: string; note: string | null; details: unknown }[]>(
    `select id, message, note, details from gate_review where community_id = ? and visitor_id = any(?::uuid[])`,
    [communityId, list],
  );
  for (const review of reviews) {
    const details = typeof review.details === 'string' ? (JSON.parse(review.details) as unknown) : (review.details ?? null);
    current.set(review.id, { message: review.message, note: review.note, details });
  }
  for (const row of rows) {
    let body: unknown;
    try {
      body = JSON.parse(row.response_body);
    } catch {
      continue;
    }
    const redacted = JSON.stringify(withCurrentValues(body, current));
    if (redacted === row.response_body) continue;
    // Only if the answer is still the one read (a new claim of the key replaces it).
    await em.execute(`update idempotency_key set response_body = ? where community_id = ? and id = ? and response_body = ?`, [
      redacted,
      communityId,
      row.id,
      row.response_body,
    ]);
  }
}

/** `value` with every object whose `id` is a key of `current` given those fields it has, deeply. */
function withCurrentValues(value: unknown, current: ReadonlyMap<string, Record<string, unknown>>): unknown {
  if (Array.isArray(value)) return value.map((item) => withCurrentValues(item, current));
  if (value === null || typeof value !== 'object') return value;
  const object = Object.fromEntries(Object.entries(value).map(([key, item]) => [key, withCurrentValues(item, current)]));
  const fields = typeof object.id === 'string' ? current.get(object.id.toLowerCase()) : undefined;
  if (fields) for (const [key, item] of Object.entries(fields)) if (key in object) object[key] = item;
  return object;
}

/**
 * The retention job (docs/privacy.md#retention-and-erasure): anonymises every visitor whose visit
 * ended more than
 * `retentionDays` days before `now`, `batchSize` visitors per transaction, and returns how
 * many. Idempotent: anonymised visitors are skipped, so a second run (or a second process
 * running at once: rows are claimed with SKIP LOCKED) does nothing more.
 *
 * "Ended" is the later of the visit window's end (`visitDate` + `visitTimeTo` in the
 * community's zone, `timeZone`) and the check-out: a visitor who stayed past the window
 * ended when they left, and one who never came ended with the window. A visitor still
 * checked in has not ended (they are on the roll call of who is inside) and is kept until
 * checked out. Each batch writes one `visitor.anonymised` audit row in its own transaction,
 * `{count, visitorIds, retentionDays, cutoff}` (ids only); a run that found nothing writes
 * one with count 0, so the log shows the job ran. The batches write no visitor events (and
 * so no webhook deliveries). Afterwards the stored webhook bodies older than the cutoff
 * lose their personal fields, also in batches, and so do the answers kept for repeats of an
 * Idempotency-Key that show an anonymised visitor (`redactKeptAnswers`).
 */
export async function anonymiseEndedVisitors(
  em: EntityManager,
  options: { now: Date; timeZone: string; retentionDays: number; batchSize?: number },
): Promise<RetentionResult> {
  const { now, timeZone, retentionDays } = options;
  const batchSize = options.batchSize ?? RETENTION_BATCH_SIZE;
  if (!Number.isSafeInteger(retentionDays) || retentionDays < 1) throw new RangeError('retentionDays must be a positive whole number');
  const cutoff = new Date(now.getTime() - retentionDays * 86_400_000);
  // Any visit ended before the cutoff has its date on or before the cutoff's UTC date + 1
  // (zones are within ±14 h): a bound the partial index serves.
  const lastDate = new Date(cutoff.getTime() + 86_400_000).toISOString().slice(0, 10);
  const actor: Actor = { userId: null, ipAddress: '' };
  // docs/security.md#communities: `em`'s community's visitors and webhook bodies only.
  const communityId = communityIdOf(em);
  let anonymised = 0;
  for (;;) {
    const ids = await em.transactional(async (tx) => {
      // No visitor.updated event per anonymised visitor (see the file's comment); for this
      // transaction only.
      await tx.execute(`set local gatehouse.quiet_visitor_events = 'on'`);
      const rows = await tx.execute<{ id: string }[]>(
        `with picked as (
           select v.id from visitor_invitation v
            where v.community_id = ? and v.anonymised_at is null and v.status <> 'checked-in' and v.visit_date <= ?::date
              and greatest((v.visit_date + v.visit_time_to::time) at time zone ?, coalesce(v.check_out_time, '-infinity'::timestamptz)) < ?
            order by v.visit_date, v.id
            limit ?
            for update skip locked
         )
         update visitor_invitation v set ${anonymisingSets(false)} from picked where v.id = picked.id returning v.id`,
        [communityId, lastDate, timeZone, cutoff, batchSize, now, now],
      );
      const batch = rows.map((row) => row.id);
      await removeCopies(tx, batch);
      if (batch.length > 0 || anonymised === 0) {
        await recordAudit(
          tx,
          actor,
          { action: 'visitor.anonymised', details: { count: batch.length, visitorIds: batch, retentionDays, cutoff: cutoff.toISOString() } },
          now,
        );
      }
      return batch;
    });
    anonymised += ids.length;
    if (ids.length < batchSize) break;
  }
  // The webhook bodies kept for resends: those made before the cutoff, not yet redacted.
  const redacted = redactedPayloadData(false, now);
  for (;;) {
    const rows = await em.execute<{ id: string }[]>(
      `update webhook_delivery d set payload = jsonb_set(d.payload, '{data}', (d.payload -> 'data') || ?::jsonb)
        where d.id in (select id from webhook_delivery
                        where community_id = ? and created_at < ? and jsonb_typeof(payload -> 'data') = 'object' and payload -> 'data' ->> 'anonymisedAt' is null
                        limit ?)
        returning d.id`,
      [redacted, communityId, cutoff, batchSize],
    );
    if (rows.length < batchSize) break;
  }
  // The answers kept for repeats (24 h) that show a visitor anonymised since.
  await redactKeptAnswers(em);
  return { anonymised, cutoff };
}

/**
 * An admin's erase of one visitor (docs/privacy.md#retention-and-erasure, `POST
 * /api/visitors/{id}/erase`): as the
 * retention job does, and the purpose too, at once, whatever the visitor's status (a
 * visitor inside stays checked in: the gate still sees them, as "Visitor"). Erasing again
 * is allowed and records another erase. Writes `visitor.erased` (who asked: the actor; the
 * visitor's id; the names of the removed fields, never their values) in the same
 * transaction, and one `visitor.updated` event. The id may be in any case. Returns the
 * anonymised visitor. Errors: 404 'Visitor not found'.
 */
export async function eraseVisitor(em: EntityManager, actor: Actor, visitorId: string, now: Date): Promise<Visitor> {
  if (!isUuid(visitorId)) throw httpError(404, 'Visitor not found');
  // Ids are stored in lower case; the webhook bodies and audit rows compare them as text.
  const id = visitorId.toLowerCase();
  return em.transactional(async (tx) => {
    const [row] = await tx.execute<VisitorRow[]>(
      `with erased as (update visitor_invitation v set ${anonymisingSets(true)} where v.community_id = ? and v.id = ? returning v.*)
       select ${visitorRowColumns('v')} from erased v ${VISITOR_ROW_JOINS}`,
      [now, now, communityIdOf(tx), id],
    );
    if (!row) throw httpError(404, 'Visitor not found');
    await removeCopies(tx, [id]);
    await redactKeptAnswers(tx, id);
    await tx.execute(
      `update webhook_delivery set payload = jsonb_set(payload, '{data}', (payload -> 'data') || ?::jsonb)
        where community_id = ? and jsonb_typeof(payload -> 'data') = 'object' and payload -> 'data' ->> 'id' = ?`,
      [redactedPayloadData(true, now), communityIdOf(tx), id],
    );
    await recordAudit(
      tx,
      actor,
      { action: 'visitor.erased', targetType: 'visitor', targetId: id, details: { fields: [...ERASE_FIELDS] } },
      now,
    );
    return serializeVisitorRow(row);
  });
}

/** The pg-boss queue of the daily retention run. */
export const VISITOR_RETENTION_QUEUE = 'visitor-retention';
/** When the retention job runs: daily at 03:15 in the community's zone (a quiet hour at the gate). */
export const VISITOR_RETENTION_CRON = '15 3 * * *';

/** How the daily retention run is scheduled. */
export interface VisitorRetentionJobOptions {
  /** COMMUNITY_TIMEZONE: the zone of the schedule and of the visits' windows. */
  timeZone: string;
  /** VISITOR_RETENTION_DAYS. */
  retentionDays: number;
  /** The schedule (default VISITOR_RETENTION_CRON). */
  cron?: string;
  /** How often this process's worker looks for the day's job (s; default 60). */
  pollIntervalSeconds?: number;
  /** The current instant (tests). */
  clock?: () => Date;
  /** Hears each run's result (logging, tests). */
  onRun?: (result: RetentionResult) => void;
}

/**
 * Registers the retention job (docs/privacy.md#retention-and-erasure) on the process's pg-boss (the
 * one the webhook
 * sender runs, on PostgreSQL and on PGlite alike): a queue whose policy lets one job be
 * active at a time, a cron schedule in the community's zone (pg-boss makes one job per
 * occurrence however many server processes run, and one job when the servers were down at
 * that hour), and this process's worker, which runs `anonymiseEndedVisitors` for each active
 * community (its own retention period and zone; one `onRun` per community). The run is
 * idempotent and claims rows with SKIP LOCKED, so even an overlapping run does no harm.
 * A failed run is retried twice by pg-boss, then again the next day.
 */
export async function startVisitorRetentionJob(boss: PgBoss, db: Database, options: VisitorRetentionJobOptions): Promise<void> {
  const clock = options.clock ?? (() => new Date());
  await boss.createQueue(VISITOR_RETENTION_QUEUE, {
    policy: 'singleton',
    retryLimit: 2,
    retryDelay: 600,
    expireInSeconds: 3_600,
    deleteAfterSeconds: 7 * 24 * 3_600,
  });
  await boss.schedule(VISITOR_RETENTION_QUEUE, options.cron ?? VISITOR_RETENTION_CRON, null, { tz: options.timeZone, missed: 'once' });
  await boss.work(VISITOR_RETENTION_QUEUE, { pollingIntervalSeconds: options.pollIntervalSeconds ?? 60 }, async () => {
    // docs/security.md#communities: each active community in turn, with its own retention period
    // (its `visitorRetentionDays`, else the option) and its zone for the visits' windows.
    await forEachActiveCommunity(db, async (em, community) => {
      const days = community.settings.visitorRetentionDays;
      const retentionDays = typeof days === 'number' && Number.isSafeInteger(days) && days >= 1 ? days : options.retentionDays;
      const result = await anonymiseEndedVisitors(em, { now: clock(), timeZone: community.timeZone, retentionDays });
      options.onRun?.(result);
    });
  });
}
