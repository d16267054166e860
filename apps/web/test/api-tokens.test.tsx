/**
 * /api-tokens (admin; docs/api.md#api-tokens): the list with role, prefix, dates and status; New
 * Token shows the token once with Copy; Revoke asks first; the expiry's rules are the
 * shared ones; a `gh_` token is never used as a web session.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';

import type { ApiToken, CreatedApiToken } from '@gatehouse/shared';

import { menuEntries } from '../src/features/shell/navigation';
import { storeSession } from '../src/lib/session-storage';
import { admin, answerConfirmation, guard, listOf } from './fixtures';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc } from './trpc-mock';

const barrier: ApiToken = {
  id: 'dddddddd-0000-4000-8000-000000000001',
  name: 'Barrier at Gate 1',
  role: 'guard',
  prefix: 'gh_Ab3dE5gH',
  createdAt: '2026-11-20T14:00:00.000Z',
  expiresAt: null,
  lastUsedAt: '2026-11-22T14:05:00.000Z',
  revokedAt: null,
};
const oldScript: ApiToken = {
  ...barrier,
  id: 'dddddddd-0000-4000-8000-000000000002',
  name: 'Old Script',
  role: 'admin',
  prefix: 'gh_Zz9yX8wV',
  lastUsedAt: null,
  revokedAt: '2026-11-21T10:00:00.000Z',
};
const lapsed: ApiToken = {
  ...barrier,
  id: 'dddddddd-0000-4000-8000-000000000003',
  name: 'Lapsed Kiosk',
  prefix: 'gh_Qq1wE2rT',
  expiresAt: '2020-01-01T00:00:00.000Z',
};
const SECRET = `gh_${'k'.repeat(43)}`;

const rowOf = (name: string) => screen.getByRole('heading', { name }).closest('li') as HTMLElement;

afterEach(() => {
  vi.restoreAllMocks();
});

describe('/api-tokens (docs/api.md#api-tokens)', () => {
  it('is in the admin’s menu and sends a guard to /dashboard', async () => {
    expect(menuEntries('admin').wide.map((entry) => [entry.href, entry.label])).toContainEqual(['/api-tokens', 'API tokens']);
    expect(menuEntries('guard').wide.map((entry) => entry.href)).not.toContain('/api-tokens');
    const calls = mockTrpc({
      'auth.me': () => ({ user: guard }),
      'visitors.listSummaries': () => listOf([]),
      'visitors.settings': () => ({ timeZone: 'America/New_York', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, walkinEscalateSeconds: 60, overstayGraceMinutes: 30, webPushPublicKey: null }),
    });
    renderApp('/api-tokens', { user: guard });
    // To /dashboard, and on to the gate screen: a guard's home.
    await waitFor(() => expect(currentPath()).toBe('/guard'));
    expect(callsTo(calls, 'apiTokens.list')).toHaveLength(0);
  });

  it('lists the tokens with role, prefix, dates and Active, Revoked or Expired', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'apiTokens.list': () => listOf([barrier, oldScript, lapsed]),
    });
    renderApp('/api-tokens', { user: admin });

    expect(await screen.findByRole('heading', { level: 1, name: 'API tokens' })).toBeVisible();
    await screen.findByRole('heading', { name: 'Barrier at Gate 1' });
    expect(callsTo(calls, 'apiTokens.list')[0]?.input).toEqual({ limit: 100 });
    expect(screen.getByText('3 tokens')).toBeInTheDocument();

    const active = rowOf('Barrier at Gate 1');
    expect(within(active).getByText('gh_Ab3dE5gH…')).toBeInTheDocument();
    expect(within(active).getByText('Guard')).toBeInTheDocument();
    expect(within(active).getByText('Active')).toBeInTheDocument();
    expect(within(active).getByText('Never expires')).toBeInTheDocument();
    expect(within(active).getByText(/^Last used Nov 22, 2026/)).toBeInTheDocument();
    expect(within(active).getByText(/^Created Nov 20, 2026/)).toBeInTheDocument();
    expect(within(active).getByRole('button', { name: 'Revoke Barrier at Gate 1' })).toBeVisible();

    const revoked = rowOf('Old Script');
    expect(within(revoked).getByText('Admin')).toBeInTheDocument();
    expect(within(revoked).getByText('Revoked')).toBeInTheDocument();
    expect(within(revoked).getByText('Never used')).toBeInTheDocument();
    expect(within(revoked).queryByRole('button', { name: /Revoke/ })).not.toBeInTheDocument();

    const expired = rowOf('Lapsed Kiosk');
    expect(within(expired).getByText('Expired')).toBeInTheDocument();
    expect(within(expired).getByText(/^Expires (Dec 31, 2019|Jan 01, 2020)/)).toBeInTheDocument();
  });

  it('creates a token and shows it once, with Copy', async () => {
    let tokens: ApiToken[] = [];
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'apiTokens.list': () => listOf(tokens),
      'apiTokens.create': (input: { name: string; role: 'guard' | 'admin' }): CreatedApiToken => {
        const created = { ...barrier, id: 'dddddddd-0000-4000-8000-000000000009', name: input.name, role: input.role, prefix: SECRET.slice(0, 11), lastUsedAt: null };
        tokens = [created];
        return { ...created, token: SECRET };
      },
    });
    const { user } = renderApp('/api-tokens', { user: admin });
    // After render: user-event installs its own clipboard at setup.
    const writeText = vi.fn(async (_text: string) => {});
    Object.defineProperty(navigator, 'clipboard', { value: { writeText }, configurable: true });

    expect(await screen.findByText('No API tokens yet')).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'New Token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    // The name is required (the shared schema's words).
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    expect(await within(dialog).findByText('Name is required')).toBeVisible();
    expect(callsTo(calls, 'apiTokens.create')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'Visitor Kiosk');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'admin');
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));

    const shown = await screen.findByRole('dialog', { name: 'API token created' });
    expect(callsTo(calls, 'apiTokens.create')[0]?.input).toEqual({ name: 'Visitor Kiosk', role: 'admin' });
    expect(within(shown).getByText('Copy this token now. It will not be shown again.')).toBeVisible();
    expect(within(shown).getByLabelText('Token')).toHaveValue(SECRET);
    await user.click(within(shown).getByRole('button', { name: 'Copy' }));
    expect(writeText).toHaveBeenCalledWith(SECRET);
    expect(await within(shown).findByRole('button', { name: 'Copied!' })).toBeVisible();

    await user.click(within(shown).getByRole('button', { name: 'Done' }));
    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    // The list shows the new token, never its secret.
    expect(await screen.findByRole('heading', { name: 'Visitor Kiosk' })).toBeVisible();
    expect(screen.queryByText(SECRET)).not.toBeInTheDocument();
    expect(screen.queryByDisplayValue(SECRET)).not.toBeInTheDocument();
  });

  it('refuses an expiry in the past with the shared rule’s words, and sends a valid one as the end of that day', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'apiTokens.list': () => listOf([]),
      'visitors.settings': () => ({ timeZone: 'America/New_York', earlyCheckinMinutes: 60, walkinApprovalMinutes: 10, walkinEscalateSeconds: 60, overstayGraceMinutes: 30, webPushPublicKey: null }),
      'apiTokens.create': (input: { name: string; role: 'guard' | 'admin'; expiresAt?: string }) => ({ ...barrier, ...input, expiresAt: input.expiresAt ?? null, token: SECRET }),
    });
    const { user } = renderApp('/api-tokens', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'New Token' }));
    const dialog = await screen.findByRole('dialog', { name: 'New API token' });
    await user.type(within(dialog).getByLabelText('Name'), 'Short Lived');
    await user.type(within(dialog).getByLabelText('Expires on (optional)'), '2020-01-01');
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    expect(await within(dialog).findByText('Expiry must be in the future')).toBeVisible();
    expect(callsTo(calls, 'apiTokens.create')).toHaveLength(0);

    const nextYear = new Date().getUTCFullYear() + 1;
    await user.clear(within(dialog).getByLabelText('Expires on (optional)'));
    await user.type(within(dialog).getByLabelText('Expires on (optional)'), `${nextYear + 2}-06-01`);
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    expect(await within(dialog).findByText('Expiry must be at most 2 years ahead')).toBeVisible();

    await user.clear(within(dialog).getByLabelText('Expires on (optional)'));
    await user.type(within(dialog).getByLabelText('Expires on (optional)'), `${nextYear}-06-01`);
    await user.click(within(dialog).getByRole('button', { name: 'Create Token' }));
    await screen.findByRole('dialog', { name: 'API token created' });
    // 23:59:59.999 on that day in New York (EDT, UTC-4).
    expect(callsTo(calls, 'apiTokens.create')[0]?.input).toEqual({ name: 'Short Lived', role: 'guard', expiresAt: `${nextYear}-06-02T03:59:59.999Z` });
  });

  it('revokes a token after a confirmation', async () => {
    let tokens = [barrier];
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'apiTokens.list': () => listOf(tokens),
      'apiTokens.revoke': (input: { id: string }) => {
        tokens = [{ ...barrier, revokedAt: '2026-11-22T15:00:00.000Z' }];
        return { id: input.id };
      },
    });
    const { user } = renderApp('/api-tokens', { user: admin });
    await user.click(await screen.findByRole('button', { name: 'Revoke Barrier at Gate 1' }));
    // Going back revokes nothing.
    expect(await answerConfirmation(user, false)).toBe('Revoke Barrier at Gate 1? Every call made with it is refused at once. This cannot be undone.');
    expect(callsTo(calls, 'apiTokens.revoke')).toHaveLength(0);

    await user.click(screen.getByRole('button', { name: 'Revoke Barrier at Gate 1' }));
    await answerConfirmation(user, true);
    await waitFor(() => expect(callsTo(calls, 'apiTokens.revoke')[0]?.input).toEqual({ id: barrier.id }));
    expect(await within(rowOf('Barrier at Gate 1')).findByText('Revoked')).toBeVisible();
  });

  it('never uses a stored gh_ token as a web session', async () => {
    const calls = mockTrpc({ 'auth.me': () => ({ user: admin }) });
    storeSession(SECRET, admin);
    renderApp('/api-tokens');
    expect(await screen.findByRole('heading', { level: 1, name: /Sign in|Welcome/i })).toBeVisible();
    expect(currentPath()).toBe('/login');
    expect(callsTo(calls, 'auth.me')).toHaveLength(0);
    expect(localStorage.getItem('auth_token')).toBeNull();
  });
});
