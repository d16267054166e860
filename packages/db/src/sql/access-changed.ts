/**
 * The triggers that end live streams when their reader's rights change (docs/gate.md#live-updates):
 * a
 * NOTIFY on the `visitor_event` channel, sent at commit, that every server process's stream
 * hub reads. The payloads carry an id only. Each constant is a PL/pgSQL trigger body
 * (entities/users-sessions.ts, entities/webhooks-tokens.ts declare the triggers).
 */

/**
 * `app_user` after update: a change of the user's role, house or active state ends their streams
 * (`access-changed:user:<id>`).
 */
export const APP_USER_ACCESS_CHANGED =
  "if new.role is distinct from old.role or new.house_id is distinct from old.house_id or new.is_active is distinct from old.is_active then perform pg_notify('visitor_event', 'access-changed:user:' || new.id::text); end if; return null;";

/** `session` after update: a revoked session's streams end (`access-changed:session:<id>`). */
export const SESSION_ACCESS_CHANGED =
  "if old.revoked_at is null and new.revoked_at is not null then perform pg_notify('visitor_event', 'access-changed:session:' || new.id::text); end if; return null;";

/** `api_token` after update: a revoked token's streams end (`access-changed:api-token:<id>`). */
export const API_TOKEN_ACCESS_CHANGED =
  "if old.revoked_at is null and new.revoked_at is not null then perform pg_notify('visitor_event', 'access-changed:api-token:' || new.id::text); end if; return null;";
