/**
 * Sending webhook deliveries (docs/api.md#webhooks) from a job queue, pg-boss, so that a slow or
 * failing receiver never slows a request.
 *
 * - The database writes the deliveries: the trigger on `visitor_event` inserts one pending
 *   row per active webhook subscribed to the event's type, in the event's own transaction
 *   (exactly once, however many server processes run), and `NOTIFY webhook_delivery`.
 * - Each process listens; on a notification it queues a pg-boss job per new delivery, with
 *   the delivery's id as the job's id, so that of several processes only one job is made,
 *   and wakes its own worker at once (a delivery leaves well within 5 s of its event).
 * - The row is the truth, the job a wake-up: an attempt first claims the row (`pending`,
 *   due and not leased, then leased: `leased_until`), so a duplicate or late job does
 *   nothing, and a resend during an attempt does not start a second one. After a failed attempt the
 *   row says when the next is due and a job is queued to start then (~5 s, 1 min, 5 min,
 *   30 min, 2 h, 6 h, 15 h, ±10 % jitter), after the last one the delivery is `failed`.
 * - A sweep every 30 s queues what is overdue (a process stopped between a row and its job).
 *
 * pg-boss keeps its tables in the `pgboss` schema, which MikroORM's schema tools never read
 * (they compare only the entities' schema, `public`). On PGlite it shares the ORM's one
 * connection (`fromPglite`): its polls wait for our transactions, so it polls slowly, and
 * nothing here calls it inside one of ours.
 */
import { createHmac } from 'node:crypto';
import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';

import type { Database, EntityManager } from '@gatehouse/db';
import { isUuid, type Visitor } from '@gatehouse/shared';
import { fromPglite, PgBoss, type PGliteLike } from 'pg-boss';

import { readVisitorEvent } from './visitor-events';
import { resolveWebhookUrl, WebhookAddressError, type HostResolver, type ResolvedAddress } from './webhook-addresses';

/**
 * The retry schedule of docs/api.md#webhooks: after the 1st to 7th failed attempt (ms); then
 * failed.
 */
export const DEFAULT_WEBHOOK_RETRY_DELAYS_MS: readonly number[] = [
  5_000,
  60_000,
  5 * 60_000,
  30 * 60_000,
  2 * 3_600_000,
  6 * 3_600_000,
  15 * 3_600_000,
];
/** docs/api.md#webhooks: an attempt has 10 s to be answered. */
export const WEBHOOK_TIMEOUT_MS = 10_000;
/** The pg-boss queue of delivery attempts. */
export const WEBHOOK_QUEUE = 'webhook-delivery';
/** pg-boss's schema, beside ours. */
export const PG_BOSS_SCHEMA = 'pgboss';
/** The NOTIFY channel of the trigger that writes deliveries (payload: the event id). */
export const WEBHOOK_DELIVERY_CHANNEL = 'webhook_delivery';

/**
 * How the dispatcher sends; everything but `allowPrivate` has the documented default
 * (docs/api.md#webhooks).
 */
export interface WebhookDispatcherOptions {
  /** WEBHOOK_ALLOW_PRIVATE: deliver to loopback and private addresses too. */
  allowPrivate: boolean;
  /** The delay after each failed attempt (ms); its length is the number of retries. Tests shorten it. */
  retryDelaysMs?: readonly number[];
  /** Jitter, as a fraction of each delay (default 0.1: ±10 %). */
  jitter?: number;
  /** How long an attempt may take (default 10 s). */
  timeoutMs?: number;
  /** How often the worker polls pg-boss when not woken (s; default 2 on PostgreSQL, 5 on PGlite). */
  pollIntervalSeconds?: number;
  /** How often overdue deliveries are queued again (ms; default 30 s). */
  sweepIntervalMs?: number;
  /** Host resolution (tests). */
  resolver?: HostResolver;
  /** Hears what went wrong in the background (a failed query, a pg-boss error). */
  onError?: (error: unknown) => void;
  /**
   * Other work on this process's pg-boss (one job queue per process), registered once it has
   * started, e.g. the daily retention job (docs/privacy.md#retention-and-erasure). Given: pg-boss
   * also runs its cron
   * schedules (checked every 30 s).
   */
  jobs?: (boss: PgBoss) => Promise<void>;
}

