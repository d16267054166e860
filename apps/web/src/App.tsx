/** The app: providers and the routes of docs/product.md#screens-and-routes. */
import { QueryClientProvider, type QueryClient } from '@tanstack/react-query';
import { lazy, Suspense, useState, type ComponentType, type JSX, type ReactNode } from 'react';
import { Redirect, Route, Switch } from 'wouter';

import { ADMIN_ROLES, GATE_ROLES, HOST_ROLES } from './features/shell/roles';
import { PublicOnly, RequireRole, RequireSession } from './features/shell/RouteGuards';
import { i18n, useLanguage, useMessages } from './lib/i18n';
import { createQueryClient } from './lib/query-client';
import { SessionProvider, useSession } from './lib/session';
import { ToastProvider } from './lib/toasts';
import { createTransportClient, TRPCClientProvider, type AppTRPCClient } from './lib/trpc';
import { ConfirmProvider } from './components/ConfirmDialog';
import { Spinner } from './components/Spinner';

/**
 * A page whose code loads when its route is first opened (docs/performance.md#the-targets: each
 * route's code loads when the route is opened, and /login loads only what it needs).
 * Once loaded, it renders at once; `preload()` loads it ahead of time.
 */
function lazyPage<Module, Name extends keyof Module & string>(load: () => Promise<Module>, name: Name) {
  type Props = PagePropsOf<Module[Name]>;
  let loaded: ComponentType<Props> | undefined;
  const preload = async () => {
    loaded ??= (await load())[name] as ComponentType<Props>;
    return loaded;
  };
  const Lazy = lazy(async () => ({ default: await preload() }));
  const Page = (props: Props & JSX.IntrinsicAttributes) => {
    const Component = (loaded ?? Lazy) as ComponentType<Props & JSX.IntrinsicAttributes>;
    return <Component {...props} />;
  };
  PAGES.push(preload);
  return Object.assign(Page, { preload });
}

type PagePropsOf<Page> = Page extends ComponentType<infer Props> ? (unknown extends Props ? object : Props) : never;

const PAGES: (() => Promise<unknown>)[] = [];

/** Loads every page's code (tests; and the app after sign-in, when the network is idle). */
export function preloadAllPages(): Promise<unknown[]> {
  return Promise.all(PAGES.map((preload) => preload()));
}

const AppShell = lazyPage(() => import('./features/shell/AppShell'), 'AppShell');
const LoginPage = lazyPage(() => import('./features/auth/LoginPage'), 'LoginPage');
const SignupPage = lazyPage(() => import('./features/auth/SignupPage'), 'SignupPage');
const DashboardPage = lazyPage(() => import('./features/dashboard/DashboardPage'), 'DashboardPage');
const GuardDashboardPage = lazyPage(() => import('./features/guard/GuardDashboardPage'), 'GuardDashboardPage');
const ScanPage = lazyPage(() => import('./features/guard/ScanPage'), 'ScanPage');
const WalkInPage = lazyPage(() => import('./features/guard/WalkInPage'), 'WalkInPage');
const WalkInStatusPage = lazyPage(() => import('./features/guard/WalkInPage'), 'WalkInStatusPage');
const InsideNowPage = lazyPage(() => import('./features/guard/InsideNowPage'), 'InsideNowPage');
const HouseCreatePage = lazyPage(() => import('./features/houses/HouseCreatePage'), 'HouseCreatePage');
const HouseDetailPage = lazyPage(() => import('./features/houses/HouseDetailPage'), 'HouseDetailPage');
const HouseListPage = lazyPage(() => import('./features/houses/HouseListPage'), 'HouseListPage');
const NotificationsPage = lazyPage(() => import('./features/notifications/NotificationsPage'), 'NotificationsPage');
const PaymentsPage = lazyPage(() => import('./features/payments/PaymentsPage'), 'PaymentsPage');
const ReceiptPage = lazyPage(() => import('./features/payments/ReceiptPage'), 'ReceiptPage');
const ReportsPage = lazyPage(() => import('./features/reports/ReportsPage'), 'ReportsPage');
const ProfilePage = lazyPage(() => import('./features/profile/ProfilePage'), 'ProfilePage');
const UsersPage = lazyPage(() => import('./features/users/UsersPage'), 'UsersPage');
const ApiTokensPage = lazyPage(() => import('./features/api-tokens/ApiTokensPage'), 'ApiTokensPage');
const VehicleAddPage = lazyPage(() => import('./features/vehicles/VehicleAddPage'), 'VehicleAddPage');
const VehicleListPage = lazyPage(() => import('./features/vehicles/VehicleListPage'), 'VehicleListPage');
const InviteVisitorPage = lazyPage(() => import('./features/visitors/InviteVisitorPage'), 'InviteVisitorPage');
const VisitorDetailPage = lazyPage(() => import('./features/visitors/VisitorDetailPage'), 'VisitorDetailPage');
const VisitorListPage = lazyPage(() => import('./features/visitors/VisitorListPage'), 'VisitorListPage');
const PassesPage = lazyPage(() => import('./features/passes/PassesPage'), 'PassesPage');
const PassCreatePage = lazyPage(() => import('./features/passes/PassCreatePage'), 'PassCreatePage');
const PassDetailPage = lazyPage(() => import('./features/passes/PassDetailPage'), 'PassDetailPage');
const WebhooksPage = lazyPage(() => import('./features/webhooks/WebhooksPage'), 'WebhooksPage');
const BlocklistPage = lazyPage(() => import('./features/blocklist/BlocklistPage'), 'BlocklistPage');
const AuditLogPage = lazyPage(() => import('./features/audit/AuditLogPage'), 'AuditLogPage');
const GatesPage = lazyPage(() => import('./features/gates/GatesPage'), 'GatesPage');
const WebhookDeliveriesPage = lazyPage(() => import('./features/webhooks/WebhookDeliveriesPage'), 'WebhookDeliveriesPage');

