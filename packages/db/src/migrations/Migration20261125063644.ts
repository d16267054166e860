import { Migration } from '@mikro-orm/migrations';

export class Migration20261125063644 extends Migration {

  override name = 'Migration20261125063644';

  override up(): void | Promise<void> {
    this.addSql(`create table "visitor_photo" ("visitor_id" uuid not null, "jpeg" bytea not null, "updated_at" timestamptz not null default current_timestamp, primary key ("visitor_id"));`);

    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'visitor.walked-in', 'visitor.approved', 'visitor.rejected', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed'));`);

    this.addSql(`alter table "visitor_invitation" add "kind" text not null default 'invitation', add "decide_by" timestamptz null, add "decided_by_id" uuid null, add "decided_at" timestamptz null, add "decision_reason" varchar(200) null, add "has_photo" boolean not null default false;`);
    this.addSql(`alter table "visitor_invitation" add constraint "visitor_invitation_decided_by_id_foreign" foreign key ("decided_by_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "visitor_invitation" alter column "host_id" drop not null;`);
    this.addSql(`alter table "visitor_invitation" add constraint "visitor_invitation_host_check" check (kind = 'walk-in' or host_id is not null);`);
    this.addSql(`alter table "visitor_invitation" add constraint "visitor_invitation_decide_by_check" check (kind = 'invitation' or decide_by is not null);`);
    this.addSql(`alter table "visitor_invitation" add constraint "visitor_invitation_kind_check" check ("kind" in ('invitation', 'walk-in'));`);

    this.addSql(`alter table "visitor_photo" add constraint "visitor_photo_visitor_id_foreign" foreign key ("visitor_id") references "visitor_invitation" ("id") on update cascade on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "visitor_photo" cascade;`);

    this.addSql(`alter table "visitor_invitation" drop constraint "visitor_invitation_decided_by_id_foreign";`);

    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed'));`);

    this.addSql(`alter table "visitor_invitation" drop constraint "visitor_invitation_host_check";`);
    this.addSql(`alter table "visitor_invitation" drop constraint "visitor_invitation_decide_by_check";`);
    this.addSql(`alter table "visitor_invitation" drop constraint "visitor_invitation_kind_check";`);
    this.addSql(`alter table "visitor_invitation" drop column "kind", drop column "decide_by", drop column "decided_by_id", drop column "decided_at", drop column "decision_reason", drop column "has_photo";`);
    this.addSql(`alter table "visitor_invitation" alter column "host_id" set not null;`);
  }

}
