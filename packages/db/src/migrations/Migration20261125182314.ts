import { Migration } from '@mikro-orm/migrations';

/**
 * API tokens (docs/api.md#api-tokens): `api_token` (the SHA-256 of each token, never the token),
 * the audit log's `api_token_id` naming the token a call was made with, and the actions
 * `api-token.created` and `api-token.revoked`.
 */
export class Migration20261125182314 extends Migration {

  override name = 'Migration20261125182314';

  override up(): void | Promise<void> {
    this.addSql(`create table "api_token" ("id" uuid not null, "name" varchar(100) not null, "role" text not null, "token_hash" varchar(64) not null, "prefix" varchar(11) not null, "created_by_id" uuid not null, "created_at" timestamptz not null default current_timestamp, "expires_at" timestamptz null, "last_used_at" timestamptz null, "revoked_at" timestamptz null, primary key ("id"));`);
    this.addSql(`alter table "api_token" add constraint "api_token_token_hash_unique" unique ("token_hash");`);
    this.addSql(`create index "api_token_created_by_id_index" on "api_token" ("created_by_id");`);

    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`alter table "audit_event" add "api_token_id" uuid null;`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_api_token_id_foreign" foreign key ("api_token_id") references "api_token" ("id") on delete set null;`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'visitor.walked-in', 'visitor.approved', 'visitor.rejected', 'visitor.photo-added', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed', 'gate.review-opened', 'gate.review-dismissed', 'gate.review-recorded', 'api-token.created', 'api-token.revoked'));`);

    this.addSql(`alter table "api_token" add constraint "api_token_created_by_id_foreign" foreign key ("created_by_id") references "app_user" ("id") on delete restrict;`);
    this.addSql(`alter table "api_token" add constraint "api_token_name_check" check (char_length(btrim(name)) >= 1);`);
    this.addSql(`alter table "api_token" add constraint "api_token_role_check" check ("role" in ('guard', 'admin'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "audit_event" drop constraint "audit_event_api_token_id_foreign";`);

    this.addSql(`drop table if exists "api_token" cascade;`);

    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`alter table "audit_event" drop column "api_token_id";`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'visitor.walked-in', 'visitor.approved', 'visitor.rejected', 'visitor.photo-added', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed', 'gate.review-opened', 'gate.review-dismissed', 'gate.review-recorded'));`);

    this.addSql(`drop function if exists "visitor_search_grams"(text, text);`);

    this.addSql(`create or replace function "visitor_search_grams"("name" text, "phone" text) returns text[] security invoker immutable language sql as \$\$ select coalesce(array_agg(distinct substr(s, i, 3)), '{}') from unnest(array[lower(name), lower(phone)]) s, generate_series(1, length(s) - 2) i where s is not null \$\$;`);
  }

}
