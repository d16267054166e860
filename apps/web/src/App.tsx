/** The app: providers and the routes of product-spec §2. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { useState, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';

import { LoginPage } from './features/auth/LoginPage';
import { SignupPage } from './features/auth/SignupPage';
import { DashboardPage } from './features/dashboard/DashboardPage';
import { GuardDashboardPage } from './features/guard/GuardDashboardPage';
import { ScanPage } from './features/guard/ScanPage';
import { HouseCreatePage } from './features/houses/HouseCreatePage';
import { HouseDetailPage } from './features/houses/HouseDetailPage';
import { HouseListPage } from './features/houses/HouseListPage';
import { PaymentsPage } from './features/payments/PaymentsPage';
import { ProfilePage } from './features/profile/ProfilePage';
import { AppShell } from './features/shell/AppShell';
import { ADMIN_ROLES, GATE_ROLES, HOST_ROLES } from './features/shell/navigation';
import { PublicOnly, RequireRole, RequireSession } from './features/shell/RouteGuards';
import { UsersPage } from './features/users/UsersPage';
import { VehicleAddPage } from './features/vehicles/VehicleAddPage';
import { VehicleListPage } from './features/vehicles/VehicleListPage';
import { InviteVisitorPage } from './features/visitors/InviteVisitorPage';
import { VisitorDetailPage } from './features/visitors/VisitorDetailPage';
import { VisitorListPage } from './features/visitors/VisitorListPage';
import { createQueryClient } from './lib/query-client';
import { SessionProvider } from './lib/session';
import { createTransportClient, TRPCProvider, type AppTRPCClient } from './lib/trpc';

/** Clients the app runs on; tests pass their own (e.g. a short time-out). */
export interface AppProvidersProps {
  queryClient?: QueryClient;
  trpcClient?: AppTRPCClient;
  children: ReactNode;
}

/** TanStack Query, tRPC and the session. */
export function AppProviders({
  queryClient: givenQueryClient,
  trpcClient: givenTrpcClient,
  children,
}: AppProvidersProps) {
  const [queryClient] = useState(() => givenQueryClient ?? createQueryClient());
  const [trpcClient] = useState(() => givenTrpcClient ?? createTransportClient());
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCProvider trpcClient={trpcClient} queryClient={queryClient}>
        <SessionProvider>{children}</SessionProvider>
      </TRPCProvider>
    </QueryClientProvider>
  );
}

/** Routes behind the session guard, inside the shell. */
function AuthenticatedRoutes() {
  return (
    <Switch>
      <Route path="/dashboard" component={DashboardPage} />
      <Route path="/visitors" component={VisitorListPage} />
      <Route path="/visitors/create" component={InviteVisitorPage} />
      <Route path="/visitors/:id">
        {(params) => <VisitorDetailPage key={params.id} id={params.id} />}
      </Route>
      <Route path="/guard/scan">
        <RequireRole roles={GATE_ROLES}>
          <ScanPage />
        </RequireRole>
      </Route>
      <Route path="/guard/dashboard">
        <RequireRole roles={GATE_ROLES}>
          <GuardDashboardPage />
        </RequireRole>
      </Route>
      <Route path="/houses" component={HouseListPage} />
      <Route path="/houses/create">
        <RequireRole roles={ADMIN_ROLES}>
          <HouseCreatePage />
        </RequireRole>
      </Route>
      <Route path="/houses/:id">
        {(params) => <HouseDetailPage key={params.id} id={params.id} />}
      </Route>
      <Route path="/vehicles" component={VehicleListPage} />
      <Route path="/vehicles/add">
        <RequireRole roles={HOST_ROLES}>
          <VehicleAddPage />
        </RequireRole>
      </Route>
      <Route path="/users">
        <RequireRole roles={ADMIN_ROLES}>
          <UsersPage />
        </RequireRole>
      </Route>
      <Route path="/payments">
        <RequireRole roles={HOST_ROLES}>
          <PaymentsPage />
        </RequireRole>
      </Route>
      <Route path="/profile" component={ProfilePage} />
      {/* product-spec §2: / and any unknown path go to /dashboard. */}
      <Route>
        <Redirect to="/dashboard" replace />
      </Route>
    </Switch>
  );
}

/** Public routes first; everything else needs a session. */
export function AppRoutes() {
  return (
    <Switch>
      <Route path="/login">
        <PublicOnly>
          <LoginPage />
        </PublicOnly>
      </Route>
      <Route path="/signup">
        <PublicOnly>
          <SignupPage />
        </PublicOnly>
      </Route>
      <Route>
        <RequireSession>
          <AppShell>
            <AuthenticatedRoutes />
          </AppShell>
        </RequireSession>
      </Route>
    </Switch>
  );
}

/** The whole web app. */
export function App(props: Omit<AppProvidersProps, 'children'>) {
  return (
    <AppProviders {...props}>
      <AppRoutes />
    </AppProviders>
  );
}
