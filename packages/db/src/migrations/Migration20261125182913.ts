import { Migration } from '@mikro-orm/migrations';

export class Migration20261125182913 extends Migration {

  override name = 'Migration20261125182913';

  override up(): void | Promise<void> {
    this.addSql(`alter table "payment" add "method" text null, add "reference" varchar(100) null;`);
    // docs/operations.md#dues-ledger: payments completed before methods were recorded read as
    // method 'other'.
    this.addSql(`update "payment" set "method" = 'other' where "status" = 'completed';`);
    this.addSql(`create index "payment_status_due_date_index" on "payment" ("status", "due_date");`);
    this.addSql(`alter table "payment" add constraint "payment_method_status_check" check ((status = 'completed') = (method is not null) and (status = 'completed' or reference is null));`);
    this.addSql(`alter table "payment" add constraint "payment_method_check" check ("method" in ('cash', 'cheque', 'bank-transfer', 'card', 'other'));`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "payment_status_due_date_index";`);
    this.addSql(`alter table "payment" drop constraint "payment_method_status_check";`);
    this.addSql(`alter table "payment" drop constraint "payment_method_check";`);
    this.addSql(`alter table "payment" drop column "method", drop column "reference";`);

    this.addSql(`drop function if exists "visitor_search_grams"(text, text);`);

    this.addSql(`create or replace function "visitor_search_grams"("name" text, "phone" text) returns text[] security invoker immutable language sql as \$\$ select coalesce(array_agg(distinct substr(s, i, 3)), '{}') from unnest(array[lower(name), lower(phone)]) s, generate_series(1, length(s) - 2) i where s is not null \$\$;`);
  }

}
