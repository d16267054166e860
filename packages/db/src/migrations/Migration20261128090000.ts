import { Migration } from '@mikro-orm/migrations';

/**
 * Deactivating an admin, or giving them another role, now revokes the API tokens they
 * made, for good: a token refused then no longer works again when the account is made an
 * active admin once more. Tokens whose maker is already inactive or not an admin are
 * revoked here, so that none made before this rule comes back either.
 */
export class Migration20261128090000 extends Migration {

  override name = 'Migration20261128090000';

  override up(): void | Promise<void> {
    this.addSql(`update "api_token" t set "revoked_at" = now() from "app_user" u where u."id" = t."created_by_id" and t."revoked_at" is null and (u."role" <> 'admin' or not u."is_active");`);
  }

  override down(): void | Promise<void> {
    // Revocations cannot be told apart from the ones an admin made: nothing to undo.
  }

}
