/**
 * The house and user pickers of the forms: one query each, limit 100 (docs/api.md#the-rest-paths,
 * docs/product.md#constants-and-formats), shared by every form that offers them so they load once.
 */
import { PAGE_SIZES, type User } from '@gatehouse/shared';
import { useQuery } from '@tanstack/react-query';

import { useTRPC } from './trpc-react';

/**
 * The house a resident's forms are for: their own, from the session
 * (docs/product.md#screens-and-routes);
 * null for staff and for a resident not assigned to a house yet.
 */
export function ownHouseOf(user: User) {
  return user.role === 'resident' ? user.houseId : null;
}

/** The houses of a house picker (houses.list, limit 100). */
export function useHouseOptions(enabled = true) {
  const trpc = useTRPC();
  return useQuery(trpc.houses.list.queryOptions({ limit: PAGE_SIZES.pickers }, { enabled }));
}

/**
 * The users of a user picker (users.list, limit 100; admins only,
 * docs/security.md#who-may-do-what).
 */
export function useUserOptions(enabled = true) {
  const trpc = useTRPC();
  return useQuery(trpc.users.list.queryOptions({ limit: PAGE_SIZES.pickers }, { enabled }));
}

/** `Priya Sharma (priya@gatehouse.test)`: names can repeat, emails cannot. */
export function userOptionLabel(user: Pick<User, 'name' | 'email'>): string {
  return `${user.name} (${user.email})`;
}
