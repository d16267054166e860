import { Migration } from '@mikro-orm/migrations';

export class Migration20261126012152 extends Migration {

  override name = 'Migration20261126012152';

  override up(): void | Promise<void> {
    this.addSql(`alter table "notification" add "pass_id" uuid null;`);
    this.addSql(`alter table "notification" add constraint "notification_pass_id_foreign" foreign key ("pass_id") references "recurring_pass" ("id") on delete cascade;`);
    this.addSql(`alter table "notification" alter column "visitor_id" drop not null;`);
    this.addSql(`create index "notification_pass_id_index" on "notification" ("pass_id");`);
    this.addSql(`alter table "notification" add constraint "notification_subject_check" check (num_nonnulls(visitor_id, pass_id) = 1);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "notification" drop constraint "notification_pass_id_foreign";`);

    this.addSql(`drop index "notification_pass_id_index";`);
    this.addSql(`alter table "notification" drop constraint "notification_subject_check";`);
    this.addSql(`alter table "notification" drop column "pass_id";`);
    this.addSql(`alter table "notification" alter column "visitor_id" set not null;`);

  }

}
