import { STORAGE_KEYS } from '@gatehouse/shared';
import { screen, waitFor } from '@testing-library/react';
import { http, HttpResponse } from 'msw';
import { describe, expect, it, vi } from 'vitest';

import { admin, guard, resident } from './fixtures';
import { server } from './msw-server';
import { currentPath, renderApp, TEST_TOKEN } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

const emptyPage = () => ({ items: [], total: 0 });

describe('session start (docs/product.md#statuses-and-their-badges)', () => {
  it('sends unauthenticated users to /login without calling the server', async () => {
    const calls = mockTrpc({});
    renderApp('/visitors');
    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(calls).toHaveLength(0);
  });

  it('shows a spinner while the stored session is checked, then the refreshed user', async () => {
    let answer: (value: unknown) => void = () => {};
    const calls = mockTrpc({
      'auth.me': () => new Promise((resolve) => (answer = resolve)),
      'visitors.myInvitationSummaries': emptyPage,
    });
    renderApp('/dashboard', { user: resident });

    expect(await screen.findByRole('status')).toHaveTextContent('Loading your session');
    await waitFor(() => expect(callsTo(calls, 'auth.me')).toHaveLength(1));
    expect(callsTo(calls, 'auth.me')[0]?.authorization).toBe(`Bearer ${TEST_TOKEN}`);

    answer({ user: { ...resident, name: 'Priyanka Sharma' } });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Priyanka' }),
    ).toBeInTheDocument();
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? '{}').name).toBe(
      'Priyanka Sharma',
    );
  });

  it('ends the session when the refresh fails, and logs it', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockTrpc({
      'auth.me': () => {
        throw trpcError(500, 'Internal server error');
      },
    });
    renderApp('/dashboard', { user: resident });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
    expect(logged).toHaveBeenCalled();
  });

  it('keeps the stored session when the refresh gets no answer (docs/gate.md#installing-the-app: the app opens offline)', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {});
    const calls = mockTrpc({ 'visitors.myInvitationSummaries': emptyPage });
    server.use(http.all('*/trpc/auth.me', () => HttpResponse.error()));
    renderApp('/dashboard', { user: resident });

    expect(await screen.findByRole('heading', { level: 1, name: 'Welcome back, Priya' })).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe(TEST_TOKEN);
    expect(localStorage.getItem(STORAGE_KEYS.user)).not.toBeNull();
    // The dashboard's own requests have gone out (none is left to reach the next test's mocks).
    await waitFor(() => expect(callsTo(calls, 'visitors.myInvitationSummaries')).toHaveLength(1));
  });
});

describe('401 handling (docs/product.md#how-the-app-shows-errors)', () => {
  it('removes the stored token and user and goes to /login when any call answers 401', async () => {
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.myInvitationSummaries': () => {
        throw trpcError(401, 'Authentication required');
      },
    });
    vi.spyOn(console, 'error').mockImplementation(() => {});
    renderApp('/visitors', { user: resident });

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(currentPath()).toBe('/login');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });
});

describe('logout (docs/product.md#statuses-and-their-badges)', () => {
  it('calls auth.logout, clears the session and goes to /login', async () => {
    const calls = mockTrpc({ 'auth.me': () => ({ user: resident }), 'auth.logout': () => ({}) });
    const { user } = renderApp('/profile', { user: resident });

    await user.click(await screen.findByRole('button', { name: 'Log Out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(callsTo(calls, 'auth.logout')).toHaveLength(1);
    expect(callsTo(calls, 'auth.logout')[0]?.authorization).toBe(`Bearer ${TEST_TOKEN}`);
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(localStorage.getItem(STORAGE_KEYS.user)).toBeNull();
  });

  it('clears the session even when the server call fails, and logs the failure', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.myInvitationSummaries': emptyPage,
      'auth.logout': () => {
        throw trpcError(500, 'Internal server error');
      },
    });
    const { user } = renderApp('/dashboard', { user: resident });

    await user.click(await screen.findByRole('button', { name: /user menu$/i }));
    expect(screen.getByRole('link', { name: 'My Profile' })).toHaveAttribute('href', '/profile');
    await user.click(screen.getByRole('button', { name: 'Log Out' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Sign in' })).toBeInTheDocument();
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
    expect(logged).toHaveBeenCalledWith('Logout failed', expect.anything());
  });
});

describe('routes (docs/product.md#screens-and-routes, docs/product.md#roles-and-what-they-see)', () => {
  it('redirects / and unknown paths to /dashboard', async () => {
    mockTrpc({ 'auth.me': () => ({ user: resident }), 'visitors.myInvitationSummaries': emptyPage });
    renderApp('/no/such/page', { user: resident });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Priya' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
  });

  it('sends a resident away from the guard screens', async () => {
    mockTrpc({ 'auth.me': () => ({ user: resident }), 'visitors.myInvitationSummaries': emptyPage });
    renderApp('/guard/scan', { user: resident });
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Priya' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
  });

  it('lets guards and admins open the scan screen', async () => {
    mockTrpc({ 'auth.me': () => ({ user: admin }) });
    renderApp('/guard/scan', { user: admin });
    expect(await screen.findByRole('heading', { level: 1, name: 'Scan QR' })).toBeInTheDocument();
    expect(currentPath()).toBe('/guard/scan');
  });

  it('sends a signed-in user from /login to /dashboard', async () => {
    mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.listSummaries': emptyPage });
    renderApp('/login', { user: guard });
    // A guard's home is the gate screen.
    expect(await screen.findByRole('heading', { level: 1, name: 'Active Visitors' })).toBeInTheDocument();
    expect(currentPath()).toBe('/guard');
  });
});
