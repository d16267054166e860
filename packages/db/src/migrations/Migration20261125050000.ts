import { Migration } from '@mikro-orm/migrations';

/**
 * The pass's QR image (≈ 3.3 KB of base64 PNG, which barely compresses) is kept out of
 * line, uncompressed, in the table's TOAST storage: a visitor row in the main table
 * shrinks from about 2.5 KB to about 300 bytes, so searches, counts, the expiry sweep and
 * the gate's moves read an eighth of the pages, and only the rows a response sends fetch
 * their image. Rows written before this migration move out when they are next updated.
 */
export class Migration20261125050000 extends Migration {

  override name = 'Migration20261125050000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "visitor_invitation" alter column "qr_code_data_url" set storage external;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`alter table "visitor_invitation" alter column "qr_code_data_url" set storage extended;`);
  }

}