/** What an attempt came to: an HTTP status, or what went wrong before one. */
type AttemptOutcome = { statusCode: number } | { error: string };

interface ClaimedDelivery {
  id: string;
  /** The delivery's community (docs/security.md#communities): every later statement names it. */
  community_id: string;
  attempts: number;
  event_type: string;
  event_id: string;
  payload: Record<string, unknown> | string | null;
  url: string;
  secret: string;
}

/**
 * The Standard Webhooks signature header value: `v1,<base64 HMAC-SHA256(key, "<id>.<timestamp>.<body>")>`,
 * the key being the base64-decoded part of `secret` after `whsec_` (docs/api.md#webhooks).
 */
export function signWebhook(secret: string, id: string, timestampSeconds: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestampSeconds}.${body}`).digest('base64')}`;
}

/**
 * What a webhook receives of a visitor: the visitor as a guard reads it, without the pass
 * itself. `qrCodeToken`, `passCode` and `qrCodeDataUrl` open the gate to whoever holds them,
 * and a receiver (a chat channel, a spreadsheet, a contractor's system) must not be able to
 * walk in with what it was sent; it learns the visitor's id, name, window and status.
 */
export function webhookVisitorData(visitor: Visitor): Omit<Visitor, 'qrCodeToken' | 'passCode' | 'qrCodeDataUrl'> {
  const { qrCodeToken: _token, passCode: _code, qrCodeDataUrl: _image, ...data } = visitor;
  return data;
}

/**
 * The delay before the next attempt after `attempts` attempts have failed, with jitter
 * (ms), or null when the schedule is exhausted (the delivery then fails).
 */
export function nextRetryDelayMs(attempts: number, delays: readonly number[] = DEFAULT_WEBHOOK_RETRY_DELAYS_MS, jitter = 0.1): number | null {
  const base = delays[attempts - 1];
  if (base === undefined) return null;
  return Math.max(0, Math.round(base * (1 + jitter * (2 * Math.random() - 1))));
}

/** A network error in plain words for `lastError` (at most 500 characters). */
function describeNetworkError(error: unknown, timeoutMs: number, timedOut: boolean, stopping: boolean): string {
  if (stopping) return 'Interrupted: the server was stopping';
  if (timedOut) return `Timed out after ${Math.round(timeoutMs / 1000)} s`;
  const code = (error as { code?: unknown })?.code;
  const message = error instanceof Error ? error.message : String(error);
  const text = typeof code === 'string' && !message.includes(code) ? `${message} (${code})` : message;
  return text.slice(0, 500) || 'Network error';
}

/**
 * POSTs `body` to `url`, connecting to `address` (the one checked: no second DNS look-up),
 * with the TLS name and Host header of the URL. Resolves with the status, or the error.
 */
function post(
  url: URL,
  address: ResolvedAddress,
  headers: Record<string, string>,
  body: string,
  timeoutMs: number,
  stop: AbortSignal,
): Promise<AttemptOutcome> {
  return new Promise((resolve) => {
    const pinned: LookupFunction = (_hostname, options, callback) => {
      if (options.all) (callback as unknown as (error: null, addresses: { address: string; family: number }[]) => void)(null, [address]);
      else callback(null, address.address, address.family);
    };
    let timedOut = false;
    const timeout = AbortSignal.timeout(timeoutMs);
    timeout.addEventListener('abort', () => (timedOut = true), { once: true });
    const signal = AbortSignal.any([timeout, stop]);
    const client = url.protocol === 'https:' ? https : http;
    let settled = false;
    const finish = (outcome: AttemptOutcome) => {
      if (settled) return;
      settled = true;
      resolve(outcome);
    };
    const request = client.request(
      url,
      { method: 'POST', headers: { ...headers, 'content-length': String(Buffer.byteLength(body)) }, lookup: pinned, signal, agent: false },
      (response) => {
        finish({ statusCode: response.statusCode ?? 0 });
        // The answer's body is not needed: read it away and hang up.
        response.resume();
        response.once('end', () => request.destroy());
      },
    );
    request.once('error', (error) => finish({ error: describeNetworkError(error, timeoutMs, timedOut, stop.aborted && !timedOut) }));
    request.end(body);
  });
}

/**
 * One per server process: queues and sends webhook deliveries (see the file's comment).
 * `start()` once; `close()` at shutdown, before the database closes.
 */
