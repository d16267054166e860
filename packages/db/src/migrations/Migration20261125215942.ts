import { Migration } from '@mikro-orm/migrations';

/**
 * The community blocklist (docs/operations.md#blocklist): `blocklist_entry` (phone and/or plate,
 * indexed
 * for the gate's match: the phone with spaces and dashes removed), the audit log's
 * `blocklist.added`/`blocklist.removed`/`visitor.blocklist-refused`, and the admins'
 * `visitor.blocklist-refused` notification.
 */
export class Migration20261125215942 extends Migration {

  override name = 'Migration20261125215942';

  override up(): void | Promise<void> {

    this.addSql(`create table "blocklist_entry" ("id" uuid not null, "name" varchar(100) not null, "phone" varchar(32) null, "license_plate" varchar(16) null, "reason" varchar(500) not null, "added_by_id" uuid not null, "created_at" timestamptz not null default current_timestamp, primary key ("id"));`);
    this.addSql(`create index "blocklist_entry_license_plate_index" on "blocklist_entry" ("license_plate");`);
    this.addSql(`create index "blocklist_entry_phone_key_index" on "blocklist_entry" (regexp_replace("phone", '[\\s-]', '', 'g'));`);
    this.addSql(`create index "blocklist_entry_created_at_index" on "blocklist_entry" ("created_at", "id");`);

    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'visitor.walked-in', 'visitor.approved', 'visitor.rejected', 'visitor.photo-added', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed', 'gate.review-opened', 'gate.review-dismissed', 'gate.review-recorded', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.delivery-resent', 'api-token.created', 'api-token.revoked', 'visitor.anonymised', 'visitor.erased', 'blocklist.added', 'blocklist.removed', 'visitor.blocklist-refused', 'gate.created', 'gate.updated'));`);

    this.addSql(`alter table "notification" drop constraint "notification_kind_check";`);
    this.addSql(`alter table "notification" add constraint "notification_kind_check" check ("kind" in ('walk-in.waiting', 'visitor.checked-in', 'visitor.checked-out', 'visitor.blocklist-refused'));`);

    this.addSql(`alter table "blocklist_entry" add constraint "blocklist_entry_added_by_id_foreign" foreign key ("added_by_id") references "app_user" ("id") on delete restrict;`);
    this.addSql(`alter table "blocklist_entry" add constraint "blocklist_entry_match_check" check (phone is not null or license_plate is not null);`);
    this.addSql(`alter table "blocklist_entry" add constraint "blocklist_entry_license_plate_check" check (license_plate = upper(license_plate));`);
    this.addSql(`alter table "blocklist_entry" add constraint "blocklist_entry_reason_check" check (char_length(btrim(reason)) > 0);`);
  }

  override down(): void | Promise<void> {

    this.addSql(`drop table if exists "blocklist_entry" cascade;`);

    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'visitor.walked-in', 'visitor.approved', 'visitor.rejected', 'visitor.photo-added', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed', 'gate.review-opened', 'gate.review-dismissed', 'gate.review-recorded', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.delivery-resent', 'api-token.created', 'api-token.revoked', 'visitor.anonymised', 'visitor.erased', 'gate.created', 'gate.updated'));`);

    this.addSql(`alter table "notification" drop constraint "notification_kind_check";`);
    this.addSql(`alter table "notification" add constraint "notification_kind_check" check ("kind" in ('walk-in.waiting', 'visitor.checked-in', 'visitor.checked-out'));`);

  }

}
