/**
 * Sign-in, sign-up and user schemas (docs/api.md#objects, docs/product.md#forms-and-their-messages;
 * docs/api.md#sign-in-sessions-and-users).
 */
import { z } from 'zod';

import { MAX_LENGTH } from '../constants';
import { ROLES } from '../enums';
import { ZCommunity } from './communities';
import { emailField, passwordField, personNameField, phoneField } from './fields';

/** POST /api/auth/login, `auth.login` input. */
export const ZLoginRequest = z.object({
  email: emailField,
  password: passwordField,
});
export type LoginRequest = z.input<typeof ZLoginRequest>;

/** A role; anything else is 400 'Invalid role'. */
export const ZRole = z.enum(ROLES, { error: 'Invalid role' });

/** POST /api/auth/signup, `auth.signup` input: name, email, phone, password, role (default resident). */
export const ZSignupRequest = z.object({
  name: personNameField,
  email: emailField,
  phone: phoneField,
  password: passwordField,
  role: ZRole.optional().default('resident'),
});
export type SignupRequest = z.input<typeof ZSignupRequest>;

/**
 * The sign-up form: the request plus the password confirmation
 * (docs/product.md#forms-and-their-messages).
 */
export const ZSignupForm = ZSignupRequest.extend({
  confirmPassword: z.string({ error: 'Passwords do not match' }),
}).refine((form) => form.password === form.confirmPassword, {
  message: 'Passwords do not match',
  path: ['confirmPassword'],
});
export type SignupForm = z.input<typeof ZSignupForm>;

/** A house as it appears inside other objects: `{id, houseNumber, block}`. */
export const ZHouseRef = z.object({
  id: z.string(),
  houseNumber: z.string(),
  block: z.string(),
});
export type HouseRef = z.infer<typeof ZHouseRef>;

/** User JSON (docs/api.md#sign-in-sessions-and-users). Never a password hash. */
export const ZUser = z.object({
  id: z.string(),
  name: z.string(),
  email: z.string(),
  phone: z.string(),
  role: ZRole,
  houseId: ZHouseRef.nullable(),
  isActive: z.boolean(),
  createdAt: z.string(),
});
export type User = z.infer<typeof ZUser>;

/**
 * Signup and login answer: `{token, user}`; login adds `failedSignIns`, the number of
 * failed sign-in attempts on the account since its previous successful sign-in, so the
 * app can tell the user (docs/security.md#password-guessing).
 */
export const ZAuthResponse = z.object({
  token: z.string(),
  user: ZUser,
  /** The community the new session acts in (docs/api.md#communities). */
  community: ZCommunity,
  failedSignIns: z.number().int().min(0).optional(),
});
export type AuthResponse = z.infer<typeof ZAuthResponse>;

/**
 * `auth.me` answer: `{user, community, isOperator}`: the role and house are those of the request's
 * community; `isOperator`, whether the account runs the deployment (docs/api.md#operators).
 */
export const ZMeResponse = z.object({ user: ZUser, community: ZCommunity, isOperator: z.boolean() });
export type MeResponse = z.infer<typeof ZMeResponse>;

/**
 * POST /api/auth/change-password, `auth.changePassword` input: the current password and
 * the new one (the password rules of docs/product.md#forms-and-their-messages). A wrong current
 * password is 400
 * 'Current password is incorrect'.
 */
export const ZChangePasswordRequest = z.object({
  currentPassword: z
    .string({ error: 'Current password is required' })
    .min(1, 'Current password is required')
    .max(MAX_LENGTH.password, 'Current password is incorrect'),
  newPassword: passwordField,
});
export type ChangePasswordRequest = z.input<typeof ZChangePasswordRequest>;

/** The change-password form: the request plus the new password's confirmation. */
export const ZChangePasswordForm = ZChangePasswordRequest.extend({
  confirmPassword: z.string({ error: 'Passwords do not match' }),
}).refine((form) => form.newPassword === form.confirmPassword, {
  message: 'Passwords do not match',
  path: ['confirmPassword'],
});
export type ChangePasswordForm = z.input<typeof ZChangePasswordForm>;

/** `auth.changePassword` answer: how many other sessions were signed out. */
export const ZChangePasswordResponse = z.object({ revoked: z.number().int() });
export type ChangePasswordResponse = z.infer<typeof ZChangePasswordResponse>;
