import { Migration } from '@mikro-orm/migrations';

/**
 * Idempotency keys (docs/gate.md#recording-moves-offline): `idempotency_key`, one row per (user,
 * key, method,
 * path) with the first answer, purged after a day.
 */
export class Migration20261125154805 extends Migration {

  override name = 'Migration20261125154805';

  override up(): void | Promise<void> {
    this.addSql(`create table "idempotency_key" ("id" uuid not null, "user_id" uuid not null, "key" varchar(100) not null, "method" varchar(8) not null, "path" varchar(1000) not null, "request_hash" varchar(64) not null, "created_at" timestamptz not null, "response_status" smallint null, "response_body" text null, "completed_at" timestamptz null, primary key ("id"));`);
    this.addSql(`create index "idempotency_key_created_at_index" on "idempotency_key" ("created_at");`);
    this.addSql(`alter table "idempotency_key" add constraint "idempotency_key_user_key_method_path_unique" unique ("user_id", "key", "method", "path");`);

    this.addSql(`alter table "idempotency_key" add constraint "idempotency_key_user_id_foreign" foreign key ("user_id") references "app_user" ("id") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "idempotency_key" cascade;`);
  }

}
