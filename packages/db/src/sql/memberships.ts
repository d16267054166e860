/**
 * The trigger that keeps a user's membership of the first community in step with the account's
 * own `role`, `house_id` and `is_active` (docs/security.md#communities). Those columns are what a
 * single-community deployment had; until every path that creates or changes a user writes
 * memberships itself, they stay the first community's membership, mirrored here in the same
 * statement. Memberships of any other community are written by their own paths only.
 *
 * An account made for another community (an operator's new community's admin,
 * docs/api.md#operators) gets no membership of the first: its transaction sets
 * `gatehouse.no_first_membership` (`NO_FIRST_MEMBERSHIP_SQL`) before the insert. A change of an
 * account updates its first-community membership only when it has one, so such an account never
 * gains one by a later change of its row.
 */

/** Run in a transaction before inserting an account that must get no first-community membership. */
export const NO_FIRST_MEMBERSHIP_SQL = "select set_config('gatehouse.no_first_membership', 'on', true)";

/** `app_user` after insert or update of role, house or active state: mirror to the first community's membership. */
export const APP_USER_FIRST_COMMUNITY_MEMBERSHIP =
  "if tg_op = 'UPDATE' then if old.role is not distinct from new.role and old.house_id is not distinct from new.house_id and old.is_active is not distinct from new.is_active then return null; end if; update membership set role = new.role, house_id = new.house_id, is_active = new.is_active where user_id = new.id and community_id = (select id from community order by created_at, id limit 1); return null; end if; if current_setting('gatehouse.no_first_membership', true) = 'on' then return null; end if; insert into membership (id, user_id, community_id, role, house_id, is_active, created_at) select gen_random_uuid(), new.id, c.id, new.role, new.house_id, new.is_active, now() from (select id from community order by created_at, id limit 1) c on conflict (user_id, community_id) do update set role = excluded.role, house_id = excluded.house_id, is_active = excluded.is_active; return null;";
