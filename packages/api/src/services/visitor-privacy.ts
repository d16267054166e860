/**
 * Visitor privacy and retention (operations §6).
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
 * - The audit log keeps ids, never removed values: the gate notes recorded in check-in and
 *   check-out rows (`details.notes`) are removed (the one UPDATE the append-only trigger
 *   allows); the rows written here name visitors by id only.
 * - `visitor_event.state` (a day's live events): its notes are cleared.
 * - `webhook_delivery.payload` (the body kept for resends): the visitor's personal fields
 *   are overwritten as in the row, with `anonymisedAt` (for the retention job, the payloads
 *   older than the retention period; for an erase, the visitor's own).
 * - Notifications hold only the visitor's id; the gate pack is read from the row.
 * An erase is a visitor change like any other, so it writes a `visitor.updated` event (live
 * screens refresh, webhook receivers learn that the visitor was erased). The retention job's
 * batches do not (`gatehouse.quiet_visitor_events`, read by the event trigger): their visits
 * ended months ago, no screen shows them, and the first run on an old database would
 * otherwise send one event and one webhook delivery per visitor ever recorded.
 */
import type { Database, EntityManager } from '@gatehouse/db';
import { isUuid, type Visitor } from '@gatehouse/shared';
import type { PgBoss } from 'pg-boss';

import { httpError } from '../errors';
import { serializeVisitorRow, VISITOR_ROW_JOINS, visitorRowColumns, type VisitorRow } from '../lib/serialize';
import { recordAudit, type Actor } from './audit';

/** VISITOR_RETENTION_DAYS' default (operations §6). */
export const DEFAULT_VISITOR_RETENTION_DAYS = 180;
/** Visitors anonymised per statement: a million old rows never hold one huge transaction. */
export const RETENTION_BATCH_SIZE = 1_000;
/** The name an anonymised visitor keeps (operations §6). */
export const ANONYMISED_NAME = 'Visitor';

/** What the retention job removes, and what an erase removes besides (the purpose). */
const RETENTION_FIELDS = ['name', 'phone', 'email', 'vehicleLicensePlate', 'notes', 'photo'] as const;
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
 * Purpose is removed only by an erase (operations §6 lists it there alone).
 */
function anonymisingSets(erase: boolean): string {
  return [
    `name = '${ANONYMISED_NAME}'`,
    `phone = ''`,
    'email = null',
    'vehicle_license_plate = null',
    'notes = null',
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
    hasPhoto: false,
    ...(erase ? { purpose: null } : {}),
    anonymisedAt: at.toISOString(),
  });
}

/**
 * Removes what else holds the removed values of `ids` (see the file's comment): the photos,
 * the gate notes in the audit log and in the day's visitor events.
 */
async function removeCopies(em: EntityManager, ids: string[]): Promise<void> {
  if (ids.length === 0) return;
  const list = `{${ids.join(',')}}`;
  await em.execute(`delete from visitor_photo where visitor_id = any(?::uuid[])`, [list]);
  await em.execute(
    `update audit_event set details = details - 'notes'
      where target_type = 'visitor' and target_id = any(?::uuid[]) and (details -> 'notes') is not null`,
    [list],
  );
  await em.execute(
    `update visitor_event set state = state || '{"notes": null}'::jsonb
      where visitor_id = any(?::uuid[]) and state ->> 'notes' is not null`,
    [list],
  );
}

/**
 * The retention job (operations §6): anonymises every visitor whose visit ended more than
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
 * so no webhook deliveries). Afterwards the stored webhook bodies
 * older than the cutoff lose their personal fields, also in batches.
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
  let anonymised = 0;
  for (;;) {
    const ids = await em.transactional(async (tx) => {
      // No visitor.updated event per anonymised visitor (see the file's comment); for this
      // transaction only.
      await tx.execute(`set local gatehouse.quiet_visitor_events = 'on'`);
      const rows = await tx.execute<{ id: string }[]>(
        `with picked as (
           select v.id from visitor_invitation v
            where v.anonymised_at is null and v.status <> 'checked-in' and v.visit_date <= ?::date
              and greatest((v.visit_date + v.visit_time_to::time) at time zone ?, coalesce(v.check_out_time, '-infinity'::timestamptz)) < ?
            order by v.visit_date, v.id
            limit ?
            for update skip locked
         )
         update visitor_invitation v set ${anonymisingSets(false)} from picked where v.id = picked.id returning v.id`,
        [lastDate, timeZone, cutoff, batchSize, now, now],
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
                        where created_at < ? and jsonb_typeof(payload -> 'data') = 'object' and payload -> 'data' ->> 'anonymisedAt' is null
                        limit ?)
        returning d.id`,
      [redacted, cutoff, batchSize],
    );
    if (rows.length < batchSize) break;
  }
  return { anonymised, cutoff };
}

/**
 * An admin's erase of one visitor (operations §6, `POST /api/visitors/{id}/erase`): as the
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
      `with erased as (update visitor_invitation v set ${anonymisingSets(true)} where v.id = ? returning v.*)
       select ${visitorRowColumns('v')} from erased v ${VISITOR_ROW_JOINS}`,
      [now, now, id],
    );
    if (!row) throw httpError(404, 'Visitor not found');
    await removeCopies(tx, [id]);
    await tx.execute(
      `update webhook_delivery set payload = jsonb_set(payload, '{data}', (payload -> 'data') || ?::jsonb)
        where jsonb_typeof(payload -> 'data') = 'object' and payload -> 'data' ->> 'id' = ?`,
      [redactedPayloadData(true, now), id],
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
 * Registers the retention job (operations §6) on the process's pg-boss (the one the webhook
 * sender runs, on PostgreSQL and on PGlite alike): a queue whose policy lets one job be
 * active at a time, a cron schedule in the community's zone (pg-boss makes one job per
 * occurrence however many server processes run, and one job when the servers were down at
 * that hour), and this process's worker, which runs `anonymiseEndedVisitors`. The run is
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
    const result = await anonymiseEndedVisitors(db.fork(), { now: clock(), timeZone: options.timeZone, retentionDays: options.retentionDays });
    options.onRun?.(result);
  });
}
