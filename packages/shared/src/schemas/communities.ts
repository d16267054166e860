/**
 * Communities (docs/api.md#communities): which community a request acts in, the caller's
 * memberships, and the session's default community.
 */
import { z } from 'zod';

import { ROLES } from '../enums';

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
