/** Route guards of docs/product.md#screens-and-routes, docs/product.md#roles-and-what-they-see. */
import type { Role } from '@gatehouse/shared';
import type { ReactNode } from 'react';
import { Redirect } from 'wouter';

import { PageSpinner } from '../../components/Spinner';
import { i18n, useMessages } from '../../lib/i18n';
import { useSession } from '../../lib/session';

const messages = i18n('RouteGuards', { loading: 'Loading your session' });

/** Spinner while the session loads; unauthenticated users go to /login. */
export function RequireSession({ children }: { children: ReactNode }) {
  const t = useMessages(messages);
  const { user, isLoading } = useSession();
  if (isLoading) return <PageSpinner label={t.loading} />;
  if (!user) return <Redirect to="/login" replace />;
  return <>{children}</>;
}

/** A signed-in user whose role is not in `roles` goes to /dashboard. */
export function RequireRole({ roles, children }: { roles: readonly Role[]; children: ReactNode }) {
  const { user } = useSession();
  if (!user || !roles.includes(user.role)) return <Redirect to="/dashboard" replace />;
  return <>{children}</>;
}

/** /login and /signup: a user who is already signed in goes to /dashboard. */
export function PublicOnly({ children }: { children: ReactNode }) {
  const { user } = useSession();
  if (user) return <Redirect to="/dashboard" replace />;
  return <>{children}</>;
}
