/**
 * Which roles may open which screens (product-spec §6): the route guards (App.tsx) and the
 * menus (navigation.ts) read these, so /login does not load the menus to learn them.
 */
import type { Role } from '@gatehouse/shared';

/** Roles allowed on the gate screens (product-spec §6). */
export const GATE_ROLES: readonly Role[] = ['guard', 'admin'];

/** Admin-only screens: /houses/create and /users (product-spec §6). */
export const ADMIN_ROLES: readonly Role[] = ['admin'];

/**
 * Roles with a house to manage: vehicles can be added and payments seen by admins and
 * residents only (server-contract §5); guards have no such links (product-spec §6) and
 * are sent to /dashboard from those routes.
 */
export const HOST_ROLES: readonly Role[] = ['admin', 'resident'];
