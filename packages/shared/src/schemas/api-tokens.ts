/**
 * API tokens (docs/api.md#api-tokens): long-lived bearer tokens an admin makes for an integration
 * (a gate barrier, a visitor kiosk, a script). Each has a name, a role (guard or admin) and
 * an optional expiry; the token itself is shown once, at creation.
 */
import { z } from 'zod';

import { idField, paginationFields, parseIsoInstant, requiredText } from './fields';

/**
 * Every API token starts with this, so that secret scanners can find one (docs/api.md#api-tokens).
 */
export const API_TOKEN_PREFIX = 'gh_';

/**
 * How many characters of the token after `gh_` its listed `prefix` shows (docs/api.md#api-tokens:
 * 8).
 */
export const API_TOKEN_PREFIX_LENGTH = API_TOKEN_PREFIX.length + 8;

/** Whether a bearer token is an API token (by its prefix) rather than a sign-in session's. */
export const isApiTokenText = (token: string) => token.startsWith(API_TOKEN_PREFIX);

/** The roles an API token may have (docs/api.md#api-tokens): never resident. */
export const API_TOKEN_ROLES = ['guard', 'admin'] as const;
export type ApiTokenRole = (typeof API_TOKEN_ROLES)[number];

/** Longest token name, as a person's name (docs/api.md#input-limits). */
export const API_TOKEN_NAME_MAX = 100;

/** How far ahead an expiry may be (docs/api.md#api-tokens): two years. */
export const API_TOKEN_MAX_LIFETIME_YEARS = 2;

export const API_TOKEN_ROLE_MESSAGE = 'Role must be guard or admin';
export const API_TOKEN_EXPIRY_FORMAT_MESSAGE = 'Expiry must be an ISO 8601 instant';
export const API_TOKEN_EXPIRY_PAST_MESSAGE = 'Expiry must be in the future';
export const API_TOKEN_EXPIRY_TOO_FAR_MESSAGE = 'Expiry must be at most 2 years ahead';

/** The latest expiry allowed at `now`: the same instant two calendar years later. */
export function latestApiTokenExpiry(now: Date): Date {
  const latest = new Date(now.getTime());
  latest.setUTCFullYear(latest.getUTCFullYear() + API_TOKEN_MAX_LIFETIME_YEARS);
  return latest;
}

/**
 * What is wrong with `expiresAt` as a new token's expiry at `now` (docs/api.md#api-tokens): not in
 * the future, or more than two years ahead; null when it is fine. The server decides with
 * its own clock; the form asks the same with the browser's.
 */
export function apiTokenExpiryProblem(expiresAt: Date, now: Date): string | null {
  if (expiresAt.getTime() <= now.getTime()) return API_TOKEN_EXPIRY_PAST_MESSAGE;
  if (expiresAt.getTime() > latestApiTokenExpiry(now).getTime()) return API_TOKEN_EXPIRY_TOO_FAR_MESSAGE;
  return null;
}

/** `guard` or `admin`, else 400 `Role must be guard or admin`. */
export const ZApiTokenRole = z.enum(API_TOKEN_ROLES, { error: API_TOKEN_ROLE_MESSAGE });

/**
 * `apiTokens.create` input (`POST /api/api-tokens`): `{name, role, expiresAt?}`. `expiresAt`
 * is an ISO 8601 instant with an offset, kept as sent (the server reads it with
 * `parseIsoInstant` and checks it against its clock); empty or null means no expiry.
 */
export const ZCreateApiTokenRequest = z.object({
  name: requiredText('Name', API_TOKEN_NAME_MAX, 'Name is required'),
  role: ZApiTokenRole,
  expiresAt: z
    .string({ error: API_TOKEN_EXPIRY_FORMAT_MESSAGE })
    .trim()
    .refine((value) => value === '' || parseIsoInstant(value) !== null, API_TOKEN_EXPIRY_FORMAT_MESSAGE)
    .nullish()
    .transform((value) => (value ? value : undefined)),
});
export type CreateApiTokenRequest = z.input<typeof ZCreateApiTokenRequest>;

/** `apiTokens.list` input (`GET /api/api-tokens`): limit, offset. */
export const ZApiTokenListRequest = z.object({ ...paginationFields });
export type ApiTokenListRequest = z.input<typeof ZApiTokenListRequest>;

/** `apiTokens.revoke` input (`DELETE /api/api-tokens/{id}`). */
export const ZApiTokenByIdRequest = z.object({ id: idField('API token id is required') });

/** An API token as listed: never the token itself, nor its hash (docs/api.md#api-tokens). */
export const ZApiToken = z.object({
  id: z.string(),
  name: z.string(),
  role: ZApiTokenRole,
  /** `gh_` and the next 8 characters of the token. */
  prefix: z.string(),
  createdAt: z.string(),
  expiresAt: z.string().nullable(),
  lastUsedAt: z.string().nullable(),
  revokedAt: z.string().nullable(),
});
export type ApiToken = z.infer<typeof ZApiToken>;

/** `apiTokens.create` output: the listed token plus `token`, the secret, shown this once. */
export const ZCreatedApiToken = ZApiToken.extend({ token: z.string() });
export type CreatedApiToken = z.infer<typeof ZCreatedApiToken>;

export const ZApiTokenListResponse = z.object({ items: z.array(ZApiToken), total: z.number().int() });
export type ApiTokenListResponse = z.infer<typeof ZApiTokenListResponse>;

/** `apiTokens.revoke` output: `{id}` (docs/api.md#the-envelope: DELETE returns the id). */
export const ZApiTokenRevokeResponse = z.object({ id: z.string() });
