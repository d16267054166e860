import { Migration } from '@mikro-orm/migrations';

/**
 * A user's first-community membership follows the account's own role, house and state
 * (docs/security.md#communities): the trigger of sql/memberships.ts, until every path that creates
 * or changes a user writes memberships itself.
 */
export class Migration20261129090100 extends Migration {

  override name = 'Migration20261129090100';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function "app_user_app_user_first_community_membership_fn"() returns trigger as \$\$ begin if tg_op = 'UPDATE' and old.role is not distinct from new.role and old.house_id is not distinct from new.house_id and old.is_active is not distinct from new.is_active then return null; end if; insert into membership (id, user_id, community_id, role, house_id, is_active, created_at) select gen_random_uuid(), new.id, c.id, new.role, new.house_id, new.is_active, now() from (select id from community order by created_at, id limit 1) c on conflict (user_id, community_id) do update set role = excluded.role, house_id = excluded.house_id, is_active = excluded.is_active; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "app_user_first_community_membership" AFTER INSERT OR UPDATE on "app_user" for each ROW execute function "app_user_app_user_first_community_membership_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "app_user_first_community_membership" on "app_user";`);
    this.addSql(`drop function if exists "app_user_app_user_first_community_membership_fn"();`);
  }

}
