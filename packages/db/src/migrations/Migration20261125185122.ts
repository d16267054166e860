import { Migration } from '@mikro-orm/migrations';

/**
 * The CSV export of visitors (docs/operations.md#reports-exports-and-inside-now) reads its rows in
 * keyset pages ordered by visit
 * date, then id: this index serves each page as a range scan, so a page costs the same at
 * the end of a million-row export as at its start.
 */
export class Migration20261125185122 extends Migration {

  override name = 'Migration20261125185122';

  override up(): void | Promise<void> {
    this.addSql(`create index "visitor_invitation_visit_date_index" on "visitor_invitation" ("visit_date", "id");`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop index "visitor_invitation_visit_date_index";`);
  }

}
