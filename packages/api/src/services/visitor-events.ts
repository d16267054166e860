/**
 * Live visitor events (live-gate §3). The database writes them: triggers on
 * `visitor_invitation` insert a `visitor_event` row for every new visitor and every change
 * of one, in the same transaction, and `NOTIFY visitor_event, '<id>'`, which PostgreSQL
 * delivers at commit to every server process listening (PGlite: in-process). The hub of
 * each process listens once it has a subscriber, reads the notified events with the
 * visitor as it was at each event, and hands every subscriber the ones its reader may see
 * (server-contract §5: residents their own house's and the ones they host, staff all).
 * A reconnecting subscriber names the last event it got and receives what it missed in
 * the last 15 minutes, in order; anything older or unknown gets a `reset` (refetch).
 */
import type { Database, EntityManager, User, VisitorEventType } from '@gatehouse/db';
import type { Visitor } from '@gatehouse/shared';

import { isoInstant, serializeVisitorRow, VISITOR_ROW_JOINS, visitorRowColumns, type VisitorRow } from '../lib/serialize';
import { BLOCKLIST_REFUSED_NOTICE, VISITOR_EVENT_CHANNEL } from './live-channel';
import { canSeeVisitorRow } from './visitors';

/** How far back a reconnect is replayed (live-gate §3): 15 minutes. */
export const REPLAY_WINDOW_MS = 15 * 60_000;
/** How long events are kept (live-gate §3): a day. */
export const EVENT_RETENTION_MS = 24 * 60 * 60_000;
/** The most events one replay sends; more gets a `reset` instead (the client refetches). */
export const MAX_REPLAY = 2_000;
/** The most events waiting for one slow subscriber; more and it gets a `reset` instead. */
export const MAX_QUEUED = 1_000;

/**
 * What a subscriber receives: a visitor event (its id increases); `reset`: refetch
 * everything; or, admins only, `blocklist.refused` (operations §3: the gate refused a
 * blocklisted visitor or pass just now; the notifications say who; not replayed).
 */
export type VisitorStreamItem =
  | { id: string; type: VisitorEventType; visitor: Visitor }
  | { type: 'reset' }
  | { type: 'blocklist.refused' };

/** Who reads a stream: what the read rules need. */
export type EventReader = Pick<User, 'id' | 'role' | 'house'>;

type EventRow = VisitorRow & { event_id: string; event_type: VisitorEventType; event_created_at: string | Date };

/**
 * Events with each visitor as it was at the event: the visitor's current row with the
 * columns a move changes replaced by the event's `state` (jsonb_populate_record), then
 * the usual joins for the house, the host and who decided.
 */
const EVENT_SELECT = `select e.id::text as event_id, e.type as event_type, e.created_at as event_created_at, ${visitorRowColumns('v')}
  from visitor_event e
  join visitor_invitation cur on cur.id = e.visitor_id
  cross join lateral jsonb_populate_record(cur, e.state) v
  ${VISITOR_ROW_JOINS}`;

const toItem = (row: EventRow): VisitorStreamItem => ({ id: row.event_id, type: row.event_type, visitor: serializeVisitorRow(row) });
const canSee = (reader: EventReader, row: EventRow) => canSeeVisitorRow(reader, row);

/** A subscriber's queue: pushed by the hub, pulled by its stream. */
class Inbox {
  #items: VisitorStreamItem[] = [];
  #waiting: ((item: VisitorStreamItem | null) => void) | null = null;
  #ended = false;

  constructor(readonly reader: EventReader) {}