/**
 * /dashboard: the dashboard of residents and admins; a guard's home is the gate screen, so a
 * guard who lands here (after sign-in, a reload of / or /dashboard) goes to /guard.
 */
function HomePage() {
  const { user } = useSession();
  if (user?.role === 'guard') return <Redirect to="/guard" replace />;
  return <DashboardPage />;
}

/** Clients the app runs on; tests pass their own (e.g. a short time-out). */
export interface AppProvidersProps {
  queryClient?: QueryClient;
  trpcClient?: AppTRPCClient;
  children: ReactNode;
}

/** TanStack Query, tRPC, the session, the app's notices and its confirmations. */
export function AppProviders({
  queryClient: givenQueryClient,
  trpcClient: givenTrpcClient,
  children,
}: AppProvidersProps) {
  const [queryClient] = useState(() => givenQueryClient ?? createQueryClient());
  const [trpcClient] = useState(() => givenTrpcClient ?? createTransportClient());
  return (
    <QueryClientProvider client={queryClient}>
      <TRPCClientProvider client={trpcClient}>
        <SessionProvider>
          <ToastProvider>
            <ConfirmProvider>{children}</ConfirmProvider>
          </ToastProvider>
        </SessionProvider>
      </TRPCClientProvider>
    </QueryClientProvider>
  );
}

