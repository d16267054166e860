/**
 * A resident's notifications (docs/gate.md#notifications). The triggers on `visitor_invitation`
 * write
 * them in the same transaction as the move: a walk-in waiting for their house, their own
 * visitor checking in or out, for each kind the resident has not turned off. Admins get
 * one for each check-in of a visitor or recurring pass the blocklist refused
 * (docs/operations.md#blocklist). Here: the
 * bell's list and count, marking read, the per-kind settings, and the devices' Web Push
 * subscriptions. Each user sees and changes only their own, and only those of the request's
 * community (docs/security.md#communities: a person in two communities has two bells); the
 * settings and the devices are the person's, in every community.
 */
import { randomUUID } from 'node:crypto';

import { communityIdOf, type EntityManager, type User } from '@gatehouse/db';
import type { NotificationJson, NotificationSettings, PushSubscriptionRequest } from '@gatehouse/shared';

import { isoInstant } from '../lib/serialize';

interface NotificationRow {
  id: string;
  kind: NotificationJson['kind'];
  created_at: string | Date;
  read_at: string | Date | null;
  target: NotificationJson['target'];
  visitor_id: string;
  visitor_name: string;
  visitor_status: string;
  house_id: string;
  house_number: string;
  block: string;
}

/**
 * The user's notifications, newest first, with how many there are and how many are unread.
 * Input: limit 1..100, offset. Output: `{items, total, unread}`.
 */
export async function listNotifications(
  em: EntityManager,
  user: Pick<User, 'id'>,
  page: { limit: number; offset: number },
): Promise<{ items: NotificationJson[]; total: number; unread: number }> {
  const rows = await em.execute<NotificationRow[]>(
    // A notification is about a visitor or (docs/operations.md#blocklist) a recurring pass, never
    // both.
    `select n.id, n.kind, n.created_at, n.read_at, case when n.pass_id is null then 'visitor' else 'pass' end as target,
            coalesce(v.id, rp.id) as visitor_id, coalesce(v.name, rp.name) as visitor_name, coalesce(v.status, rp.status) as visitor_status,
            h.id as house_id, h.house_number, h.block
       from notification n
       left join visitor_invitation v on v.id = n.visitor_id
       left join recurring_pass rp on rp.id = n.pass_id
       join house h on h.id = coalesce(v.house_id, rp.house_id)
      where n.community_id = ? and n.user_id = ?
      order by n.created_at desc, n.id desc
      limit ? offset ?`,
    [communityIdOf(em), user.id, page.limit, page.offset],
  );
  const counts = await countNotifications(em, user);
  return {
    items: rows.map((row) => ({
      id: row.id,
      kind: row.kind,
      target: row.target,
      createdAt: isoInstant(row.created_at),
      readAt: row.read_at ? isoInstant(row.read_at) : null,
      visitor: {
        id: row.visitor_id,
        name: row.visitor_name,
        status: row.visitor_status,
        house: { id: row.house_id, houseNumber: row.house_number, block: row.block },
      },
    })),
    ...counts,
  };
}

/** How many notifications the user has in `em`'s community, and how many unread (the bell's count). */
export async function countNotifications(em: EntityManager, user: Pick<User, 'id'>): Promise<{ total: number; unread: number }> {
  const [row] = await em.execute<{ total: string | number; unread: string | number }[]>(
    'select count(*) as total, count(*) filter (where read_at is null) as unread from notification where community_id = ? and user_id = ?',
    [communityIdOf(em), user.id],
  );
  return { total: Number(row?.total ?? 0), unread: Number(row?.unread ?? 0) };
}

/**
 * Marks the user's notifications `ids` of `em`'s community read (every unread one there when
 * absent); other users' and other communities' ids are ignored. Output: the unread count after.
 */
export async function markNotificationsRead(
  em: EntityManager,
  user: Pick<User, 'id'>,
  ids: string[] | undefined,
  now: Date,
): Promise<{ unread: number }> {
  if (ids && ids.length === 0) return { unread: (await countNotifications(em, user)).unread };
  await em.execute(
    `update notification set read_at = ? where community_id = ? and user_id = ? and read_at is null${ids ? ` and id in (${ids.map(() => '?').join(', ')})` : ''}`,
    [now, communityIdOf(em), user.id, ...(ids ?? [])],
  );
  return { unread: (await countNotifications(em, user)).unread };
}

/** The kinds the user is notified of; all of them until they change it. */
export async function getNotificationSettings(em: EntityManager, user: Pick<User, 'id'>): Promise<NotificationSettings> {
  const [row] = await em.execute<{ walk_ins: boolean; check_ins: boolean; check_outs: boolean }[]>(
    'select walk_ins, check_ins, check_outs from notification_preference where user_id = ?',
    [user.id],
  );
  return { walkIns: row?.walk_ins ?? true, checkIns: row?.check_ins ?? true, checkOuts: row?.check_outs ?? true };
}

/** Stores which kinds the user is notified of. Output: the settings stored. */
export async function updateNotificationSettings(
  em: EntityManager,
  user: Pick<User, 'id'>,
  settings: NotificationSettings,
  now: Date,
): Promise<NotificationSettings> {
  await em.execute(
    `insert into notification_preference (user_id, walk_ins, check_ins, check_outs, updated_at) values (?, ?, ?, ?, ?)
     on conflict (user_id) do update set walk_ins = excluded.walk_ins, check_ins = excluded.check_ins,
       check_outs = excluded.check_outs, updated_at = excluded.updated_at`,
    [user.id, settings.walkIns, settings.checkIns, settings.checkOuts, now],
  );
  return getNotificationSettings(em, user);
}

/**
 * Keeps a device's Web Push subscription for the user (the same endpoint again replaces
 * its keys and owner: a browser has one subscription per site).
 */
export async function savePushSubscription(em: EntityManager, user: Pick<User, 'id'>, subscription: PushSubscriptionRequest): Promise<void> {
  await em.execute(
    `insert into push_subscription (id, user_id, endpoint, p256dh, auth, created_at) values (?, ?, ?, ?, ?, now())
     on conflict (endpoint) do update set user_id = excluded.user_id, p256dh = excluded.p256dh, auth = excluded.auth`,
    [randomUUID(), user.id, subscription.endpoint, subscription.keys.p256dh, subscription.keys.auth],
  );
}

/** Forgets the user's subscription at `endpoint` (another user's is left alone). */
export async function deletePushSubscription(em: EntityManager, user: Pick<User, 'id'>, endpoint: string): Promise<void> {
  await em.execute('delete from push_subscription where user_id = ? and endpoint = ?', [user.id, endpoint]);
}
