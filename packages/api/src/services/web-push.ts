/**
 * Web Push (docs/gate.md#notifications), when the server has VAPID keys: the notification triggers
 * send
 * `NOTIFY notification, '<visitor id>'`; every server process with Web Push listens, and
 * the one whose `UPDATE … SET pushed_at` claims a notification sends it to each of its
 * user's devices, through the `web-push` package. A push carries no personal data beyond
 * the visitor's first name and the house; tapping it opens the visitor. Subscriptions the
 * push service answers 404 or 410 for are deleted.
 */
import type { Agent } from 'node:https';

import type { Database } from '@gatehouse/db';
import webpush from 'web-push';

/** VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT (a mailto: or https: URL). */
export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  subject: string;
}

/** What a push message says (its JSON payload). */
export interface PushPayload {
  title: string;
  body: string;
  /** The page a tap opens. */
  url: string;
  /** One notification per visitor and kind on the device. */
  tag: string;
}

const TITLES = {
  'walk-in.waiting': 'A visitor is waiting at the gate',
  'visitor.checked-in': 'Your visitor has arrived',
  'visitor.checked-out': 'Your visitor has left',
  // docs/operations.md#blocklist: to the admins, when the gate refused a blocklisted visitor.
  'visitor.blocklist-refused': 'Blocklisted visitor refused at the gate',
} as const;

/**
 * The payload for a notification: the visitor's first name and the house only. `visitor`
 * is the person: a visitor, or with `target: 'pass'` a recurring pass's holder
 * (docs/operations.md#blocklist, a refused pass check-in), whose tap opens the pass.
 */
export function pushPayload(
  kind: keyof typeof TITLES,
  visitor: { id: string; name: string; houseNumber: string; block: string; target?: 'visitor' | 'pass' },
): PushPayload {
  const firstName = visitor.name.trim().split(/\s+/)[0] ?? '';
  const house = `House ${visitor.houseNumber} · Block ${visitor.block}`;
  const body =
    kind === 'walk-in.waiting'
      ? `${firstName} at the gate for ${house}: approve or deny.`
      : kind === 'visitor.checked-in'
        ? `${firstName} checked in for ${house}.`
        : kind === 'visitor.checked-out'
          ? `${firstName} checked out from ${house}.`
          : `${firstName} (${house}) is on the blocklist: the check-in was refused.`;
  const url = visitor.target === 'pass' ? `/passes/${visitor.id}` : `/visitors/${visitor.id}`;
  return { title: TITLES[kind], body, url, tag: `${kind}:${visitor.id}` };
}

/** Sends the notifications of this process's database as Web Push messages (one sender per notification across processes). */
export class PushDispatcher {
  readonly #db: Database;
  readonly #vapid: VapidKeys;
  readonly #agent: Agent | undefined;
  readonly #onError: (error: unknown) => void;
  #stop: (() => Promise<void>) | null = null;
  #work: Promise<void> = Promise.resolve();

  /** `agent` is for tests (a local push service with its own certificate). */
  constructor(db: Database, vapid: VapidKeys, options: { agent?: Agent; onError?: (error: unknown) => void } = {}) {
    this.#db = db;
    this.#vapid = vapid;
    this.#agent = options.agent;
    this.#onError = options.onError ?? (() => {});
  }

  /** Starts listening; resolves once listening. Also sends what an earlier outage left unsent (the last hour). */
  async start(): Promise<void> {
    this.#stop = await this.#db.listen('notification', {
      onMessage: () => this.#schedule(),
      onReconnect: () => this.#schedule(),
    });
    this.#schedule();
  }

  /** Stops listening and waits for the sends in progress. */
  async close(): Promise<void> {
    await this.#stop?.();
    this.#stop = null;
    await this.#work;
  }

  /** Resolves when every send scheduled so far is done (tests). */
  idle(): Promise<void> {
    return this.#work;
  }

  #schedule(): void {
    this.#work = this.#work.then(() => this.#sendPending()).catch((error: unknown) => this.#onError(error));
  }

  /**
   * Claims the unsent notifications of the last hour, of every community (this sender serves
   * the whole deployment: a person gets their own notifications of each community they belong
   * to), and sends each to its user's devices. Each notification's visitor, pass and house are
   * read in the notification's own community (docs/security.md#communities).
   */
  async #sendPending(): Promise<void> {
    const em = this.#db.fork();
    const claimed = await em.execute<
      { kind: keyof typeof TITLES; user_id: string; target: 'visitor' | 'pass'; subject_id: string; name: string; house_number: string; block: string }[]
    >(
      // A notification is about a visitor or (docs/operations.md#blocklist) a recurring pass.
      `with claimed as (
         update notification set pushed_at = now()
          where pushed_at is null and created_at > now() - interval '1 hour'
          returning community_id, kind, user_id, visitor_id, pass_id)
       select c.kind, c.user_id, case when c.pass_id is null then 'visitor' else 'pass' end as target,
              coalesce(v.id, rp.id) as subject_id, coalesce(v.name, rp.name) as name, h.house_number, h.block
         from claimed c
         left join visitor_invitation v on v.id = c.visitor_id and v.community_id = c.community_id
         left join recurring_pass rp on rp.id = c.pass_id and rp.community_id = c.community_id
         join house h on h.id = coalesce(v.house_id, rp.house_id) and h.community_id = c.community_id`,
    );
    for (const notification of claimed) {
      const devices = await em.execute<{ id: string; endpoint: string; p256dh: string; auth: string }[]>(
        'select id, endpoint, p256dh, auth from push_subscription where user_id = ?',
        [notification.user_id],
      );
      const payload = JSON.stringify(
        pushPayload(notification.kind, {
          id: notification.subject_id,
          name: notification.name,
          houseNumber: notification.house_number,
          block: notification.block,
          target: notification.target,
        }),
      );
      for (const device of devices) {
        try {
          await webpush.sendNotification({ endpoint: device.endpoint, keys: { p256dh: device.p256dh, auth: device.auth } }, payload, {
            vapidDetails: this.#vapid,
            TTL: 10 * 60,
            urgency: notification.kind === 'walk-in.waiting' ? 'high' : 'normal',
            timeout: 10_000,
            ...(this.#agent ? { agent: this.#agent } : {}),
          });
        } catch (error) {
          const status = (error as { statusCode?: number }).statusCode;
          if (status === 404 || status === 410) await em.execute('delete from push_subscription where id = ?', [device.id]);
          else this.#onError(error);
        }
      }
    }
  }
}
