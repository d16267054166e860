/**
 * Communities (docs/api.md#communities): which community a request acts in, the caller's
 * memberships, and the session's default community; the operators' procedures
 * (docs/api.md#operators).
 */
import { z } from 'zod';

import { MAX_LENGTH, type CommunitySettings } from '../constants';

/**
 * A community's status (docs/api.md#communities): a suspended community answers 403 to its members.
 * Here rather than in constants.ts, which the web app's first chunk holds (docs/performance.md#the-targets,
 * target 5): these go with the schemas that use them.
 */
export const COMMUNITY_STATUSES = ['active', 'suspended'] as const;
export type CommunityStatus = (typeof COMMUNITY_STATUSES)[number];
/** A community slug: 3–40 characters of `a-z`, `0-9` and `-` (docs/api.md#communities). */
export const COMMUNITY_SLUG_PATTERN = /^[a-z0-9-]{3,40}$/;
import { ROLES } from '../enums';
import { emailField, idField, passwordField, personNameField, phoneField, requiredText } from './fields';

/** The header naming the community a request acts in (else the session's default community). */
export const COMMUNITY_HEADER = 'x-community-id';

/** 403 when the named community is not one the caller is an active member of. */
export const NOT_A_MEMBER_MESSAGE = 'You are not a member of this community';
/** 403 when the request's community is suspended. */
export const COMMUNITY_SUSPENDED_MESSAGE = 'This community is suspended';

/** The request's community, as `auth.me` and the sign-in answer carry it beside `user`. */
export const ZCommunity = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  timeZone: z.string(),
});
export type Community = z.infer<typeof ZCommunity>;

/** GET /api/communities, `communities.list`: the caller's active memberships. */
export const ZCommunityMembership = z.object({
  id: z.string(),
  name: z.string(),
  slug: z.string(),
  role: z.enum(ROLES),
});
export type CommunityMembership = z.infer<typeof ZCommunityMembership>;
export const ZCommunityListResponse = z.array(ZCommunityMembership);
export type CommunityListResponse = z.infer<typeof ZCommunityListResponse>;

/** POST /api/auth/community, `auth.setCommunity`: make `communityId` the session's default. */
export const ZSetCommunityRequest = z.object({
  communityId: z.string({ error: 'Community is required' }).min(1, 'Community is required'),
});
export type SetCommunityRequest = z.infer<typeof ZSetCommunityRequest>;

/** 403 when someone who is not an operator calls an operator's procedure (docs/api.md#operators). */
export const OPERATOR_ONLY_MESSAGE = 'Only operators can do this';
/** 409 when a new community's slug is another's. */
export const SLUG_TAKEN_MESSAGE = 'Slug is already taken';
/** 400 for a slug outside `COMMUNITY_SLUG_PATTERN`. */
export const SLUG_MESSAGE = 'Slug must be 3 to 40 characters of a-z, 0-9 and -';
/** 400 for a time zone that is not an IANA zone. */
export const TIME_ZONE_MESSAGE = 'Time zone must be an IANA time zone, e.g. Asia/Kolkata';

/** Whether `zone` names an IANA time zone (`Asia/Kolkata`, `UTC`); an offset such as `+05:30` does not. */
export function isIanaTimeZone(zone: string): boolean {
  if (!/^[A-Za-z][A-Za-z0-9_+\-/]*$/.test(zone)) return false;
  try {
    new Intl.DateTimeFormat('en-US', { timeZone: zone });
    return true;
  } catch {
    return false;
  }
}

const communityNameField = requiredText('Community name', MAX_LENGTH.name, 'Community name is required');
const timeZoneField = z
  .string({ error: TIME_ZONE_MESSAGE })
  .trim()
  .max(64, TIME_ZONE_MESSAGE)
  .refine(isIanaTimeZone, TIME_ZONE_MESSAGE);
