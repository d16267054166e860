/**
 * Live visitor events (docs/gate.md#live-updates). The database writes them: triggers on
 * `visitor_invitation` insert a `visitor_event` row for every new visitor and every change
 * of one, in the same transaction, and `NOTIFY visitor_event, '<id>'`, which PostgreSQL
 * delivers at commit to every server process listening (PGlite: in-process). The hub of
 * each process listens once it has a subscriber, reads the notified events with the
 * visitor as it was at each event, and hands every subscriber the ones its reader may see
 * (docs/security.md#who-may-do-what: residents their own house's and the ones they host, staff
 * all), of the community the stream was opened in only (docs/security.md#communities: every
 * read names that community; a community with no open stream is not read at all).
 * A reconnecting subscriber names the last event it got and receives what it missed in
 * the last 15 minutes, in order; anything older or unknown gets a `reset` (refetch).
 *
 * Each stream has an owner (its user, and its session or API token): a process keeps at
 * most MAX_STREAMS_PER_SESSION open per session or token and MAX_STREAMS_PER_USER per user,
 * and opening one more closes the owner's oldest (`too-many-streams`). A stream ends at
 * once when its owner's access changes (`access-changed`): the triggers on `app_user`,
 * `session` and `api_token` send the change on the same channel (live-channel.ts), so
 * every process hears it, in commit order with the events.
 */
import { communityIdOf, type Database, type EntityManager, type User, type VisitorEventType } from '@gatehouse/db';
import type { Visitor } from '@gatehouse/shared';

import { httpError } from '../errors';
import { isoInstant, serializeVisitorRow, VISITOR_ROW_JOINS, visitorRowColumns, type VisitorRow } from '../lib/serialize';
import { ACCESS_CHANGED_NOTICE, BLOCKLIST_REFUSED_NOTICE, VISITOR_EVENT_CHANNEL } from './live-channel';
import { canSeeVisitorRow } from './visitors';

/** How far back a reconnect is replayed (docs/gate.md#live-updates): 15 minutes. */
export const REPLAY_WINDOW_MS = 15 * 60_000;
/** How long events are kept (docs/gate.md#live-updates): a day. */
export const EVENT_RETENTION_MS = 24 * 60 * 60_000;
/** The most events one replay sends; more gets a `reset` instead (the client refetches). */
export const MAX_REPLAY = 2_000;
/** The most events waiting for one slow subscriber; more and it gets a `reset` instead. */
export const MAX_QUEUED = 1_000;
/**
 * The most streams one sign-in session, or one API token, keeps open in a server process
 * (a tab holds one; a few tabs of one browser share a session). Opening one more closes
 * the oldest: a client that reconnects after a network drop always gets its stream back,
 * even while the server still holds the dead one.
 */
export const MAX_STREAMS_PER_SESSION = 3;
/** The most streams one user keeps open in a server process, all their sessions and tokens together; one more closes their oldest. */
export const MAX_STREAMS_PER_USER = 5;
/** How often a stream asks whether its reader may still read it, besides the access changes it is told of (expiry, idleness). */
export const STREAM_RECHECK_MS = 60_000;

/**
 * What a subscriber receives: a visitor event (its id increases); `reset`: refetch
 * everything; or, admins only, `blocklist.refused` (docs/operations.md#blocklist: the gate refused
 * a
 * blocklisted visitor or pass just now; the notifications say who; not replayed).
 */
export type VisitorStreamItem =
  | { id: string; type: VisitorEventType; visitor: Visitor }
  | { type: 'reset' }
  | { type: 'blocklist.refused' };

/**
 * Who reads a stream: what the read rules need, and the community the stream was opened in
 * (docs/api.md#communities: the request's), whose events alone it receives.
 */
export type EventReader = Pick<User, 'id' | 'role' | 'house'> & { communityId: string };

/** Whose stream it is: the user, and the sign-in session or API token it was opened with. */
export interface StreamOwner {
  userId: string;
  sessionId: string | null;
  apiTokenId: string | null;
}

/** Why the hub ended a stream its reader had not left: another of the owner's was opened, or the owner's access changed. */
export type StreamEndReason = 'too-many-streams' | 'access-changed';

/** Thrown by a stream the hub ended (`reason`), so that its transport can tell the client why. */
export class StreamEndedError extends Error {
  constructor(readonly reason: StreamEndReason) {
    super(`Event stream ended: ${reason}`);
    this.name = 'StreamEndedError';
  }
}