export class WebhookDispatcher {
  readonly #db: Database;
  readonly #options: Required<Omit<WebhookDispatcherOptions, 'resolver' | 'pollIntervalSeconds' | 'jobs'>> &
    Pick<WebhookDispatcherOptions, 'resolver' | 'pollIntervalSeconds' | 'jobs'>;
  #boss: PgBoss | null = null;
  #workerId: string | null = null;
  #unlisten: (() => Promise<void>) | null = null;
  #sweep: NodeJS.Timeout | undefined;
  readonly #stop = new AbortController();
  readonly #inFlight = new Set<Promise<unknown>>();

  constructor(db: Database, options: WebhookDispatcherOptions) {
    this.#db = db;
    this.#options = {
      retryDelaysMs: DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
      jitter: 0.1,
      timeoutMs: WEBHOOK_TIMEOUT_MS,
      sweepIntervalMs: 30_000,
      onError: () => {},
      ...options,
    };
  }

  /**
   * Starts pg-boss (installing its schema the first time), its worker, the listener and the
   * sweep. If any step fails, everything started so far is stopped again (`close()`: pg-boss
   * and its connections included) and the error is thrown; the dispatcher is then done.
   */
  async start(): Promise<void> {
    const pglite = this.#db.target.kind === 'pglite';
    const scheduling = this.#options.jobs ? { schedule: true, cronWorkerIntervalSeconds: 30, cronMonitorIntervalSeconds: 30 } : { schedule: false };
    const common = { schema: PG_BOSS_SCHEMA, ...scheduling, application_name: 'gatehouse-webhooks' } as const;
    try {
      let boss: PgBoss;
      if (this.#db.target.kind === 'pglite') {
        const native = await (this.#db.orm.em.getConnection() as unknown as { getNativeClient(): Promise<PGliteLike> }).getNativeClient();
        boss = new PgBoss({ ...common, db: fromPglite(native), backend: 'pglite' });
      } else {
        boss = new PgBoss({ ...common, connectionString: this.#db.target.url, max: 3 });
      }
      boss.on('error', (error) => this.#options.onError(error));
      // Known before it starts, so that a failure from here on stops it (close()).
      this.#boss = boss;
      await boss.start();
      await boss.createQueue(WEBHOOK_QUEUE, { retryLimit: 2, retryDelay: 10, expireInSeconds: 120, deleteAfterSeconds: 24 * 3600 });
      this.#workerId = await boss.work<{ deliveryId: string }>(
        WEBHOOK_QUEUE,
        { batchSize: 10, pollingIntervalSeconds: this.#options.pollIntervalSeconds ?? (pglite ? 5 : 2) },
        async (jobs) => {
          await Promise.all(jobs.map((job) => this.#track(this.#attempt(job.data.deliveryId))));
        },
      );
      this.#unlisten = await this.#db.listen(WEBHOOK_DELIVERY_CHANNEL, {
        onMessage: (eventId) => void this.#track(this.#queueEvent(eventId)),
        // Notifications sent while the listener was down are lost: the sweep finds them.
        onReconnect: () => void this.#track(this.#queueDue(0)),
      });
      this.#sweep = setInterval(() => void this.#track(this.#queueDue(10_000)), this.#options.sweepIntervalMs);
      this.#sweep.unref();
      await this.#queueDue(0);
      await this.#options.jobs?.(boss);
    } catch (error) {
      await this.close();
      throw error;
    }
  }

  /**
   * Queues an attempt of `deliveryId` now (a resend: the row was made due in the request's
   * transaction). Never throws; call it after the commit.
   */
  async enqueue(deliveryId: string): Promise<void> {
    await this.#send([deliveryId], false);
  }

  /** This process's pg-boss once started (the one job queue; see `WebhookDispatcherOptions.jobs`), else null. */
  get jobQueue(): PgBoss | null {
    return this.#boss;
  }

  /** Stops: no new attempts, attempts in flight interrupted (they are retried later), pg-boss stopped. */
  async close(): Promise<void> {
    clearInterval(this.#sweep);
    this.#stop.abort();
    await this.#unlisten?.().catch(() => {});
    this.#unlisten = null;
    const boss = this.#boss;
    this.#boss = null;
    if (boss) await boss.stop({ graceful: true, timeout: 3_000 }).catch((error: unknown) => this.#options.onError(error));
    await Promise.allSettled([...this.#inFlight]);
  }

  #track<T>(work: Promise<T>): Promise<T | undefined> {
    const tracked = work.catch((error: unknown) => {
      if (!this.#stop.signal.aborted) this.#options.onError(error);
      return undefined;
    });
    this.#inFlight.add(tracked);
    void tracked.finally(() => this.#inFlight.delete(tracked));
    return tracked;
  }

  #em(): EntityManager {
    return this.#db.fork();
  }

  /** The deliveries of one event: one job each, its id the delivery's (one job across processes). */
  async #queueEvent(eventId: string): Promise<void> {
    if (!/^\d{1,18}$/.test(eventId)) return;
    const rows = await this.#em().execute<{ id: string }[]>(
      `select id from webhook_delivery where event_id = ? and status = 'pending' and attempts = 0`,
      [eventId],
    );
    await this.#send(rows.map((row) => row.id), true);
  }

  /** Queues the pending deliveries due for more than `overdueMs` (the sweep; 0: all due). */
  async #queueDue(overdueMs: number): Promise<void> {
    if (this.#stop.signal.aborted) return;
    const rows = await this.#em().execute<{ id: string }[]>(
      `select id from webhook_delivery where status = 'pending' and next_attempt_at <= now() - ? * interval '1 millisecond'
       order by next_attempt_at limit 500`,
      [overdueMs],
    );
    await this.#send(rows.map((row) => row.id), false);
  }

  /** Sends jobs for `ids` (as their own job ids when `first`), then wakes this process's worker. */
  async #send(ids: string[], first: boolean, startAfter?: Date): Promise<void> {
    const boss = this.#boss;
    if (!boss || ids.length === 0 || this.#stop.signal.aborted) return;
    for (const deliveryId of ids) {
      await boss.send(WEBHOOK_QUEUE, { deliveryId }, { ...(first ? { id: deliveryId } : {}), ...(startAfter ? { startAfter } : {}) });
    }
    if (!startAfter && this.#workerId) boss.notifyWorker(this.#workerId);
  }

  /**
   * One attempt of a delivery, if it is still pending and due (else a stale job: nothing),
   * acting in the delivery's community (docs/security.md#communities): a job names the delivery
   * alone, so its community is looked up first, by id (the one read of this worker that is
   * not of one community); then every statement, and the read of the event, names it.
   */
  async #attempt(deliveryId: string): Promise<void> {
    if (this.#stop.signal.aborted) return;
    if (!isUuid(deliveryId)) return;
    const [owner] = await this.#db.fork().execute<{ community_id: string }[]>(`select community_id from webhook_delivery where id = ?`, [deliveryId]);
    if (!owner) return;
    const communityId = owner.community_id;
    const em = this.#db.forCommunity(communityId);
    // A delivery for a webhook that was deactivated meanwhile is not sent.
    await em.execute(
      `update webhook_delivery d set status = 'failed', next_attempt_at = null, last_error = 'The webhook is inactive'
       from webhook w where d.community_id = ? and d.id = ? and w.id = d.webhook_id and w.community_id = d.community_id and d.status = 'pending' and not w.is_active`,
      [communityId, deliveryId],
    );
    // Claim: count the attempt and lease the row past this attempt's time-out, so that no
    // other worker (nor a resend, which leaves a leased row as it is) starts another attempt
    // meanwhile; the sweep retries it once the lease has passed if this process dies.
    const leaseMs = this.#options.timeoutMs + 60_000;
    const [claimed] = await em.execute<ClaimedDelivery[]>(
      `update webhook_delivery d set attempts = d.attempts + 1, next_attempt_at = now() + ? * interval '1 millisecond', leased_until = now() + ? * interval '1 millisecond'
       from webhook w
       where d.community_id = ? and d.id = ? and w.id = d.webhook_id and w.community_id = d.community_id and w.is_active
         and d.status = 'pending' and d.next_attempt_at <= now() + interval '1 second'
         and (d.leased_until is null or d.leased_until <= now())
       returning d.id, d.community_id, d.attempts, d.event_type, d.event_id::text as event_id, d.payload, w.url, w.secret`,
      [leaseMs, leaseMs, communityId, deliveryId],
    );
    if (!claimed) return;
    const body = await this.#body(em, claimed);
    const outcome: AttemptOutcome = body === null ? { error: 'The event is no longer available' } : await this.#deliver(claimed, body);
    await this.#record(em, claimed, outcome, body === null);
  }

  /**
   * The body as sent: the stored payload, built from the event at the first attempt
   * (`{id, type, occurredAt, data}`, data as a guard reads the visitor, less the pass:
   * `webhookVisitorData`) and kept, so that retries and resends send the same bytes. Null
   * when the event was pruned before.
   */
  async #body(em: EntityManager, delivery: ClaimedDelivery): Promise<string | null> {
    let payload = typeof delivery.payload === 'string' ? (JSON.parse(delivery.payload) as Record<string, unknown>) : delivery.payload;
    if (!payload) {
      const event = await readVisitorEvent(em, delivery.event_id);
      if (!event) return null;
      const built = { id: delivery.id, type: delivery.event_type, occurredAt: event.occurredAt, data: webhookVisitorData(event.visitor) };
      const [stored] = await em.execute<{ payload: Record<string, unknown> | string }[]>(
        `update webhook_delivery set payload = coalesce(payload, ?::jsonb) where community_id = ? and id = ? returning payload`,
        [JSON.stringify(built), delivery.community_id, delivery.id],
      );
      payload = typeof stored?.payload === 'string' ? (JSON.parse(stored.payload) as Record<string, unknown>) : (stored?.payload ?? built);
    }
    // A body kept before deliveries left the pass out (a resend of an old delivery) goes without it too.
    const data = payload.data;
    if (data !== null && typeof data === 'object' && !Array.isArray(data)) {
      payload = { ...payload, data: webhookVisitorData(data as Visitor) };
    }
    return JSON.stringify(payload);
  }

  /** Resolves and checks the address again (DNS rebinding), then POSTs the signed body to it. */
  async #deliver(delivery: ClaimedDelivery, body: string): Promise<AttemptOutcome> {
    let addresses: ResolvedAddress[];
    try {
      addresses = await resolveWebhookUrl(delivery.url, {
        allowPrivate: this.#options.allowPrivate,
        ...(this.#options.resolver ? { resolver: this.#options.resolver } : {}),
      });
    } catch (error) {
      return { error: error instanceof WebhookAddressError ? error.message : describeNetworkError(error, 0, false, false) };
    }
    const timestamp = Math.floor(Date.now() / 1000);
    const headers = {
      'content-type': 'application/json',
      'user-agent': 'Gatehouse-Webhooks/1.0',
      'webhook-id': delivery.id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(delivery.secret, delivery.id, timestamp, body),
    };
    return post(new URL(delivery.url), addresses[0]!, headers, body, this.#options.timeoutMs, this.#stop.signal);
  }

  /** Writes the attempt's outcome: delivered, due again later (and a job for then), or failed. */
  async #record(em: EntityManager, delivery: ClaimedDelivery, outcome: AttemptOutcome, final: boolean): Promise<void> {
    const statusCode = 'statusCode' in outcome ? outcome.statusCode : null;
    const error = 'error' in outcome ? outcome.error : null;
    if (statusCode !== null && statusCode >= 200 && statusCode < 300) {
      await em.execute(
        `update webhook_delivery set status = 'delivered', delivered_at = now(), next_attempt_at = null, leased_until = null, last_status_code = ?, last_error = null
          where community_id = ? and id = ?`,
        [statusCode, delivery.community_id, delivery.id],
      );
      return;
    }
    const delay = final ? null : nextRetryDelayMs(delivery.attempts, this.#options.retryDelaysMs, this.#options.jitter);
    if (delay === null) {
      await em.execute(
        `update webhook_delivery set status = 'failed', next_attempt_at = null, leased_until = null, last_status_code = ?, last_error = ?
          where community_id = ? and id = ?`,
        [statusCode, error, delivery.community_id, delivery.id],
      );
      return;
    }
    const [due] = await em.execute<{ next_attempt_at: string | Date }[]>(
      `update webhook_delivery set next_attempt_at = now() + ? * interval '1 millisecond', leased_until = null, last_status_code = ?, last_error = ?
        where community_id = ? and id = ?
       returning next_attempt_at`,
      [delay, statusCode, error, delivery.community_id, delivery.id],
    );
    if (due) await this.#send([delivery.id], false, new Date(Date.now() + delay));
  }
}
