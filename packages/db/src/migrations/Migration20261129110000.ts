import { Migration } from '@mikro-orm/migrations';

/**
 * Operators (docs/api.md#operators): `app_user.is_operator`, true for the deployment's first
 * account (the earliest created); the audit log's `community.*` actions; and the first-community
 * membership trigger of sql/memberships.ts made to leave alone the accounts made for another
 * community (an update changes an existing first-community membership only, and an insert makes
 * none while `gatehouse.no_first_membership` is on).
 */
export class Migration20261129110000 extends Migration {

  override name = 'Migration20261129110000';

  override up(): void | Promise<void> {
    this.addSql(`alter table "app_user" add "is_operator" boolean not null default false;`);
    this.addSql(`update "app_user" set "is_operator" = true where "id" = (select "id" from "app_user" order by "created_at", "id" limit 1);`);
    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'visitor.walked-in', 'visitor.approved', 'visitor.rejected', 'visitor.photo-added', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed', 'gate.review-opened', 'gate.review-dismissed', 'gate.review-recorded', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.delivery-resent', 'api-token.created', 'api-token.revoked', 'visitor.anonymised', 'visitor.erased', 'blocklist.added', 'blocklist.removed', 'visitor.blocklist-refused', 'pass.created', 'pass.updated', 'pass.paused', 'pass.resumed', 'pass.cancelled', 'pass.scanned', 'pass.checked-in', 'pass.checked-out', 'gate.created', 'gate.updated', 'community.created', 'community.updated', 'community.suspended', 'community.resumed'));`);
    this.addSql(`create or replace function "app_user_app_user_first_community_membership_fn"() returns trigger as \$\$ begin if tg_op = 'UPDATE' then if old.role is not distinct from new.role and old.house_id is not distinct from new.house_id and old.is_active is not distinct from new.is_active then return null; end if; update membership set role = new.role, house_id = new.house_id, is_active = new.is_active where user_id = new.id and community_id = (select id from community order by created_at, id limit 1); return null; end if; if current_setting('gatehouse.no_first_membership', true) = 'on' then return null; end if; insert into membership (id, user_id, community_id, role, house_id, is_active, created_at) select gen_random_uuid(), new.id, c.id, new.role, new.house_id, new.is_active, now() from (select id from community order by created_at, id limit 1) c on conflict (user_id, community_id) do update set role = excluded.role, house_id = excluded.house_id, is_active = excluded.is_active; return null; end; \$\$ language plpgsql;`);
  }

  override down(): void | Promise<void> {
    this.addSql(`create or replace function "app_user_app_user_first_community_membership_fn"() returns trigger as \$\$ begin if tg_op = 'UPDATE' and old.role is not distinct from new.role and old.house_id is not distinct from new.house_id and old.is_active is not distinct from new.is_active then return null; end if; insert into membership (id, user_id, community_id, role, house_id, is_active, created_at) select gen_random_uuid(), new.id, c.id, new.role, new.house_id, new.is_active, now() from (select id from community order by created_at, id limit 1) c on conflict (user_id, community_id) do update set role = excluded.role, house_id = excluded.house_id, is_active = excluded.is_active; return null; end; \$\$ language plpgsql;`);
    this.addSql(`alter table "audit_event" drop constraint "audit_event_action_check";`);
    this.addSql(`alter table "audit_event" add constraint "audit_event_action_check" check ("action" in ('auth.sign-in', 'auth.sign-in-failed', 'auth.sign-up', 'auth.sign-out', 'auth.sessions-revoked', 'auth.password-changed', 'auth.sign-up-refused', 'auth.rate-limited', 'access.denied', 'user.created', 'user.updated', 'user.role-changed', 'user.deactivated', 'user.reactivated', 'visitor.invited', 'visitor.scanned', 'visitor.checked-in', 'visitor.checked-out', 'visitor.cancelled', 'visitor.scan-failed', 'visitor.walked-in', 'visitor.approved', 'visitor.rejected', 'visitor.photo-added', 'house.created', 'house.updated', 'house.deleted', 'house.resident-added', 'house.resident-removed', 'payment.created', 'payment.updated', 'payment.completed', 'payment.failed', 'gate.review-opened', 'gate.review-dismissed', 'gate.review-recorded', 'webhook.created', 'webhook.updated', 'webhook.deleted', 'webhook.delivery-resent', 'api-token.created', 'api-token.revoked', 'visitor.anonymised', 'visitor.erased', 'blocklist.added', 'blocklist.removed', 'visitor.blocklist-refused', 'pass.created', 'pass.updated', 'pass.paused', 'pass.resumed', 'pass.cancelled', 'pass.scanned', 'pass.checked-in', 'pass.checked-out', 'gate.created', 'gate.updated'));`);
    this.addSql(`alter table "app_user" drop column "is_operator";`);
  }

}
