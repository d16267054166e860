import { Migration } from '@mikro-orm/migrations';

/**
 * Gates (docs/operations.md#gates): `gate` (names unique whatever their case), the gate of each
 * visitor's check-in and check-out, and the audit log's `gate.created`/`gate.updated`.
 */
export class Migration20261125215841 extends Migration {

  override name = 'Migration20261125215841';

  override up(): void | Promise<void> {
    this.addSql(`create table "gate" ("id" uuid not null, "name" varchar(60) not null, "is_active" boolean not null default true, "created_at" timestamptz not null default current_timestamp, "updated_at" timestamptz not null default current_timestamp, primary key ("id"));`);
    this.addSql(`create unique index "gate_name_lower_unique" on "gate" (lower("name"));`);

    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'visitor.walked-in', 'visitor.approved', 'visitor.rejected', 'visitor.photo-added', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed', 'gate.review-opened', 'gate.review-dismissed', 'gate.review-recorded', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.delivery-resent', 'api-token.created', 'api-token.revoked', 'visitor.anonymised', 'visitor.erased', 'gate.created', 'gate.updated'));`);

    this.addSql(`alter table "visitor_invitation" add "check_in_gate_id" uuid null, add "check_out_gate_id" uuid null;`);
    this.addSql(`alter table "visitor_invitation" add constraint "visitor_invitation_check_in_gate_id_foreign" foreign key ("check_in_gate_id") references "gate" ("id") on delete restrict;`);
    this.addSql(`alter table "visitor_invitation" add constraint "visitor_invitation_check_out_gate_id_foreign" foreign key ("check_out_gate_id") references "gate" ("id") on delete restrict;`);

    this.addSql(`alter table "gate" add constraint "gate_name_check" check (char_length(btrim(name)) > 0);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "visitor_invitation" drop constraint "visitor_invitation_check_in_gate_id_foreign";`);
    this.addSql(`alter table "visitor_invitation" drop constraint "visitor_invitation_check_out_gate_id_foreign";`);

    this.addSql(`drop table if exists "gate" cascade;`);

    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'visitor.walked-in', 'visitor.approved', 'visitor.rejected', 'visitor.photo-added', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed', 'gate.review-opened', 'gate.review-dismissed', 'gate.review-recorded', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.delivery-resent', 'api-token.created', 'api-token.revoked', 'visitor.anonymised', 'visitor.erased'));`);

    this.addSql(`alter table "visitor_invitation" drop column "check_in_gate_id", drop column "check_out_gate_id";`);

    this.addSql(`drop function if exists "visitor_search_grams"(text, text);`);

    this.addSql(`create or replace function "visitor_search_grams"("name" text, "phone" text) returns text[] security invoker immutable language sql as \$\$ select coalesce(array_agg(distinct substr(s, i, 3)), '{}') from unnest(array[lower(name), lower(phone)]) s, generate_series(1, length(s) - 2) i where s is not null \$\$;`);
  }

}