const wholeSetting = (label: string, min: number, max: number) =>
  z
    .number({ error: `${label} must be a whole number from ${min} to ${max}` })
    .int(`${label} must be a whole number from ${min} to ${max}`)
    .min(min, `${label} must be a whole number from ${min} to ${max}`)
    .max(max, `${label} must be a whole number from ${min} to ${max}`);

/** A community's settings (`CommunitySettings`), each with its bounds (those of the environment variables they replace). */
export const ZCommunitySettings = z.object({
  earlyCheckInMinutes: wholeSetting('earlyCheckInMinutes', 0, 24 * 60),
  walkInApprovalMinutes: wholeSetting('walkInApprovalMinutes', 1, 24 * 60),
  walkInEscalateSeconds: wholeSetting('walkInEscalateSeconds', 0, 24 * 3600),
  visitorRetentionDays: wholeSetting('visitorRetentionDays', 1, 36_500),
  currency: z.string({ error: 'currency must be an ISO 4217 code, e.g. USD' }).regex(/^[A-Z]{3}$/, 'currency must be an ISO 4217 code, e.g. USD'),
  allowSignup: z.boolean({ error: 'allowSignup must be true or false' }),
}) satisfies z.ZodType<CommunitySettings>;

/**
 * POST /api/communities, `communities.create` (operators): a community and its first admin. The
 * admin's account is made when the email has none; an existing account keeps its name and
 * password (those given are then ignored).
 */
export const ZCreateCommunityRequest = z.object({
  name: communityNameField,
  slug: z.string({ error: SLUG_MESSAGE }).trim().regex(COMMUNITY_SLUG_PATTERN, SLUG_MESSAGE),
  timeZone: timeZoneField,
  admin: z.object(
    { name: personNameField, email: emailField, phone: phoneField, password: passwordField },
    { error: 'Admin is required' },
  ),
});
export type CreateCommunityRequest = z.input<typeof ZCreateCommunityRequest>;

/**
 * PUT /api/communities/{id}, `communities.update` (operators): partial; `settings` is merged
 * over the current ones; `status: 'suspended'` suspends, `'active'` resumes.
 */
export const ZUpdateCommunityRequest = z.object({
  id: idField('Community not found'),
  name: communityNameField.optional(),
  timeZone: timeZoneField.optional(),
  settings: ZCommunitySettings.partial().optional(),
  status: z.enum(COMMUNITY_STATUSES, { error: 'Status must be active or suspended' }).optional(),
});
export type UpdateCommunityRequest = z.input<typeof ZUpdateCommunityRequest>;

/** A community as operators see it. */
export const ZCommunityDetail = ZCommunity.extend({
  status: z.enum(COMMUNITY_STATUSES),
  settings: ZCommunitySettings,
  createdAt: z.string(),
});
export type CommunityDetail = z.infer<typeof ZCommunityDetail>;

/** `communities.create` answer: the community and its admin's account. */
export const ZCreateCommunityResponse = z.object({
  community: ZCommunityDetail,
  admin: z.object({ id: z.string(), email: z.string() }),
});
export type CreateCommunityResponse = z.infer<typeof ZCreateCommunityResponse>;

/**
 * GET /api/communities?all=true (operators): every community with its counts: houses, active
 * residents, and visitors whose visit date falls in the current month of the community's zone.
 */
export const ZCommunityWithCounts = ZCommunityDetail.extend({
  counts: z.object({ houses: z.number().int(), residents: z.number().int(), visitorsThisMonth: z.number().int() }),
});
export type CommunityWithCounts = z.infer<typeof ZCommunityWithCounts>;

/** `communities.list` input: `all=true` (operators) lists every community with its counts. */
export const ZCommunityListRequest = z
  .object({
    all: z
      .union([z.boolean(), z.enum(['true', 'false'])], { error: 'all must be true or false' })
      .transform((value) => value === true || value === 'true')
      .optional(),
  })
  .optional();

/** `communities.list` answer: the caller's memberships, or with `all=true` every community with its counts. */
export const ZCommunityListAnyResponse = z.union([ZCommunityListResponse, z.array(ZCommunityWithCounts)]);
