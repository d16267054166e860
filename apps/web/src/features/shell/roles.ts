/**
 * Which roles may open which screens (docs/product.md#roles-and-what-they-see): the route guards
 * (App.tsx) and the
 * menus (navigation.ts) read these, so /login does not load the menus to learn them.
 */
import type { Role } from '@gatehouse/shared';

/** Roles allowed on the gate screens (docs/product.md#roles-and-what-they-see). */
export const GATE_ROLES: readonly Role[] = ['guard', 'admin'];

/** Admin-only screens: /houses/create and /users (docs/product.md#roles-and-what-they-see). */
export const ADMIN_ROLES: readonly Role[] = ['admin'];

/**
 * Roles with a house to manage: vehicles can be added and payments seen by admins and
 * residents only (docs/security.md#who-may-do-what); guards have no such links
 * (docs/product.md#roles-and-what-they-see) and
 * are sent to /dashboard from those routes.
 */
export const HOST_ROLES: readonly Role[] = ['admin', 'resident'];
