import { Migration } from '@mikro-orm/migrations';

/**
 * An Idempotency-Key's answer is kept with the caller's access at the time (the role, and a
 * resident's house), so that it is not given again to a caller whose access has changed.
 */
export class Migration20261128090100 extends Migration {

  override name = 'Migration20261128090100';

  override up(): void | Promise<void> {
    this.addSql(`alter table "idempotency_key" add "access" varchar(64) null;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "idempotency_key" drop column "access";`);
  }

}
