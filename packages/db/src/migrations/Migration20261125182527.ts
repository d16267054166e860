import { Migration } from '@mikro-orm/migrations';

/**
 * Webhooks (docs/api.md#webhooks): `webhook` (the endpoints, their events and signing secret),
 * `webhook_delivery` (one row per event and endpoint, newest first per endpoint), the
 * trigger on `visitor_event` that writes the deliveries with each event, and the audit
 * log's four `webhook.*` actions.
 */
export class Migration20261125182527 extends Migration {

  override name = 'Migration20261125182527';

  override up(): void | Promise<void> {
    this.addSql(`create table "webhook" ("id" uuid not null, "url" varchar(2000) not null, "events" text[] not null, "description" varchar(500) null, "is_active" boolean not null default true, "secret" varchar(64) not null, "created_by_id" uuid not null, "created_at" timestamptz not null default current_timestamp, "updated_at" timestamptz not null default current_timestamp, primary key ("id"));`);
    this.addSql(`create index "webhook_created_at_index" on "webhook" ("created_at", "id");`);

    this.addSql(`create table "webhook_delivery" ("id" uuid not null, "webhook_id" uuid not null, "event_type" varchar(64) not null, "event_id" bigint not null, "payload" jsonb null, "status" text not null, "attempts" int not null default 0, "last_status_code" smallint null, "last_error" varchar(500) null, "next_attempt_at" timestamptz null, "created_at" timestamptz not null default current_timestamp, "delivered_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "webhook_delivery_event_id_index" on "webhook_delivery" ("event_id");`);
    this.addSql(`create index "webhook_delivery_webhook_created_at_index" on "webhook_delivery" ("webhook_id", "created_at", "id");`);
    this.addSql(`create index "webhook_delivery_status_next_attempt_at_index" on "webhook_delivery" ("status", "next_attempt_at");`);

    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'visitor.walked-in', 'visitor.approved', 'visitor.rejected', 'visitor.photo-added', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed', 'gate.review-opened', 'gate.review-dismissed', 'gate.review-recorded', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.delivery-resent', 'api-token.created', 'api-token.revoked'));`);

    this.addSql(`create or replace function "visitor_event_visitor_event_webhook_deliveries_fn"() returns trigger as \$\$ begin insert into webhook_delivery (id, webhook_id, event_type, event_id, status, attempts, next_attempt_at, created_at) select gen_random_uuid(), w.id, new.type, new.id, 'pending', 0, now(), now() from webhook w where w.is_active and (new.type = any(w.events) or '*' = any(w.events)); if found then perform pg_notify('webhook_delivery', new.id::text); end if; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "visitor_event_webhook_deliveries" AFTER INSERT on "visitor_event" for each ROW execute function "visitor_event_visitor_event_webhook_deliveries_fn"();`);

    this.addSql(`alter table "webhook" add constraint "webhook_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete restrict;`);
    this.addSql(`alter table "webhook" add constraint "webhook_events_check" check (cardinality(events) > 0);`);

    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_webhook_id_foreign" foreign key ("webhook_id") references "webhook" ("id") on delete cascade;`);
    this.addSql(`alter table "webhook_delivery" add constraint "webhook_delivery_status_check" check ("status" in ('pending', 'delivered', 'failed'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "webhook_delivery" drop constraint "webhook_delivery_webhook_id_foreign";`);

    this.addSql(`drop table if exists "webhook" cascade;`);
    this.addSql(`drop table if exists "webhook_delivery" cascade;`);

    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'visitor.walked-in', 'visitor.approved', 'visitor.rejected', 'visitor.photo-added', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed', 'gate.review-opened', 'gate.review-dismissed', 'gate.review-recorded', 'api-token.created', 'api-token.revoked'));`);

    this.addSql(`drop trigger if exists "visitor_event_webhook_deliveries" on "visitor_event";`);
    this.addSql(`drop function if exists "visitor_event_visitor_event_webhook_deliveries_fn"();`);

    this.addSql(`drop function if exists "visitor_search_grams"(text, text);`);

    this.addSql(`create or replace function "visitor_search_grams"("name" text, "phone" text) returns text[] security invoker immutable language sql as \$\$ select coalesce(array_agg(distinct substr(s, i, 3)), '{}') from unnest(array[lower(name), lower(phone)]) s, generate_series(1, length(s) - 2) i where s is not null \$\$;`);
  }

}
