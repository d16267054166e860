/** User administration schemas (server-contract §4, §5, §8). */
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
 * PUT /api/users/{id}: partial; only the fields present change (server-contract §1).
 * Admins may change every field; users may change their own name and phone (§5).
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

/** `{id}`: what DELETE answers (server-contract §1). */
export const ZDeletedResponse = z.object({ id: z.string() });