/** How long a client whose stream was closed for a newer one is asked to wait before it opens another (s). */
export const STREAM_CLOSED_RETRY_AFTER_SECONDS = 60;
export const TOO_MANY_STREAMS_MESSAGE = `Too many open event streams: the oldest was closed, try again in ${STREAM_CLOSED_RETRY_AFTER_SECONDS} s`;
export const STREAM_ACCESS_CHANGED_MESSAGE = 'Your access has changed: open the stream again for what you may now see';

/**
 * What a stream the hub ended answers its client with, as its last word: 429 RATE_LIMITED
 * `too-many-streams` (Retry-After 60 s; the web client does not reconnect on it, so two
 * tabs never take turns closing each other); for `access-changed`, 401 'Authentication
 * required' when the caller is no longer signed in (`stillSignedIn` answers false), else
 * 503 (the client reconnects, as on any 503 of a stream, and gets what its new rights allow).
 */
export async function streamEndedError(reason: StreamEndReason, stillSignedIn: () => Promise<boolean>) {
  if (reason === 'too-many-streams') {
    const seconds = STREAM_CLOSED_RETRY_AFTER_SECONDS;
    return httpError(429, TOO_MANY_STREAMS_MESSAGE, { retryAfterSeconds: seconds, refusal: { reason: 'too-many-requests', seconds } });
  }
  const signedIn = await stillSignedIn().catch(() => true);
  return signedIn ? httpError(503, STREAM_ACCESS_CHANGED_MESSAGE) : httpError(401, 'Authentication required');
}

/** The session or token a stream counts against (a stream without one counts against its user alone). */
const sessionKeyOf = (owner: StreamOwner) =>
  owner.sessionId !== null ? `session:${owner.sessionId}` : owner.apiTokenId !== null ? `api-token:${owner.apiTokenId}` : `user:${owner.userId}`;

type EventRow = VisitorRow & { event_id: string; event_type: VisitorEventType; event_created_at: string | Date; event_community_id: string };

/**
 * Events with each visitor as it was at the event: the visitor's current row with the
 * columns a move changes replaced by the event's `state` (jsonb_populate_record), then
 * the usual joins for the house, the host and who decided.
 */
const EVENT_SELECT = `select e.id::text as event_id, e.type as event_type, e.created_at as event_created_at,
         e.community_id as event_community_id, ${visitorRowColumns('v')}
  from visitor_event e
  join visitor_invitation cur on cur.id = e.visitor_id
  cross join lateral jsonb_populate_record(cur, e.state) v
  ${VISITOR_ROW_JOINS}`;

const toItem = (row: EventRow): VisitorStreamItem => ({ id: row.event_id, type: row.event_type, visitor: serializeVisitorRow(row) });
const canSee = (reader: EventReader, row: EventRow) => row.event_community_id === reader.communityId && canSeeVisitorRow(reader, row);

/** A subscriber's queue: pushed by the hub, pulled by its stream. */
class Inbox {
  #items: VisitorStreamItem[] = [];
  #waiting: ((item: VisitorStreamItem | null) => void) | null = null;
  #ended = false;
  /** Why the hub ended it; null while open, or when its reader left or the hub closed. */
  endReason: StreamEndReason | null = null;

  constructor(
    readonly reader: EventReader,
    readonly owner: StreamOwner | null,
    /** Asks whether the reader may still read; ends the stream when not. */
    readonly recheck: () => void,
  ) {}

  get ended(): boolean {
    return this.#ended;
  }

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

