import { Migration } from '@mikro-orm/migrations';

/**
 * Idempotency keys are kept per caller (docs/api.md#api-tokens): the user's sessions, or one API
 * token, so that a token never gets an answer kept for its creator's calls or another
 * token's.
 */
export class Migration20261125190104 extends Migration {

  override name = 'Migration20261125190104';

  override up(): void | Promise<void> {
    this.addSql(`alter table "idempotency_key" drop constraint "idempotency_key_user_key_method_path_unique";`);
    this.addSql(`alter table "idempotency_key" add "caller" varchar(50) not null default '';`);
    this.addSql(`alter table "idempotency_key" add constraint "idempotency_key_user_caller_key_method_path_unique" unique ("user_id", "caller", "key", "method", "path");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "idempotency_key" drop constraint "idempotency_key_user_caller_key_method_path_unique";`);
    this.addSql(`alter table "idempotency_key" drop column "caller";`);
    this.addSql(`alter table "idempotency_key" add constraint "idempotency_key_user_key_method_path_unique" unique ("user_id", "key", "method", "path");`);

    this.addSql(`drop function if exists "visitor_search_grams"(text, text);`);

    this.addSql(`create or replace function "visitor_search_grams"("name" text, "phone" text) returns text[] security invoker immutable language sql as \$\$ select coalesce(array_agg(distinct substr(s, i, 3)), '{}') from unnest(array[lower(name), lower(phone)]) s, generate_series(1, length(s) - 2) i where s is not null \$\$;`);
  }

}
