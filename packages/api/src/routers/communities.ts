/**
 * communities: the caller's memberships (docs/api.md#communities).
 */
import { ZCommunityListResponse } from '@gatehouse/shared';
import { z } from 'zod';

import { ACCESS } from '../access';
import { listCommunitiesOf } from '../services/communities';
import { createTRPCRouter, procedureFor } from '../trpc';

export const communitiesRouter = createTRPCRouter({
  /** The communities the caller is an active member of: `[{id, name, slug, role}]`. Errors: 401. */
  list: procedureFor(ACCESS.communities.list)
    .input(z.object({}).strip().optional())
    .output(ZCommunityListResponse)
    .query(({ ctx }) => listCommunitiesOf(ctx.em, ctx.user.id)),
});