  /** Ends the stream: what waits is dropped. `reason`: the hub ended it (the stream then throws StreamEndedError). */
  end(reason: StreamEndReason | null = null): void {
    if (this.#ended) return;
    this.#ended = true;
    this.endReason = reason;
    this.#items = [];
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

  /** How many streams of `userId` are open in this process (all their sessions and tokens). */
  streamsOf(userId: string): number {
    let count = 0;
    for (const inbox of this.#inboxes) if (inbox.owner?.userId === userId) count += 1;
    return count;
  }

  /**
   * The events `reader` may see, as they happen, until `signal` aborts, the hub closes
   * (both: the stream returns), or the hub ends it (it throws StreamEndedError): `owner`
   * opened more than MAX_STREAMS_PER_SESSION on one session or token, or more than
   * MAX_STREAMS_PER_USER in all, and this is the oldest (`too-many-streams`); or the
   * owner's access changed (`access-changed`): told by the database at commit
   * (`endStreamsOf`), or `stillAllowed` answered false (asked every `recheckMs`, default
   * STREAM_RECHECK_MS, and whenever changes may have been missed).
   * With `lastEventId`: first the events after it from the last 15 minutes, in order (or
   * one `reset` when the id is unknown, malformed, older, or more than 2,000 were
   * missed). Live events the replay already sent are not sent twice.
   */
  async *stream(
    reader: EventReader,
    options: {
      owner?: StreamOwner | undefined;
      lastEventId?: string | null | undefined;
      signal?: AbortSignal | undefined;
      stillAllowed?: () => Promise<boolean>;
      recheckMs?: number;
    },
  ): AsyncGenerator<VisitorStreamItem, void, undefined> {
    if (this.#closed) return;
    const { stillAllowed } = options;
    const inbox: Inbox = new Inbox(reader, options.owner ?? null, () => {
      stillAllowed?.().then(
        (allowed) => allowed || this.#end(inbox, 'access-changed'),
        () => {},
      );
    });
    if (inbox.owner) this.#makeRoomFor(inbox.owner);
    this.#inboxes.add(inbox);
    const stop = () => inbox.end();
    options.signal?.addEventListener('abort', stop, { once: true });
    const recheck = stillAllowed ? setInterval(inbox.recheck, options.recheckMs ?? STREAM_RECHECK_MS) : undefined;
    recheck?.unref();
    try {
      await this.#listen();
      let lastSent = 0n;
      if (options.lastEventId !== undefined && options.lastEventId !== null) {
        const missed = await this.#replay(reader, options.lastEventId);
        if (missed === null) {
          if (!inbox.ended) yield { type: 'reset' };
        } else {
          for (const item of missed) {
            if (inbox.ended) break;
            yield item;
            if ('id' in item) lastSent = BigInt(item.id);
          }
        }
      }
      for (;;) {
        if (options.signal?.aborted) return;
        const item = await inbox.next();
        if (!item) break;
        if ('id' in item && BigInt(item.id) <= lastSent) continue;
        yield item;
      }
      if (inbox.endReason) throw new StreamEndedError(inbox.endReason);
    } finally {
      clearInterval(recheck);
      options.signal?.removeEventListener('abort', stop);
      inbox.end();
      this.#inboxes.delete(inbox);
    }
  }

  /**
   * Ends at once, in this process, the open streams of a user, a sign-in session or an API
   * token whose access changed (`access-changed`): the hub calls it for the changes the
   * database announces, in every process; a caller may too. Returns how many it ended.
   */
  endStreamsOf(whose: { userId?: string; sessionId?: string; apiTokenId?: string }): number {
    let ended = 0;
    for (const inbox of this.#inboxes) {
      const owner = inbox.owner;
      if (!owner) continue;
      const matches =
        (whose.userId !== undefined && owner.userId === whose.userId) ||
        (whose.sessionId !== undefined && owner.sessionId === whose.sessionId) ||
        (whose.apiTokenId !== undefined && owner.apiTokenId === whose.apiTokenId);
      if (matches) {
        this.#end(inbox, 'access-changed');
        ended += 1;
      }
    }
    return ended;
  }

  /** Closes `owner`'s oldest streams until one more fits under both caps (the set keeps opening order). */
  #makeRoomFor(owner: StreamOwner): void {
    const session = sessionKeyOf(owner);
    const theirs = [...this.#inboxes].filter((inbox) => inbox.owner?.userId === owner.userId);
    const sameSession = theirs.filter((inbox) => sessionKeyOf(inbox.owner!) === session);
    for (const inbox of sameSession.slice(0, Math.max(0, sameSession.length - MAX_STREAMS_PER_SESSION + 1))) {
      this.#end(inbox, 'too-many-streams');
    }
    const left = theirs.filter((inbox) => !inbox.ended);
    for (const inbox of left.slice(0, Math.max(0, left.length - MAX_STREAMS_PER_USER + 1))) {
      this.#end(inbox, 'too-many-streams');
    }
  }

  /** Ends one stream for `reason` and stops counting it at once (its stream's own clean-up follows). */
  #end(inbox: Inbox, reason: StreamEndReason): void {
    inbox.end(reason);
    this.#inboxes.delete(inbox);
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
        // Notifications sent while the connection was down are lost: everyone refetches, and
        // every stream asks at once whether its reader may still read it (an access change
        // may have been among them).
        onReconnect: () => {
          this.#broadcastReset();
          for (const inbox of this.#inboxes) inbox.recheck();
        },
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
    if (payload.startsWith(ACCESS_CHANGED_NOTICE)) {
      const [kind, id] = payload.slice(ACCESS_CHANGED_NOTICE.length).split(':');
      if (id === undefined || id === '') return;
      if (kind === 'user') this.endStreamsOf({ userId: id });
      else if (kind === 'session') this.endStreamsOf({ sessionId: id });
      else if (kind === 'api-token') this.endStreamsOf({ apiTokenId: id });
      return;
    }
    if (payload.startsWith(BLOCKLIST_REFUSED_NOTICE)) {
      // `blocklist-refused:<community>:<visitor|pass>:<id>`: the admins of that community.
      const [communityId] = payload.slice(BLOCKLIST_REFUSED_NOTICE.length).split(':');
      for (const inbox of this.#inboxes) {
        if (inbox.reader.role === 'admin' && inbox.reader.communityId === communityId) inbox.push({ type: 'blocklist.refused' });
      }
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

  /**
   * Reads the notified events and hands each to the streams that may see it: one read per
   * community that has an open stream, in that community (docs/security.md#communities), so
   * that no event of another community is read for a stream, nor read at all when no one of
   * its community listens.
   */
  async #deliver(ids: string[]): Promise<void> {
    const communities = new Set([...this.#inboxes].map((inbox) => inbox.reader.communityId));
    for (const communityId of communities) {
      const rows = await this.#em(communityId).execute<EventRow[]>(
        `${EVENT_SELECT} where e.community_id = ? and e.id in (${ids.map(() => '?').join(', ')}) order by e.id`,
        [communityId, ...ids],
      );
      for (const row of rows) {
        const item = toItem(row);
        for (const inbox of this.#inboxes) if (canSee(inbox.reader, row)) inbox.push(item);
      }
    }
  }

  /** The events after `lastEventId` that `reader` may see, or null when a `reset` is due. */
  async #replay(reader: EventReader, lastEventId: string): Promise<VisitorStreamItem[] | null> {
    if (!/^\d{1,18}$/.test(lastEventId)) return null;
    // The window in the database's clock, which stamped the events.
    const window = `now() - interval '${REPLAY_WINDOW_MS / 1000} seconds'`;
    // The reader's community's events only (docs/security.md#communities): an id of another
    // community is unknown here, and the count toward MAX_REPLAY is of this community's.
    const em = this.#em(reader.communityId);
    const [known] = await em.execute<{ id: string }[]>(
      `select id::text as id from visitor_event where community_id = ? and id = ? and created_at >= ${window}`,
      [reader.communityId, lastEventId],
    );
    if (!known) return null;
    const rows = await em.execute<EventRow[]>(
      `${EVENT_SELECT} where e.community_id = ? and e.id > ? and e.created_at >= ${window} order by e.id limit ${MAX_REPLAY + 1}`,
      [reader.communityId, lastEventId],
    );
    if (rows.length > MAX_REPLAY) return null;
    return rows.filter((row) => canSee(reader, row)).map(toItem);
  }

  /** An entity manager acting in `communityId` (docs/security.md#communities). */
  #em(communityId: string): EntityManager {
    return this.#db.forCommunity(communityId);
  }
}

/**
 * One event with the visitor as it was at that event, serialized as a guard reads it (the
 * live events' own serialization; docs/api.md#webhooks: a webhook's `data`), and when it
 * happened (the database's clock). Null when the event is unknown, pruned, or of another
 * community than `em`'s (docs/security.md#communities).
 */
export async function readVisitorEvent(
  em: EntityManager,
  eventId: string,
): Promise<{ id: string; type: VisitorEventType; occurredAt: string; visitor: Visitor } | null> {
  if (!/^\d{1,18}$/.test(eventId)) return null;
  const [row] = await em.execute<EventRow[]>(`${EVENT_SELECT} where e.community_id = ? and e.id = ?`, [communityIdOf(em), eventId]);
  return row ? { id: row.event_id, type: row.event_type, occurredAt: isoInstant(row.event_created_at), visitor: serializeVisitorRow(row) } : null;
}

/**
 * Deletes `em`'s community's events older than a day by the database's clock
 * (docs/gate.md#live-updates, docs/security.md#communities); returns how many. Run by the
 * periodic sweep for each community (the created_at index).
 */
export async function pruneVisitorEvents(em: EntityManager): Promise<number> {
  const [row] = await em.execute<{ n: string | number }[]>(
    `with pruned as (delete from visitor_event where community_id = ? and created_at < now() - interval '${EVENT_RETENTION_MS / 1000} seconds' returning 1)
     select count(*) as n from pruned`,
    [communityIdOf(em)],
  );
  return Number(row?.n ?? 0);
}
