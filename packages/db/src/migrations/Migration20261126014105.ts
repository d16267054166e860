import { Migration } from '@mikro-orm/migrations';

/**
 * Needs review names a recurring pass (docs/gate.md#recording-moves-offline,
 * docs/operations.md#frequent-visitors): `gate_review.pass_id`,
 * a pass moved offline whose replay was refused; a review names a visitor or a pass, never both.
 */
export class Migration20261126014105 extends Migration {

  override name = 'Migration20261126014105';

  override up(): void | Promise<void> {
    this.addSql(`alter table "gate_review" add "pass_id" uuid null;`);
    this.addSql(`alter table "gate_review" add constraint "gate_review_pass_id_foreign" foreign key ("pass_id") references "recurring_pass" ("id") on delete cascade;`);
    this.addSql(`create index "gate_review_pass_id_index" on "gate_review" ("pass_id");`);
    this.addSql(`alter table "gate_review" add constraint "gate_review_subject_check" check (num_nonnulls(visitor_id, pass_id) <= 1);`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "gate_review" drop constraint "gate_review_pass_id_foreign";`);

    this.addSql(`drop index "gate_review_pass_id_index";`);
    this.addSql(`alter table "gate_review" drop constraint "gate_review_subject_check";`);
    this.addSql(`alter table "gate_review" drop column "pass_id";`);
  }

}
