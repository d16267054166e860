import { Migration } from '@mikro-orm/migrations';

/**
 * `webhook_delivery.leased_until` (docs/api.md#webhooks): set while an attempt is in flight, so
 * that a resend or another worker never starts a second attempt of the same delivery.
 */
export class Migration20261125190500 extends Migration {

  override name = 'Migration20261125190500';

  override up(): void | Promise<void> {
    this.addSql(`alter table "webhook_delivery" add "leased_until" timestamptz null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "webhook_delivery" drop column "leased_until";`);

    this.addSql(`drop function if exists "visitor_search_grams"(text, text);`);

    this.addSql(`create or replace function "visitor_search_grams"("name" text, "phone" text) returns text[] security invoker immutable language sql as \$\$ select coalesce(array_agg(distinct substr(s, i, 3)), '{}') from unnest(array[lower(name), lower(phone)]) s, generate_series(1, length(s) - 2) i where s is not null \$\$;`);
  }

}
