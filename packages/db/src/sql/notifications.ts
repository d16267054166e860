/**
 * The triggers that write residents' notifications (docs/gate.md#notifications) in the transaction
 * of the
 * move they are about, whatever path made it, and NOTIFY `notification` with the visitor's
 * or pass's id (Web Push). Each constant is a PL/pgSQL trigger body (entities/visitors.ts,
 * entities/passes.ts declare the triggers).
 */

/**
 * `visitor_invitation` after insert: a pending walk-in is `walk-in.waiting` for each active
 * resident of its house (a resident membership in the visitor's community) who has not turned
 * walk-ins off.
 */
export const VISITOR_INVITATION_NOTIFY_INSERT =
  "if new.kind = 'walk-in' and new.status = 'pending' then insert into notification (community_id, user_id, kind, visitor_id) select new.community_id, u.id, 'walk-in.waiting', new.id from membership m join app_user u on u.id = m.user_id left join notification_preference np on np.user_id = u.id where m.community_id = new.community_id and m.house_id = new.house_id and m.role = 'resident' and m.is_active and u.is_active and coalesce(np.walk_ins, true); if found then perform pg_notify('notification', new.id::text); end if; end if; return null;";

/**
 * `visitor_invitation` after update: the host is told of their visitor's check-in or check-out,
 * unless they turned that kind off.
 */
export const VISITOR_INVITATION_NOTIFY_UPDATE =
  "if new.host_id is not null and old.status is distinct from new.status and new.status in ('checked-in', 'checked-out') then insert into notification (community_id, user_id, kind, visitor_id) select new.community_id, u.id, case when new.status = 'checked-in' then 'visitor.checked-in' else 'visitor.checked-out' end, new.id from app_user u left join notification_preference np on np.user_id = u.id where u.id = new.host_id and u.is_active and (case when new.status = 'checked-in' then coalesce(np.check_ins, true) else coalesce(np.check_outs, true) end); if found then perform pg_notify('notification', new.id::text); end if; end if; return null;";

/**
 * `pass_entry` after insert: the host of a pass with `notify_on_arrival` is told of its holder's
 * check-in.
 */
export const PASS_ENTRY_NOTIFY_INSERT =
  "insert into notification (community_id, user_id, kind, pass_id) select p.community_id, u.id, 'visitor.checked-in', p.id from recurring_pass p join app_user u on u.id = p.host_id where p.id = new.pass_id and p.notify_on_arrival and u.is_active; if found then perform pg_notify('notification', new.pass_id::text); end if; return null;";

/**
 * `pass_entry` after update: the host of a pass with `notify_on_arrival` is told of its holder's
 * check-out.
 */
export const PASS_ENTRY_NOTIFY_UPDATE =
  "if old.check_out_time is null and new.check_out_time is not null then insert into notification (community_id, user_id, kind, pass_id) select p.community_id, u.id, 'visitor.checked-out', p.id from recurring_pass p join app_user u on u.id = p.host_id where p.id = new.pass_id and p.notify_on_arrival and u.is_active; if found then perform pg_notify('notification', new.pass_id::text); end if; end if; return null;";
