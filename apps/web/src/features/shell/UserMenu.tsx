/**
 * The user menu of the top bar (docs/product.md#screens-and-routes): the screens the bars have no
 * room for, the community switcher (docs/api.md#communities, with two or more memberships), My
 * Profile and Log Out.
 */
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { Check, ChevronDown, LogOut, User as UserIcon } from 'lucide-react';
import { useEffect, useId, useRef, useState } from 'react';
import { Link, useLocation } from 'wouter';

import clsx from 'clsx';

import { connectionState } from '../../lib/connection';
import { failureText } from '../../lib/failures';
import { initialsOf, roleLabel } from '../../lib/format';
import { i18n, params, useMessages } from '../../lib/i18n';
import { replayQueue } from '../../lib/gate-moves';
import { gateSnapshot, hasGateStorage, loadedGateSnapshot } from '../../lib/gate-store';
import { endGateSession, useLogout } from '../../lib/gate-sync';
import { useCurrentUser, useSession } from '../../lib/session';
import { useTRPCClient } from '../../lib/trpc';
import { useTRPC } from '../../lib/trpc-react';

import { chooseCommunity, useActiveCommunity } from './active-community';
import { menuEntries } from './navigation';

const messages = i18n('UserMenu', {
  button: params('{initials} {name} {role}, user menu'),
  community: 'Community',
  movesWaiting: 'Moves saved on this tablet are waiting to be sent. Switch once they are sent.',
  myProfile: 'My Profile',
  logOut: 'Log Out',
});

/** Initials in a circle. */
export function Avatar({ name, size = 'md' }: { name: string; size?: 'md' | 'xl' }) {
  return (
    <span
      aria-hidden="true"
      className={
        size === 'xl'
          ? 'grid size-20 shrink-0 place-items-center rounded-full bg-brand-100 text-2xl font-bold text-brand-800'
          : 'grid size-9 shrink-0 place-items-center rounded-full bg-brand-100 text-sm font-semibold text-brand-800'
      }
    >
      {initialsOf(name)}
    </span>
  );
}

