import { Migration } from '@mikro-orm/migrations';

/**
 * Pass codes (docs/gate.md#verifying-a-pass): every visitor gets `pass_code`, unique among open
 * passes
 * (pending, approved, checked-in). Existing passes are numbered open ones first, each
 * number times a unit mod 10^6 plus one random offset, so their codes differ from one
 * another yet follow no visible order.
 */
export class Migration20261125030000 extends Migration {

  override name = 'Migration20261125030000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "visitor_invitation" add column "pass_code" varchar(8) null;`);
    this.addSql(`with offset_value as (select floor(random() * 1000000)::bigint as r),
      numbered as (
        select id, row_number() over (order by (status in ('pending', 'approved', 'checked-in')) desc, random()) as n
          from visitor_invitation)
      update "visitor_invitation" v set pass_code = lpad(((numbered.n * 7919 + offset_value.r) % 1000000)::text, 6, '0')
        from numbered, offset_value where numbered.id = v.id;`);
    this.addSql(`alter table "visitor_invitation" alter column "pass_code" set not null;`);
    this.addSql(`create unique index "visitor_invitation_open_pass_code_unique" on "visitor_invitation" ("pass_code") where "status" in ('pending', 'approved', 'checked-in');`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "visitor_invitation_open_pass_code_unique";`);
    this.addSql(`alter table "visitor_invitation" drop column "pass_code";`);
  }

}
