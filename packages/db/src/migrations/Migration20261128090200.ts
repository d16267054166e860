import { Migration } from '@mikro-orm/migrations';

/**
 * Live streams end when their reader's access changes: triggers tell every server
 * process's stream hub at commit, on the live stream's channel, when a user's role, house
 * or active state changes, or a session or an API token is revoked (the payload carries the
 * id only: `access-changed:<user|session|api-token>:<id>`).
 */
export class Migration20261128090200 extends Migration {

  override name = 'Migration20261128090200';

  override up(): void | Promise<void> {
    this.addSql(`create or replace function "app_user_app_user_access_changed_fn"() returns trigger as \$\$ begin if new.role is distinct from old.role or new.house_id is distinct from old.house_id or new.is_active is distinct from old.is_active then perform pg_notify('visitor_event', 'access-changed:user:' || new.id::text); end if; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "app_user_access_changed" AFTER UPDATE on "app_user" for each ROW execute function "app_user_app_user_access_changed_fn"();`);
    this.addSql(`create or replace function "session_session_access_changed_fn"() returns trigger as \$\$ begin if old.revoked_at is null and new.revoked_at is not null then perform pg_notify('visitor_event', 'access-changed:session:' || new.id::text); end if; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "session_access_changed" AFTER UPDATE on "session" for each ROW execute function "session_session_access_changed_fn"();`);
    this.addSql(`create or replace function "api_token_api_token_access_changed_fn"() returns trigger as \$\$ begin if old.revoked_at is null and new.revoked_at is not null then perform pg_notify('visitor_event', 'access-changed:api-token:' || new.id::text); end if; return null; end; \$\$ language plpgsql;`);
    this.addSql(`create trigger "api_token_access_changed" AFTER UPDATE on "api_token" for each ROW execute function "api_token_api_token_access_changed_fn"();`);
  }

  override down(): void | Promise<void> {
    this.addSql(`drop trigger if exists "app_user_access_changed" on "app_user";`);
    this.addSql(`drop function if exists "app_user_app_user_access_changed_fn"();`);
    this.addSql(`drop trigger if exists "session_access_changed" on "session";`);
    this.addSql(`drop function if exists "session_session_access_changed_fn"();`);
    this.addSql(`drop trigger if exists "api_token_access_changed" on "api_token";`);
    this.addSql(`drop function if exists "api_token_api_token_access_changed_fn"();`);
  }

}
