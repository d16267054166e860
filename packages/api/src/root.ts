/** The application router: one router per domain. */
import { apiTokensRouter } from './routers/api-tokens';
import { auditRouter } from './routers/audit';
import { authRouter } from './routers/auth';
import { blocklistRouter } from './routers/blocklist';
import { communitiesRouter } from './routers/communities';
import { gateRouter } from './routers/gate';
import { gatesRouter } from './routers/gates';
import { housesRouter } from './routers/houses';
import { notificationsRouter } from './routers/notifications';
import { paymentsRouter } from './routers/payments';
import { passesRouter } from './routers/passes';
import { reportsRouter } from './routers/reports';
import { usersRouter } from './routers/users';
import { vehiclesRouter } from './routers/vehicles';
import { visitorsRouter } from './routers/visitors';
import { webhooksRouter } from './routers/webhooks';
import { createCallerFactory, createTRPCRouter } from './trpc';

export const appRouter = createTRPCRouter({
  auth: authRouter,
  communities: communitiesRouter,
  users: usersRouter,
  houses: housesRouter,
  vehicles: vehiclesRouter,
  visitors: visitorsRouter,
  passes: passesRouter,
  payments: paymentsRouter,
  audit: auditRouter,
  notifications: notificationsRouter,
  gate: gateRouter,
  blocklist: blocklistRouter,
  gates: gatesRouter,
  reports: reportsRouter,
  apiTokens: apiTokensRouter,
  webhooks: webhooksRouter,
});

/** The router's type: all the web client imports from the server. */
export type AppRouter = typeof appRouter;

/** Server-side caller, for tests and the REST adapter: `createCaller(ctx).visitors.scan({token})`. */
export const createCaller = createCallerFactory(appRouter);
