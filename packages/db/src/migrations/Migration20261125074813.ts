import { Migration } from '@mikro-orm/migrations';

export class Migration20261125074813 extends Migration {

  override name = 'Migration20261125074813';

  override up(): void | Promise<void> {
    this.addSql(`create table "visitor_event" ("id" bigserial primary key, "type" text not null, "visitor_id" uuid not null, "house_id" uuid not null, "host_id" uuid null, "state" jsonb not null, "created_at" timestamptz not null default current_timestamp);`);
    this.addSql(`create index "visitor_event_visitor_id_index" on "visitor_event" ("visitor_id");`);
    this.addSql(`create index "visitor_event_created_at_index" on "visitor_event" ("created_at");`);

    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'visitor.walked-in', 'visitor.approved', 'visitor.rejected', 'visitor.photo-added', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed'));`);

    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_event_insert_fn"() returns trigger as \$\$ begin insert into visitor_event (type, visitor_id, house_id, host_id, state, created_at) values ('visitor.created', new.id, new.house_id, new.host_id, jsonb_build_object('status', new.status, 'host_id', new.host_id, 'check_in_time', new.check_in_time, 'check_out_time', new.check_out_time, 'checked_in_by_id', new.checked_in_by_id, 'checked_out_by_id', new.checked_out_by_id, 'notes', new.notes, 'decided_by_id', new.decided_by_id, 'decided_at', new.decided_at, 'decision_reason', new.decision_reason, 'has_photo', new.has_photo, 'updated_at', new.updated_at), now()); perform pg_notify('visitor_event', currval('visitor_event_id_seq')::text); return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "visitor_invitation_event_insert" AFTER INSERT on "visitor_invitation" for each ROW execute function "visitor_invitation_visitor_invitation_event_insert_fn"();`);
    this.addSql(`create or replace function "visitor_invitation_visitor_invitation_event_update_fn"() returns trigger as \$\$ begin insert into visitor_event (type, visitor_id, house_id, host_id, state, created_at) values ('visitor.updated', new.id, new.house_id, new.host_id, jsonb_build_object('status', new.status, 'host_id', new.host_id, 'check_in_time', new.check_in_time, 'check_out_time', new.check_out_time, 'checked_in_by_id', new.checked_in_by_id, 'checked_out_by_id', new.checked_out_by_id, 'notes', new.notes, 'decided_by_id', new.decided_by_id, 'decided_at', new.decided_at, 'decision_reason', new.decision_reason, 'has_photo', new.has_photo, 'updated_at', new.updated_at), now()); perform pg_notify('visitor_event', currval('visitor_event_id_seq')::text); return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "visitor_invitation_event_update" AFTER UPDATE on "visitor_invitation" for each ROW execute function "visitor_invitation_visitor_invitation_event_update_fn"();`);

    this.addSql(`alter table "visitor_event" add constraint "visitor_event_visitor_id_foreign" foreign key ("visitor_id") references "visitor_invitation" ("id") on delete cascade;`);
    this.addSql(`alter table "visitor_event" add constraint "visitor_event_type_check" check ("type" in ('visitor.created', 'visitor.updated'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "visitor_event" cascade;`);

    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'visitor.walked-in', 'visitor.approved', 'visitor.rejected', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed'));`);

    this.addSql(`drop trigger if exists "visitor_invitation_event_insert" on "visitor_invitation";`);
    this.addSql(`drop function if exists "visitor_invitation_visitor_invitation_event_insert_fn"();`);
    this.addSql(`drop trigger if exists "visitor_invitation_event_update" on "visitor_invitation";`);
    this.addSql(`drop function if exists "visitor_invitation_visitor_invitation_event_update_fn"();`);
  }

}
