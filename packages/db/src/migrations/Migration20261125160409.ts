import { Migration } from '@mikro-orm/migrations';

/**
 * Needs review (docs/gate.md#recording-moves-offline): `gate_review`, the entries the server
 * refused on replay,
 * open until dismissed or recorded; the audit log's three `gate.review-*` actions.
 */
export class Migration20261125160409 extends Migration {

  override name = 'Migration20261125160409';

  override up(): void | Promise<void> {
    this.addSql(`create table "gate_review" ("id" uuid not null, "visitor_id" uuid null, "action" text not null, "occurred_at" timestamptz not null, "message" varchar(500) not null, "idempotency_key" varchar(100) null, "status" text not null, "created_by_id" uuid not null, "created_at" timestamptz not null, "closed_by_id" uuid null, "closed_at" timestamptz null, "note" varchar(500) null, primary key ("id"));`);
    this.addSql(`create index "gate_review_visitor_id_index" on "gate_review" ("visitor_id");`);
    this.addSql(`create index "gate_review_status_created_at_index" on "gate_review" ("status", "created_at", "id");`);
    this.addSql(`alter table "gate_review" add constraint "gate_review_created_by_idempotency_key_unique" unique ("created_by_id", "idempotency_key");`);

    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'visitor.walked-in', 'visitor.approved', 'visitor.rejected', 'visitor.photo-added', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed', 'gate.review-opened', 'gate.review-dismissed', 'gate.review-recorded'));`);

    this.addSql(`alter table "gate_review" add constraint "gate_review_visitor_id_foreign" foreign key ("visitor_id") references "visitor_invitation" ("id") on delete cascade;`);
    this.addSql(`alter table "gate_review" add constraint "gate_review_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete restrict;`);
    this.addSql(`alter table "gate_review" add constraint "gate_review_closed_by_id_foreign" foreign key ("closed_by_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "gate_review" add constraint "gate_review_closed_check" check ((status = 'open') = (closed_at is null));`);
    this.addSql(`alter table "gate_review" add constraint "gate_review_note_check" check (status <> 'recorded' or note is not null);`);
    this.addSql(`alter table "gate_review" add constraint "gate_review_action_check" check ("action" in ('check-in', 'check-out'));`);
    this.addSql(`alter table "gate_review" add constraint "gate_review_status_check" check ("status" in ('open', 'dismissed', 'recorded'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "gate_review" cascade;`);

    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'visitor.walked-in', 'visitor.approved', 'visitor.rejected', 'visitor.photo-added', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed'));`);
  }

}
