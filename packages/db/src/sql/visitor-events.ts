/**
 * The triggers that make every change of a visitor an event (docs/gate.md#live-updates) and every
 * event
 * a webhook delivery (docs/api.md#webhooks), in the statement that made the change. Each constant
 * is a PL/pgSQL trigger body (entities/visitors.ts, entities/events-notifications.ts declare
 * the triggers); the NOTIFYs are sent at commit and carry an id only.
 */

/**
 * `visitor_invitation` after insert: a `visitor.created` event with the row's state, and a NOTIFY
 * `visitor_event` carrying the event's id.
 */
export const VISITOR_INVITATION_EVENT_INSERT =
  "insert into visitor_event (community_id, type, visitor_id, house_id, host_id, state, created_at) values (new.community_id, 'visitor.created', new.id, new.house_id, new.host_id, jsonb_build_object('status', new.status, 'host_id', new.host_id, 'check_in_time', new.check_in_time, 'check_out_time', new.check_out_time, 'checked_in_by_id', new.checked_in_by_id, 'checked_out_by_id', new.checked_out_by_id, 'notes', new.notes, 'decided_by_id', new.decided_by_id, 'decided_at', new.decided_at, 'decision_reason', new.decision_reason, 'has_photo', new.has_photo, 'updated_at', new.updated_at), now()); perform pg_notify('visitor_event', currval('visitor_event_id_seq')::text); return null;";

/**
 * `visitor_invitation` after update: a `visitor.updated` event with the row's state and its
 * NOTIFY, unless the transaction set `gatehouse.quiet_visitor_events` to 'on' (the retention job,
 * docs/privacy.md#retention-and-erasure).
 */
export const VISITOR_INVITATION_EVENT_UPDATE =
  "if current_setting('gatehouse.quiet_visitor_events', true) = 'on' then return null; end if; insert into visitor_event (community_id, type, visitor_id, house_id, host_id, state, created_at) values (new.community_id, 'visitor.updated', new.id, new.house_id, new.host_id, jsonb_build_object('status', new.status, 'host_id', new.host_id, 'check_in_time', new.check_in_time, 'check_out_time', new.check_out_time, 'checked_in_by_id', new.checked_in_by_id, 'checked_out_by_id', new.checked_out_by_id, 'notes', new.notes, 'decided_by_id', new.decided_by_id, 'decided_at', new.decided_at, 'decision_reason', new.decision_reason, 'has_photo', new.has_photo, 'updated_at', new.updated_at), now()); perform pg_notify('visitor_event', currval('visitor_event_id_seq')::text); return null;";

/**
 * `visitor_event` after insert: one pending delivery per active webhook of the event's community
 * subscribed to the event's type (or `*`), written with the event (so exactly once, whatever the number of server
 * processes), and a NOTIFY `webhook_delivery` carrying the event's id.
 */
export const VISITOR_EVENT_WEBHOOK_DELIVERIES =
  "insert into webhook_delivery (id, community_id, webhook_id, event_type, event_id, status, attempts, next_attempt_at, created_at) select gen_random_uuid(), new.community_id, w.id, new.type, new.id, 'pending', 0, now(), now() from webhook w where w.community_id = new.community_id and w.is_active and (new.type = any(w.events) or '*' = any(w.events)); if found then perform pg_notify('webhook_delivery', new.id::text); end if; return null;";
