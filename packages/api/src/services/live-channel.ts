/**
 * The one NOTIFY channel of the live stream (live-gate §3), shared by what sends on it
 * and the hub that listens (visitor-events.ts), with its two kinds of payload:
 * - a visitor event's id (digits), sent by the triggers on `visitor_invitation`;
 * - `blocklist-refused:<visitor|pass>:<id>`, sent by a refused check-in (operations §3,
 *   services/blocklist.ts), which the hub hands to admins as a `blocklist.refused` event.
 * Neither carries personal data.
 */

/** The NOTIFY channel the live stream listens on. */
export const VISITOR_EVENT_CHANNEL = 'visitor_event';

/** The payload prefix of a refused check-in's notice on that channel. */
export const BLOCKLIST_REFUSED_NOTICE = 'blocklist-refused:';