  push(item: VisitorStreamItem): void {
    if (this.#ended) return;
    if (this.#waiting) {
      const wake = this.#waiting;
      this.#waiting = null;
      wake(item);
      return;
    }
    // A subscriber that stopped reading: drop what waits, and have it refetch.
    if (this.#items.length >= MAX_QUEUED) this.#items = [{ type: 'reset' }];
    else this.#items.push(item);
  }

  end(): void {
    this.#ended = true;
    this.#waiting?.(null);
    this.#waiting = null;
  }

  /** The next item, or null once ended. */
  next(): Promise<VisitorStreamItem | null> {
    const item = this.#items.shift();
    if (item) return Promise.resolve(item);
    if (this.#ended) return Promise.resolve(null);
    return new Promise((resolve) => {
      this.#waiting = resolve;
    });
  }
}

/** One per server process: listens for visitor events and hands them to subscribers. */
export class VisitorEventHub {
  readonly #db: Database;
  readonly #inboxes = new Set<Inbox>();
  #pendingIds: string[] = [];
  #delivery: Promise<void> = Promise.resolve();
  #deliveryScheduled = false;
  #listening: Promise<() => Promise<void>> | null = null;
  #closed = false;
  readonly #onError: (error: unknown) => void;

  /** `onError` hears what could not be delivered (a failed read); subscribers then get a `reset`. */
  constructor(db: Database, options: { onError?: (error: unknown) => void } = {}) {
    this.#db = db;
    this.#onError = options.onError ?? (() => {});
  }

  /** How many streams are open in this process. */
  get subscribers(): number {
    return this.#inboxes.size;
  }

  /**
   * The events `reader` may see, as they happen, until `signal` aborts, `stillAllowed`
   * (asked every `recheckMs`, default 60 s) answers false, or the hub closes.
   * With `lastEventId`: first the events after it from the last 15 minutes, in order (or
   * one `reset` when the id is unknown, malformed, older, or more than 2,000 were
   * missed). Live events the replay already sent are not sent twice.
   */
  async *stream(
    reader: EventReader,
    options: {
      lastEventId?: string | null | undefined;
      signal?: AbortSignal | undefined;
      stillAllowed?: () => Promise<boolean>;
      recheckMs?: number;
    },
  ): AsyncGenerator<VisitorStreamItem, void, undefined> {
    if (this.#closed) return;
    const inbox = new Inbox(reader);
    this.#inboxes.add(inbox);
    const stop = () => inbox.end();
    options.signal?.addEventListener('abort', stop, { once: true });
    const recheck = options.stillAllowed
      ? setInterval(() => {
          options.stillAllowed?.().then(
            (allowed) => allowed || stop(),
            () => {},
          );
        }, options.recheckMs ?? 60_000)
      : undefined;
    recheck?.unref();
    try {
      await this.#listen();
      let lastSent = 0n;
      if (options.lastEventId !== undefined && options.lastEventId !== null) {
        const missed = await this.#replay(reader, options.lastEventId);
        if (missed === null) yield { type: 'reset' };
        else {
          for (const item of missed) {
            yield item;
            if ('id' in item) lastSent = BigInt(item.id);
          }
        }
      }
      for (;;) {
        if (options.signal?.aborted) return;
        const item = await inbox.next();
        if (!item) return;
        if ('id' in item && BigInt(item.id) <= lastSent) continue;
        yield item;
      }
    } finally {
      clearInterval(recheck);
      options.signal?.removeEventListener('abort', stop);
      inbox.end();
      this.#inboxes.delete(inbox);
    }
  }

  /** Ends every stream and stops listening; later streams end at once. */
  async close(): Promise<void> {
    this.#closed = true;
    for (const inbox of this.#inboxes) inbox.end();
    this.#inboxes.clear();
    const listening = this.#listening;
    this.#listening = null;
    if (listening) await (await listening.catch(() => async () => {}))();
  }

  /** Starts listening, once (the first subscriber waits for it). */
  #listen(): Promise<() => Promise<void>> {
    if (!this.#listening) {
      this.#listening = this.#db.listen(VISITOR_EVENT_CHANNEL, {
        onMessage: (payload) => this.#notified(payload),
        // Notifications sent while the connection was down are lost: everyone refetches.
        onReconnect: () => this.#broadcastReset(),
      });
      this.#listening.catch(() => {
        this.#listening = null;
      });
    }
    return this.#listening;
  }