/** Routes behind the session guard, inside the shell. */
function AuthenticatedRoutes() {
  return (
    <Switch>
      <Route path="/dashboard" component={HomePage} />
      <Route path="/notifications" component={NotificationsPage} />
      <Route path="/visitors" component={VisitorListPage} />
      <Route path="/visitors/create" component={InviteVisitorPage} />
      <Route path="/visitors/:id">
        {(params) => <VisitorDetailPage key={params.id} id={params.id} />}
      </Route>
      {/* docs/operations.md#frequent-visitors: frequent visitors (recurring passes), residents and admins. */}
      <Route path="/passes">
        <RequireRole roles={HOST_ROLES}>
          <PassesPage />
        </RequireRole>
      </Route>
      <Route path="/passes/create">
        <RequireRole roles={HOST_ROLES}>
          <PassCreatePage />
        </RequireRole>
      </Route>
      <Route path="/passes/:id">
        {(params) => (
          <RequireRole roles={HOST_ROLES}>
            <PassDetailPage key={params.id} id={params.id} />
          </RequireRole>
        )}
      </Route>
      <Route path="/guard/scan">
        <RequireRole roles={GATE_ROLES}>
          <ScanPage />
        </RequireRole>
      </Route>
      <Route path="/guard/walk-in">
        <RequireRole roles={GATE_ROLES}>
          <WalkInPage />
        </RequireRole>
      </Route>
      <Route path="/guard/walk-in/:id">
        {(params) => (
          <RequireRole roles={GATE_ROLES}>
            <WalkInStatusPage key={params.id} id={params.id} />
          </RequireRole>
        )}
      </Route>
      {/* The gate screen: a guard's home; /guard/dashboard is the same screen. */}
      <Route path="/guard">
        <RequireRole roles={GATE_ROLES}>
          <GuardDashboardPage />
        </RequireRole>
      </Route>
      <Route path="/guard/dashboard">
        <RequireRole roles={GATE_ROLES}>
          <GuardDashboardPage />
        </RequireRole>
      </Route>
      <Route path="/guard/inside">
        <RequireRole roles={GATE_ROLES}>
          <InsideNowPage />
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
      {/* docs/api.md#api-tokens: API tokens (admin). */}
      <Route path="/api-tokens">
        <RequireRole roles={ADMIN_ROLES}>
          <ApiTokensPage />
        </RequireRole>
      </Route>
      {/* docs/operations.md#gates: the community's gates (admin). */}
      <Route path="/gates">
        <RequireRole roles={ADMIN_ROLES}>
          <GatesPage />
        </RequireRole>
      </Route>
      {/* docs/operations.md#blocklist: the community blocklist (admin). */}
      <Route path="/blocklist">
        <RequireRole roles={ADMIN_ROLES}>
          <BlocklistPage />
        </RequireRole>
      </Route>
      {/* The audit log (admin). */}
      <Route path="/audit">
        <RequireRole roles={ADMIN_ROLES}>
          <AuditLogPage />
        </RequireRole>
      </Route>
      {/* docs/api.md#webhooks: webhooks (admin). */}
      <Route path="/webhooks">
        <RequireRole roles={ADMIN_ROLES}>
          <WebhooksPage />
        </RequireRole>
      </Route>
      <Route path="/webhooks/:id">
        {(params) => (
          <RequireRole roles={ADMIN_ROLES}>
            <WebhookDeliveriesPage key={params.id} id={params.id} />
          </RequireRole>
        )}
      </Route>
      <Route path="/payments">
        <RequireRole roles={HOST_ROLES}>
          <PaymentsPage />
        </RequireRole>
      </Route>
      {/* docs/operations.md#dues-ledger: a completed payment's printable receipt. */}
      <Route path="/payments/:id/receipt">
        {(params) => (
          <RequireRole roles={HOST_ROLES}>
            <ReceiptPage key={params.id} id={params.id} />
          </RequireRole>
        )}
      </Route>
      {/* docs/operations.md#reports-exports-and-inside-now: the reports page (admin); Chart.js loads with it, only when opened. */}
      <Route path="/reports">
        <RequireRole roles={ADMIN_ROLES}>
          <ReportsPage />
        </RequireRole>
      </Route>
      <Route path="/profile" component={ProfilePage} />
      {/* docs/product.md#screens-and-routes: / and any unknown path go to /dashboard. */}
      <Route>
        <Redirect to="/dashboard" replace />
      </Route>
    </Switch>
  );
}

const messages = i18n('App', { loading: 'Loading…' });

/** While a page's code loads. */
function PageLoading() {
  const t = useMessages(messages);
  return (
    <div className="flex min-h-[40vh] items-center justify-center">
      <Spinner label={t.loading} />
    </div>
  );
}

/**
 * Public routes first; everything else needs a session. A change of language renders every
 * screen anew in it (texts built outside components, such as role names, included).
 */
export function AppRoutes() {
  const language = useLanguage();
  return (
    <Suspense key={language} fallback={<PageLoading />}>
      <Routes />
    </Suspense>
  );
}

function Routes() {
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
            <Suspense fallback={<PageLoading />}>
              <AuthenticatedRoutes />
            </Suspense>
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
