import { Migration } from '@mikro-orm/migrations';

export class Migration20261121065658 extends Migration {

  override name = 'Migration20261121065658';

  override up(): void | Promise<void> {
    this.addSql(`drop index "visitor_invitation_status_visit_date_index";`);
    this.addSql(`create index "visitor_invitation_expiry_index" on "visitor_invitation" ("status", "visit_date", "visit_time_to");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "visitor_invitation_expiry_index";`);
    this.addSql(`create index "visitor_invitation_status_visit_date_index" on "visitor_invitation" ("status", "visit_date");`);
  }

}