  #broadcastReset(): void {
    for (const inbox of this.#inboxes) inbox.push({ type: 'reset' });
  }

  #notified(payload: string): void {
    if (payload.startsWith(BLOCKLIST_REFUSED_NOTICE)) {
      for (const inbox of this.#inboxes) if (inbox.reader.role === 'admin') inbox.push({ type: 'blocklist.refused' });
      return;
    }
    if (this.#inboxes.size === 0 || !/^\d+$/.test(payload)) return;
    this.#pendingIds.push(payload);
    if (this.#deliveryScheduled) return;
    this.#deliveryScheduled = true;
    // Notifications of one commit arrive together: read them with one query, in order.
    this.#delivery = this.#delivery.then(
      () =>
        new Promise<void>((resolve) => {
          setImmediate(() => {
            this.#deliveryScheduled = false;
            const ids = this.#pendingIds;
            this.#pendingIds = [];
            this.#deliver(ids).then(resolve, (error: unknown) => {
              this.#onError(error);
              this.#broadcastReset();
              resolve();
            });
          });
        }),
    );
  }

  async #deliver(ids: string[]): Promise<void> {
    if (this.#inboxes.size === 0) return;
    const rows = await this.#em().execute<EventRow[]>(`${EVENT_SELECT} where e.id in (${ids.map(() => '?').join(', ')}) order by e.id`, ids);
    for (const row of rows) {
      const item = toItem(row);
      for (const inbox of this.#inboxes) if (canSee(inbox.reader, row)) inbox.push(item);
    }
  }

  /** The events after `lastEventId` that `reader` may see, or null when a `reset` is due. */
  async #replay(reader: EventReader, lastEventId: string): Promise<VisitorStreamItem[] | null> {
    if (!/^\d{1,18}$/.test(lastEventId)) return null;
    // The window in the database's clock, which stamped the events.
    const window = `now() - interval '${REPLAY_WINDOW_MS / 1000} seconds'`;
    const em = this.#em();
    const [known] = await em.execute<{ id: string }[]>(
      `select id::text as id from visitor_event where id = ? and created_at >= ${window}`,
      [lastEventId],
    );
    if (!known) return null;
    const rows = await em.execute<EventRow[]>(
      `${EVENT_SELECT} where e.id > ? and e.created_at >= ${window} order by e.id limit ${MAX_REPLAY + 1}`,
      [lastEventId],
    );
    if (rows.length > MAX_REPLAY) return null;
    return rows.filter((row) => canSee(reader, row)).map(toItem);
  }

  #em(): EntityManager {
    return this.#db.fork();
  }
}

/**
 * One event with the visitor as it was at that event, serialized as a guard reads it (the
 * live events' own serialization; integrations §3: a webhook's `data`), and when it
 * happened (the database's clock). Null when the event is unknown or pruned.
 */
export async function readVisitorEvent(
  em: EntityManager,
  eventId: string,
): Promise<{ id: string; type: VisitorEventType; occurredAt: string; visitor: Visitor } | null> {
  if (!/^\d{1,18}$/.test(eventId)) return null;
  const [row] = await em.execute<EventRow[]>(`${EVENT_SELECT} where e.id = ?`, [eventId]);
  return row ? { id: row.event_id, type: row.event_type, occurredAt: isoInstant(row.event_created_at), visitor: serializeVisitorRow(row) } : null;
}

/**
 * Deletes the events older than a day by the database's clock (live-gate §3); returns how
 * many. Run by the periodic sweep (the created_at index).
 */
export async function pruneVisitorEvents(em: EntityManager): Promise<number> {
  const [row] = await em.execute<{ n: string | number }[]>(
    `with pruned as (delete from visitor_event where created_at < now() - interval '${EVENT_RETENTION_MS / 1000} seconds' returning 1)
     select count(*) as n from pruned`,
  );
  return Number(row?.n ?? 0);
}
