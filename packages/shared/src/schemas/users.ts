/**
 * User administration schemas (docs/api.md#sign-in-sessions-and-users,
 * docs/security.md#who-may-do-what, docs/api.md#lists-and-pagination).
 */
import { z } from 'zod';

import { ZRole, ZUser } from './auth';
import {
  emailField,
  idField,
  paginationFields,
  passwordField,
  personNameField,
  phoneField,
  searchField,
} from './fields';

/** `users.list` input: limit, offset, `role`, `q` (name or email). */
export const ZUserListRequest = z.object({ ...paginationFields, role: ZRole.optional(), q: searchField });
export type UserListRequest = z.input<typeof ZUserListRequest>;

export const ZUserListResponse = z.object({ items: z.array(ZUser), total: z.number().int() });
export type UserListResponse = z.infer<typeof ZUserListResponse>;

/** A house id, or null or empty text for no house; absent stays absent (PUT is partial). */
const optionalHouseId = z
  .string({ error: 'House must be an id' })
  .trim()
  .max(64, 'House not found')
  .nullish()
  .transform((value) => (value === undefined ? undefined : value ? value : null));

/** POST /api/users (admin): an account of any role, optionally in a house. */
export const ZCreateUserRequest = z.object({
  name: personNameField,
  email: emailField,
  phone: phoneField,
  password: passwordField,
  role: ZRole,
  houseId: optionalHouseId,
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional().default(true),
});
export type CreateUserRequest = z.input<typeof ZCreateUserRequest>;

/**
 * PUT /api/users/{id}: partial; only the fields present change (docs/api.md#the-envelope).
 * Admins may change every field; users may change their own name and phone
 * (docs/security.md#who-may-do-what).
 */
export const ZUpdateUserRequest = z.object({
  id: idField('User not found'),
  name: personNameField.optional(),
  email: emailField.optional(),
  phone: phoneField.optional(),
  password: passwordField.optional(),
  role: ZRole.optional(),
  houseId: optionalHouseId,
  isActive: z.boolean({ error: 'isActive must be true or false' }).optional(),
});
export type UpdateUserRequest = z.input<typeof ZUpdateUserRequest>;

/** `{id}`: what DELETE answers (docs/api.md#the-envelope). */
export const ZDeletedResponse = z.object({ id: z.string() });