/** A disclosure button opening a small panel with a link and a button (real elements, no ARIA menu roles). */
export function UserMenu() {
  const t = useMessages(messages);
  const user = useCurrentUser();
  const logout = useLogout();
  const [open, setOpen] = useState(false);
  const [loggingOut, setLoggingOut] = useState(false);
  const panelId = useId();
  const more = menuEntries(user.role);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const communityHeadingId = useId();
  const trpc = useTRPC();
  const { replaceUser } = useSession();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  /**
   * Moves this tab to another of the user's communities (docs/api.md#communities): makes it the
   * session's default (new tabs and sign-ins start there), keeps it for the tab, takes the
   * user's role and house there, forgets the cached answers and goes to the role's home.
   */
  const switchCommunity = async (communityId: string) => {
    const { user } = await client.auth.setCommunity.mutate({ communityId });
    queryClient.clear();
    chooseCommunity(communityId);
    replaceUser(user);
    navigate('/');
  };
  const tabCommunity = useActiveCommunity();
  const [switching, setSwitching] = useState<string | null>(null);
  const [switchError, setSwitchError] = useState<string | null>(null);
  // Read when the menu opens, not on every screen.
  const communities = useQuery({ ...trpc.communities.list.queryOptions(), enabled: open });
  // Without `all=true` the list is the user's memberships (docs/api.md#communities).
  const memberships = (communities.data ?? []).filter((community) => 'role' in community);
  const canSwitch = memberships.length > 1;
  // Without a choice of its own the tab is in the session's default community (auth.me's).
  const me = useQuery({ ...trpc.auth.me.queryOptions(), enabled: canSwitch && !tabCommunity });
  const activeCommunity = tabCommunity ?? me.data?.community.id ?? null;

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener('pointerdown', onPointerDown);
    document.addEventListener('keydown', onKeyDown);
    return () => {
      document.removeEventListener('pointerdown', onPointerDown);
      document.removeEventListener('keydown', onKeyDown);
    };
  }, [open]);

  const handleChoose = async (communityId: string) => {
    if (communityId === activeCommunity) {
      setOpen(false);
      return;
    }
    setSwitching(communityId);
    setSwitchError(null);
    try {
      // Moves saved on this tablet are this community's: sent before the tab moves, never dropped
      // (docs/gate.md#recording-moves-offline). One try now; still waiting, the tab stays.
      if (hasGateStorage() && (await loadedGateSnapshot()).waiting > 0) {
        if (connectionState() === 'online') await replayQueue().catch(() => {});
        if (gateSnapshot().waiting > 0) {
          setSwitchError(t.movesWaiting);
          return;
        }
      }
      // What the gate tablet keeps is of this community: the queue is empty, the pack is forgotten.
      await endGateSession().catch((error: unknown) => console.error('Could not clear the gate data', error));
      await switchCommunity(communityId);
      setOpen(false);
    } catch (error) {
      setSwitchError(failureText(error));
    } finally {
      setSwitching(null);
    }
  };

  const handleLogout = async () => {
    setLoggingOut(true);
    await logout();
  };

  return (
    <div ref={rootRef} className="relative">
      <button
        ref={buttonRef}
        type="button"
        // Named by all it shows (WCAG 2.5.3): the avatar's initials, then the name and role
        // (shown from 1280 px), so a voice-control user can say either.
        aria-label={t.button({ initials: initialsOf(user.name), name: user.name, role: roleLabel(user.role) })}
        aria-expanded={open}
        aria-controls={panelId}
        onClick={() => setOpen((value) => !value)}
        className="flex min-h-11 items-center gap-2 rounded-full py-1 pr-2 pl-1 text-left hover:bg-slate-100"
      >
        <Avatar name={user.name} />
        <span className="hidden min-w-0 flex-col leading-tight xl:flex">
          <span className="max-w-40 truncate text-sm font-semibold text-slate-900">
            {user.name}
          </span>
          {/* A space between the two lines, so the visible text reads "Name Role" as the label does (WCAG 2.5.3). */}{' '}
          <span className="text-xs text-slate-500">{roleLabel(user.role)}</span>
        </span>
        <ChevronDown aria-hidden="true" className="size-4 text-slate-500" />
      </button>
      {open && (
        <div
          id={panelId}
          className="absolute right-0 z-30 mt-2 w-60 overflow-hidden rounded-xl border border-slate-200 bg-white py-1 shadow-lg"
        >
          <div className="border-b border-slate-100 px-4 py-3">
            <p className="truncate text-sm font-semibold text-slate-900">{user.name}</p>
            <p className="truncate text-xs text-slate-500">{user.email}</p>
          </div>
          {/* The screens the visible bar has no room for (the wide set from 1024 px, else the narrow one). */}
          {[...new Map([...more.wide, ...more.narrow].map((entry) => [entry.href, entry])).values()].map((entry) => {
            const onWide = more.wide.some((candidate) => candidate.href === entry.href);
            const onNarrow = more.narrow.some((candidate) => candidate.href === entry.href);
            return (
              <Link
                key={entry.href}
                href={entry.href}
                onClick={() => setOpen(false)}
                className={clsx(
                  'min-h-11 items-center gap-3 px-4 text-sm text-slate-700 hover:bg-slate-50',
                  onWide && onNarrow ? 'flex' : onWide ? 'hidden lg:flex' : 'flex lg:hidden',
                )}
              >
                <entry.icon aria-hidden="true" className="size-4" />
                {entry.label}
              </Link>
            );
          })}
          {canSwitch && (
            <div role="group" aria-labelledby={communityHeadingId} className="border-y border-slate-100 py-1">
              <p id={communityHeadingId} className="px-4 pt-2 pb-1 text-xs font-semibold text-slate-500 uppercase">
                {t.community}
              </p>
              {memberships.map((community) => {
                const active = community.id === activeCommunity;
                return (
                  <button
                    key={community.id}
                    type="button"
                    aria-current={active ? 'true' : undefined}
                    disabled={switching !== null}
                    onClick={() => void handleChoose(community.id)}
                    className="flex min-h-11 w-full items-center gap-3 px-4 text-left text-sm text-slate-700 hover:bg-slate-50 disabled:opacity-60"
                  >
                    <Check aria-hidden="true" className={clsx('size-4 shrink-0', active ? 'text-brand-700' : 'invisible')} />
                    <span className="flex min-w-0 flex-col leading-tight">
                      <span className={clsx('truncate', active && 'font-semibold text-slate-900')}>{community.name}</span>{' '}
                      <span className="text-xs text-slate-500">{roleLabel(community.role)}</span>
                    </span>
                  </button>
                );
              })}
              {switchError && (
                <p role="alert" className="px-4 py-2 text-xs text-red-700">
                  {switchError}
                </p>
              )}
            </div>
          )}
          <Link
            href="/profile"
            onClick={() => setOpen(false)}
            className="flex min-h-11 items-center gap-3 px-4 text-sm text-slate-700 hover:bg-slate-50"
          >
            <UserIcon aria-hidden="true" className="size-4" />
            {t.myProfile}
          </Link>
          <button
            type="button"
            onClick={handleLogout}
            disabled={loggingOut}
            className="flex min-h-11 w-full items-center gap-3 px-4 text-left text-sm text-red-700 hover:bg-red-50 disabled:opacity-60"
          >
            <LogOut aria-hidden="true" className="size-4" />
            {t.logOut}
          </button>
        </div>
      )}
    </div>
  );
}
