import { Migration } from '@mikro-orm/migrations';

/**
 * Needs review shows the refusal in the reader's language: a review keeps the refusal's
 * stable code and its details (the values its sentence names) besides the English message.
 */
export class Migration20261127120000 extends Migration {

  override name = 'Migration20261127120000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "gate_review" add "code" varchar(32) null, add "details" jsonb null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "gate_review" drop column "code", drop column "details";`);
  }

}
