/**
 * The authenticated shell of docs/product.md#screens-and-routes: a top bar (logo, role menu on
 * desktop,
 * user menu) and a bottom bar on phones.
 */
import { useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { useEffect, useRef, type ReactNode } from 'react';
import { Link, useLocation } from 'wouter';

import { watchQueryClient } from '../../lib/connection';
import { useGateSync } from '../../lib/gate-sync';
import { i18n, useMessages } from '../../lib/i18n';
import { LiveUpdatesProvider } from '../../lib/live-updates';
import { TRPCQueryProvider } from '../../lib/trpc-react';
import { useCurrentUser } from '../../lib/session';
import { NotificationBell } from '../notifications/NotificationBell';
import { WalkInRequests } from '../visitors/WalkInRequests';
import { Toaster } from '../../lib/toasts';
import { useActiveCommunity } from './active-community';
import { ConnectionBanner } from './ConnectionBanner';
import { FailedSignInsNotice } from './FailedSignInsNotice';
import { Logo } from './Logo';
import { bottomBarEntries, isActiveEntry, topBarEntries } from './navigation';
import { UpdatePrompt } from './UpdatePrompt';
import { UserMenu } from './UserMenu';

const messages = i18n('AppShell', {
  skipToContent: 'Skip to content',
  home: 'Gatehouse home',
  mainNav: 'Main',
  mobileNav: 'Mobile',
});

/**
 * Wraps every signed-in screen, with the live updates (docs/gate.md#live-updates) open while signed
 * in.
 */
export function AppShell({ children }: { children: ReactNode }) {
  // Whether the server can be reached, read from every request (the connection banner).
  const queryClient = useQueryClient();
  useEffect(() => watchQueryClient(queryClient), [queryClient]);
  const community = useActiveCommunity();
  // The installable app's service worker (docs/gate.md#installing-the-app), registered from here so
  // that
  // /login's scripts do not grow; not in the development server or tests (no worker there).
  useEffect(() => {
    if (import.meta.env.PROD && 'serviceWorker' in navigator)
      void import('../../lib/service-worker').then(({ startServiceWorker }) => startServiceWorker());
  }, []);
  return (
    <TRPCQueryProvider>
      {/* Keyed by the tab's community (docs/api.md#communities): a switch reopens the stream and restarts the gate sync there. */}
      <LiveUpdatesProvider key={community ?? ''}>
        <Shell>{children}</Shell>
      </LiveUpdatesProvider>
    </TRPCQueryProvider>
  );
}

/**
 * After a route change, focus goes to the new page's h1 (docs/product.md#accessibility),
 * so that a screen reader says where the user is; unless the page put focus somewhere of
 * its own (the gate's token field). Not on the first screen after loading.
 */
function useFocusHeadingOnNavigation(location: string) {
  const first = useRef(true);
  useEffect(() => {
    if (first.current) {
      first.current = false;
      return;
    }
    let cancelled = false;
    let frames = 0;
    const focusHeading = () => {
      if (cancelled) return;
      const main = document.getElementById('main');
      const active = document.activeElement;
      if (main && active instanceof HTMLElement && active !== document.body && main.contains(active)) return;
      const heading = main?.querySelector<HTMLElement>('h1');
      if (heading) {
        if (!heading.hasAttribute('tabindex')) heading.setAttribute('tabindex', '-1');
        heading.focus();
        return;
      }
      // The page's code may still be loading: look again on the next frames (about 2 s).
      if ((frames += 1) < 120) requestAnimationFrame(focusHeading);
    };
    requestAnimationFrame(focusHeading);
    return () => {
      cancelled = true;
    };
  }, [location]);
}

function Shell({ children }: { children: ReactNode }) {
  const t = useMessages(messages);
  const user = useCurrentUser();
  const [location] = useLocation();
  useFocusHeadingOnNavigation(location);
  useGateSync();
  const topEntries = topBarEntries(user.role);
  const bottomEntries = bottomBarEntries(user.role);

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only z-50 rounded-md bg-white px-3 py-2 text-sm font-semibold focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
      >
        {t.skipToContent}
      </a>
      <header className="sticky top-0 z-20 border-b border-slate-200 bg-white/95 backdrop-blur">
        <div className="mx-auto flex h-16 max-w-7xl items-center gap-6 px-4 sm:px-6">
          <Link
            href={user.role === 'guard' ? '/guard' : '/dashboard'}
            className="shrink-0 rounded-lg text-slate-900"
            aria-label={t.home}
          >
            <Logo />
          </Link>
          <nav aria-label={t.mainNav} className="hidden flex-1 lg:block">
            <ul className="flex items-center gap-1">
              {topEntries.map((entry) => {
                const active = isActiveEntry(entry.href, location);
                return (
                  <li key={entry.href}>
                    <Link
                      href={entry.href}
                      aria-current={active ? 'page' : undefined}
                      className={clsx(
                        'flex min-h-11 items-center gap-2 rounded-lg px-3 text-sm font-medium whitespace-nowrap transition-colors',
                        active
                          ? 'bg-brand-50 text-brand-800'
                          : 'text-slate-600 hover:bg-slate-100 hover:text-slate-900',
                      )}
                    >
                      <entry.icon aria-hidden="true" className="size-4" />
                      {entry.label}
                    </Link>
                  </li>
                );
              })}
            </ul>
          </nav>
          <div className="ml-auto flex items-center gap-2">
            <NotificationBell />
            <UserMenu />
          </div>
        </div>
      </header>

      <main id="main" className="mx-auto w-full max-w-7xl px-4 pt-6 pb-28 sm:px-6 md:pt-8 lg:pb-12">
        <ConnectionBanner />
        <UpdatePrompt />
        <FailedSignInsNotice />
        {user.role === 'resident' && <WalkInRequests />}
        {children}
      </main>

      <Toaster />

      <nav
        aria-label={t.mobileNav}
        className="fixed inset-x-0 bottom-0 z-20 border-t border-slate-200 bg-white pb-[env(safe-area-inset-bottom)] lg:hidden"
      >
        <ul className="mx-auto flex max-w-lg">
          {bottomEntries.map((entry) => {
            const active = isActiveEntry(entry.href, location);
            return (
              <li key={entry.href} className="flex-1">
                <Link
                  href={entry.href}
                  aria-current={active ? 'page' : undefined}
                  className={clsx(
                    'flex min-h-16 flex-col items-center justify-center gap-1 text-xs font-medium',
                    active ? 'text-brand-700' : 'text-slate-500 hover:text-slate-800',
                  )}
                >
                  <entry.icon
                    aria-hidden="true"
                    className="size-6"
                    strokeWidth={active ? 2.4 : 2}
                  />
                  {entry.label}
                </Link>
              </li>
            );
          })}
        </ul>
      </nav>
    </div>
  );
}
