/** The append-only audit log. */
import { defineEntity, p } from '@mikro-orm/core';
import { AUDIT_ACTION_NAMES, MAX_LENGTH } from '@gatehouse/shared';

import { id } from './common';
import { User } from './users-sessions';
import { ApiToken } from './webhooks-tokens';
import { community, tenantFilters } from './tenancy';
import { AUDIT_EVENT_APPEND_ONLY } from '../sql/audit';

/** What an audit event records (the list lives in @gatehouse/shared, which the browser reads too). */
export const AUDIT_ACTIONS = AUDIT_ACTION_NAMES;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The append-only audit log: sign-ins (success and failure), role and account changes,
 * and every gate event, with who, when and from which address. The database refuses
 * UPDATE (but the removal of an anonymised visitor's free text,
 * docs/privacy.md#retention-and-erasure) and DELETE
 * on it (the trigger below), and TRUNCATE (a statement trigger that
 * migration Migration20261124145902 creates by hand: MikroORM's schema comparison does
 * not see statement triggers, so declaring it here would make it look missing forever).
 */
export const AuditEventSchema = defineEntity({
  name: 'AuditEvent',
  tableName: 'audit_event',
  filters: tenantFilters,
  properties: {
    id: id(),
    community,
    /** Insertion order, for a stable order among events of the same instant. */
    sequence: p.bigint('number').autoincrement().unique(),
    occurredAt: p.datetime().onCreate(() => new Date()).defaultRaw('current_timestamp'),
    action: p.enum(AUDIT_ACTIONS),
    /** The user who acted; null for a failed sign-in of an unknown email. */
    actor: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    /** The email a sign-in was attempted with (failures included). */
    actorEmail: p.string().length(MAX_LENGTH.email).nullable(),
    /** The API token the call was made with (docs/api.md#api-tokens); null for a session's call. */
    apiToken: () => p.manyToOne(ApiToken).nullable().deleteRule('set null'),
    ipAddress: p.string().length(64).nullable(),
    targetType: p.string().length(32).nullable(),
    targetId: p.uuid().nullable(),
    /** Short facts about the event, e.g. `{from: 'resident', to: 'guard'}` or `{notes}`. */
    details: p.json<Record<string, unknown>>().nullable(),
  },
  indexes: [
    { name: 'audit_event_target_index', properties: ['targetType', 'targetId', 'occurredAt'] },
    { name: 'audit_event_occurred_at_index', properties: ['occurredAt'] },
    // A user's sign-ins and failed attempts since the last one
    // (docs/security.md#password-guessing).
    { name: 'audit_event_actor_action_index', properties: ['actor', 'action', 'sequence'] },
  ],
  triggers: [
    {
      name: 'audit_event_append_only',
      timing: 'before',
      events: ['update', 'delete'],
      forEach: 'row',
      // One change is allowed (docs/privacy.md#retention-and-erasure): removing the free text a row
      // about a visitor
      // may hold (the gate's notes, a decision's or refusal's reason, a Needs review message
      // or note) from its details when the visitor is erased or anonymised, every other
      // column and detail as it was.
      body: AUDIT_EVENT_APPEND_ONLY,
    },
  ],
});
export class AuditEvent extends AuditEventSchema.class {}
AuditEventSchema.setClass(AuditEvent);
