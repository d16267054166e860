/**
 * The tab's community (docs/api.md#communities): kept per tab, sent as `X-Community-Id` on every
 * call once chosen, and switched from the user menu when the user has two or more memberships.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { chooseCommunity } from '../src/features/shell/active-community';
import { LAST_COMMUNITY_KEY, TAB_COMMUNITY_KEY, readActiveCommunity } from '../src/lib/community';
import { clearGateData, enqueueMove, readQueue, type QueuedMove } from '../src/lib/gate-store';
import { authHeaders, clearStoredSession } from '../src/lib/session-storage';
import { createTransportClient } from '../src/lib/trpc';
import { admin, resident } from './fixtures';
import { installFakeIndexedDB } from './fake-indexeddb';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc } from './trpc-mock';

installFakeIndexedDB();

const OAK = { id: '11111111-0000-4000-8000-000000000001', name: 'Oak Hills', slug: 'oak-hills', timeZone: 'UTC' };
const PINE = { id: '11111111-0000-4000-8000-000000000002', name: 'Pine Court', slug: 'pine-court', timeZone: 'UTC' };
const oakAdmin = { id: OAK.id, name: OAK.name, slug: OAK.slug, role: 'admin' as const };
const pineResident = { id: PINE.id, name: PINE.name, slug: PINE.slug, role: 'resident' as const };

describe('the header of the tab’s community', () => {
  it('is not sent before a community is chosen, and is sent on every call after', async () => {
    const calls = mockTrpc({ 'auth.me': () => ({ user: admin, community: OAK }) });
    const client = createTransportClient({ url: 'http://localhost/trpc', getToken: () => 'token-1' });

    await client.auth.me.query();
    expect(calls[0]?.communityId).toBeNull();
    expect(authHeaders('token-1')).toEqual({ Authorization: 'Bearer token-1' });

    chooseCommunity(PINE.id);
    await client.auth.me.query();
    expect(calls[1]).toMatchObject({ communityId: PINE.id, authorization: 'Bearer token-1' });
    // The plain fetches (photos, exports, the live stream) take their headers from the same helper.
    expect(authHeaders('token-1')).toEqual({ Authorization: 'Bearer token-1', 'X-Community-Id': PINE.id });
  });

  it('starts a new tab in the last chosen community and keeps each tab’s own choice', () => {
    chooseCommunity(OAK.id);
    // A new tab: its sessionStorage is empty, the last choice is shared.
    sessionStorage.clear();
    expect(readActiveCommunity()).toBe(OAK.id);
    // Another tab chooses Pine: this tab stays in Oak.
    localStorage.setItem(LAST_COMMUNITY_KEY, PINE.id);
    expect(readActiveCommunity()).toBe(OAK.id);
  });

  it('is forgotten on sign-out', () => {
    chooseCommunity(OAK.id);
    clearStoredSession();
    expect(sessionStorage.getItem(TAB_COMMUNITY_KEY)).toBeNull();
    expect(localStorage.getItem(LAST_COMMUNITY_KEY)).toBeNull();
    expect(authHeaders(null)).toEqual({});
  });
});

describe('the community switcher in the user menu', () => {
  it('shows nothing new with one membership', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin, community: OAK }),
      'communities.list': () => [oakAdmin],
    });
    const { user } = renderApp('/profile', { user: admin });
    await user.click(await screen.findByRole('button', { name: /user menu/ }));
    await waitFor(() => expect(callsTo(calls, 'communities.list')).toHaveLength(1));
    // The menu is open (its Log Out beside the profile page's).
    expect(await screen.findAllByRole('button', { name: 'Log Out' })).toHaveLength(2);
    expect(screen.queryByRole('group', { name: 'Community' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Oak Hills/ })).not.toBeInTheDocument();
  });

  it('lists two memberships with the active one marked, and switches the tab to the chosen one', async () => {
    const calls = mockTrpc({
      'auth.me': (_input, request) =>
        request.headers.get('x-community-id') === PINE.id
          ? { user: resident, community: PINE }
          : { user: admin, community: OAK },
      'communities.list': () => [oakAdmin, pineResident],
      'auth.setCommunity': (input: { communityId: string }) => ({ user: { ...resident, name: admin.name }, community: input.communityId === PINE.id ? PINE : OAK }),
    });
    const { user } = renderApp('/profile', { user: admin });
    await user.click(await screen.findByRole('button', { name: /user menu/ }));

    const group = await screen.findByRole('group', { name: 'Community' });
    const oak = within(group).getByRole('button', { name: 'Oak Hills Admin' });
    const pine = within(group).getByRole('button', { name: 'Pine Court Resident' });
    // No choice in this tab yet: the session's default (auth.me's) is the active one.
    await waitFor(() => expect(oak).toHaveAttribute('aria-current', 'true'));
    expect(pine).not.toHaveAttribute('aria-current');

    const before = calls.length;
    await user.click(pine);

    await waitFor(() => expect(callsTo(calls, 'auth.setCommunity')).toHaveLength(1));
    expect(callsTo(calls, 'auth.setCommunity')[0]?.input).toEqual({ communityId: PINE.id });
    expect(sessionStorage.getItem(TAB_COMMUNITY_KEY)).toBe(PINE.id);
    expect(localStorage.getItem(LAST_COMMUNITY_KEY)).toBe(PINE.id);
    // Home of the role there ('/' sends a resident to the dashboard).
    await waitFor(() => expect(currentPath()).toBe('/dashboard'));
    // The calls after the switch carry the new community.
    await waitFor(() => expect(calls.slice(before).filter((call) => call.path !== 'auth.setCommunity').length).toBeGreaterThan(0));
    const after = calls.slice(calls.indexOf(callsTo(calls, 'auth.setCommunity')[0]!) + 1);
    expect(after.length).toBeGreaterThan(0);
    expect(after.every((call) => call.communityId === PINE.id)).toBe(true);

    // The menu now marks Pine.
    await user.click(await screen.findByRole('button', { name: /user menu/ }));
    const reopened = await screen.findByRole('group', { name: 'Community' });
    expect(within(reopened).getByRole('button', { name: 'Pine Court Resident' })).toHaveAttribute('aria-current', 'true');
    expect(within(reopened).getByRole('button', { name: 'Oak Hills Admin' })).not.toHaveAttribute('aria-current');
  });

  describe('with moves saved on this tablet', () => {
    afterEach(async () => {
      Reflect.deleteProperty(navigator, 'onLine');
      await clearGateData();
    });

    it('keeps the tab where it is until they are sent: never drops them', async () => {
      const move: QueuedMove = {
        key: 'move-waiting-1',
        action: 'check-out',
        visitorId: 'dddddddd-0000-4000-8000-00000000000b',
        occurredAt: '2026-11-22T14:00:00.000Z',
        name: 'Ann Waiting',
        houseNumber: 'A-101',
      };
      await enqueueMove(move);
      Object.defineProperty(navigator, 'onLine', { configurable: true, get: () => false });
      window.dispatchEvent(new Event('offline'));
      const calls = mockTrpc({
        'auth.me': () => ({ user: admin, community: OAK }),
        'communities.list': () => [oakAdmin, pineResident],
        'auth.setCommunity': () => ({ user: resident, community: PINE }),
      });
      const { user } = renderApp('/profile', { user: admin });
      await user.click(await screen.findByRole('button', { name: /user menu/ }));
      const group = await screen.findByRole('group', { name: 'Community' });
      await user.click(within(group).getByRole('button', { name: 'Pine Court Resident' }));

      expect(await within(group).findByRole('alert')).toHaveTextContent('Moves saved on this tablet are waiting to be sent. Switch once they are sent.');
      expect(callsTo(calls, 'auth.setCommunity')).toEqual([]);
      expect(sessionStorage.getItem(TAB_COMMUNITY_KEY)).toBeNull();
      expect((await readQueue()).map((entry) => entry.key)).toEqual(['move-waiting-1']);
    });
  });
});
