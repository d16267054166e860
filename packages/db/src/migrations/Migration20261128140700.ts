import { Migration } from '@mikro-orm/migrations';

/**
 * The gate pack's pass codes are hashed with PBKDF2 and a salt of the community day
 * (docs/security.md#the-gate-tablets-pack): `gate_pack_salt` keeps each day's salt and iterations,
 * so every
 * server process hashes alike, and `gate_pack_code_hash` each code's hash under it, so a
 * code is hashed once a day, not at every pack.
 */
export class Migration20261128140700 extends Migration {

  override name = 'Migration20261128140700';

  override up(): void | Promise<void> {
    this.addSql(`create table "gate_pack_salt" ("day" date not null, "salt" varchar(32) not null, "iterations" int not null, "created_at" timestamptz not null default current_timestamp, primary key ("day"));`);
    this.addSql(`create table "gate_pack_code_hash" ("salt_day" date not null, "pass_code" varchar(8) not null, "hash" varchar(64) not null, primary key ("salt_day", "pass_code"));`);
    this.addSql(`alter table "gate_pack_salt" add constraint "gate_pack_salt_salt_check" check (salt ~ '^[0-9a-f]{32}\$');`);
    this.addSql(`alter table "gate_pack_salt" add constraint "gate_pack_salt_iterations_check" check (iterations > 0);`);
    this.addSql(`alter table "gate_pack_code_hash" add constraint "gate_pack_code_hash_salt_day_foreign" foreign key ("salt_day") references "gate_pack_salt" ("day") on delete cascade;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop table if exists "gate_pack_code_hash" cascade;`);
    this.addSql(`drop table if exists "gate_pack_salt" cascade;`);
  }

}
