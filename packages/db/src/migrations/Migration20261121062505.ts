import { Migration } from '@mikro-orm/migrations';

export class Migration20261121062505 extends Migration {

  override name = 'Migration20261121062505';

  override up(): void | Promise<void> {
    this.addSql(`create table "audit_event" ("id" uuid not null, "sequence" bigserial, "occurred_at" timestamptz not null default current_timestamp, "action" text not null, "actor_id" uuid null, "actor_email" varchar(254) null, "ip_address" varchar(64) null, "target_type" varchar(32) null, "target_id" uuid null, "details" jsonb null, primary key ("id"));`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_sequence_unique" unique ("sequence");`);
    this.addSql(`create index "audit_event_actor_id_index" on "audit_event" ("actor_id");`);
    this.addSql(`create index "audit_event_target_index" on "audit_event" ("target_type", "target_id", "occurred_at");`);
    this.addSql(`create index "audit_event_occurred_at_index" on "audit_event" ("occurred_at");`);

    this.addSql(`alter table "audit_event" add constraint "audit_event_actor_id_foreign" foreign key ("actor_id") references "app_user" ("id") on delete set null;`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled'));`);
    this.addSql(`create or replace function "audit_event_audit_event_append_only_fn"() returns trigger as \$\$ begin raise exception 'audit_event is append-only'; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "audit_event_append_only" BEFORE UPDATE OR DELETE on "audit_event" for each ROW execute function "audit_event_audit_event_append_only_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "audit_event_append_only" on "audit_event";`);
    this.addSql(`drop function if exists "audit_event_audit_event_append_only_fn"();`);
    this.addSql(`drop table if exists "audit_event" cascade;`);
  }

}
