/**
 * The one NOTIFY channel of the live stream (docs/gate.md#live-updates), shared by what sends on it
 * and the hub that listens (visitor-events.ts), with its three kinds of payload:
 * - a visitor event's id (digits), sent by the triggers on `visitor_invitation`;
 * - `blocklist-refused:<community>:<visitor|pass>:<id>`, sent by a refused check-in
 * (docs/operations.md#blocklist,
 *   services/blocklist.ts), which the hub hands to that community's admins as a
 *   `blocklist.refused` event;
 * - `access-changed:<user|session|api-token>:<id>`, sent by the triggers on `app_user` (role,
 *   house or active state changed), `session` and `api_token` (revoked): the hub ends the
 *   open streams of that user, session or token at once.
 * None carries personal data. One channel keeps them in commit order: no event committed
 * after an access change reaches a stream the change ended.
 */

/** The NOTIFY channel the live stream listens on. */
export const VISITOR_EVENT_CHANNEL = 'visitor_event';

/** The payload prefix of a refused check-in's notice on that channel. */
export const BLOCKLIST_REFUSED_NOTICE = 'blocklist-refused:';

/** The payload prefix of an access change on that channel: `access-changed:<user|session|api-token>:<id>`. */
export const ACCESS_CHANGED_NOTICE = 'access-changed:';
