import { Migration } from '@mikro-orm/migrations';

export class Migration20261124145902 extends Migration {

  override name = 'Migration20261124145902';

  override up(): void | Promise<void> {
    this.addSql(`create table "sign_in_marker" ("user_id" uuid not null, "marker_hash" varchar(64) not null, "first_seen_at" timestamptz not null, "last_seen_at" timestamptz not null, primary key ("user_id", "marker_hash"));`);

    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`create index "audit_event_actor_action_index" on "audit_event" ("actor_id", "action", "sequence");`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed'));`);
    this.addSql(`create or replace function "audit_event_audit_event_no_truncate_fn"() returns trigger as \$\$ begin raise exception 'audit_event is append-only'; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "audit_event_no_truncate" BEFORE TRUNCATE on "audit_event" for each STATEMENT execute function "audit_event_audit_event_no_truncate_fn"();`);

    this.addSql(`alter table "sign_in_marker" add constraint "sign_in_marker_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "sign_in_marker" cascade;`);

    this.addSql(`drop index "audit_event_actor_action_index";`);
    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`drop trigger if exists "audit_event_no_truncate" on "audit_event";`);
    this.addSql(`drop function if exists "audit_event_audit_event_no_truncate_fn"();`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled'));`);
  }

}
