import { STORAGE_KEYS } from '@gatehouse/shared';
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { resident } from './fixtures';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

describe('/login', () => {
  it('shows the documented messages for empty fields and clears an error when its field is edited', async () => {
    const calls = mockTrpc({});
    const { user } = renderApp('/login');

    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(screen.getByLabelText('Email')).toHaveAttribute('aria-invalid', 'true');

    await user.type(screen.getByLabelText('Email'), 'p');
    expect(screen.queryByText('Email is required')).not.toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();
    expect(callsTo(calls, 'auth.login')).toHaveLength(0);
  });

  it('checks the email format and the password length', async () => {
    mockTrpc({});
    const { user } = renderApp('/login');

    await user.type(screen.getByLabelText('Email'), 'not-an-email');
    await user.type(screen.getByLabelText('Password'), '12345');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByText('Invalid email format')).toBeInTheDocument();
    expect(screen.getByText('Password must be at least 6 characters')).toBeInTheDocument();
  });

  it('signs in, stores the token and the user, and opens /dashboard', async () => {
    const calls = mockTrpc({
      'auth.login': () => ({ token: 'new-token', user: resident }),
      'visitors.myInvitationSummaries': () => ({ items: [], total: 0 }),
    });
    const { user } = renderApp('/login');

    await user.type(screen.getByLabelText('Email'), '  Priya@Gatehouse.test ');
    await user.type(screen.getByLabelText('Password'), 'gatehouse123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Priya' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/dashboard');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('new-token');
    expect(JSON.parse(localStorage.getItem(STORAGE_KEYS.user) ?? 'null')).toMatchObject({
      id: resident.id,
    });
    expect(callsTo(calls, 'auth.login')[0]?.input).toEqual({
      email: 'priya@gatehouse.test',
      password: 'gatehouse123',
    });
    // The next calls carry the new token.
    await waitFor(() =>
      expect(callsTo(calls, 'visitors.myInvitationSummaries')[0]?.authorization).toBe('Bearer new-token'),
    );
  });

  it('shows the server message on a wrong password and stays on /login (401 at login is not a session end)', async () => {
    mockTrpc({
      'auth.login': () => {
        throw trpcError(401, 'Invalid email or password');
      },
    });
    const { user } = renderApp('/login');

    await user.type(screen.getByLabelText('Email'), 'priya@gatehouse.test');
    await user.type(screen.getByLabelText('Password'), 'wrong-password');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('Invalid email or password');
    expect(currentPath()).toBe('/login');
  });

  it("falls back to 'Login failed' when the server gives no text", async () => {
    mockTrpc({
      'auth.login': () => {
        throw trpcError(500, '');
      },
    });
    const { user } = renderApp('/login');

    await user.type(screen.getByLabelText('Email'), 'priya@gatehouse.test');
    await user.type(screen.getByLabelText('Password'), 'gatehouse123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Login failed');
  });

  it('links to sign-up', async () => {
    mockTrpc({});
    const { user } = renderApp('/login');
    await user.click(screen.getByRole('link', { name: 'Sign up' }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'Create your account' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe('/signup');
  });
});

describe('/signup', () => {
  it('shows the documented messages for every field', async () => {
    const calls = mockTrpc({});
    const { user } = renderApp('/signup');

    await user.click(screen.getByRole('button', { name: 'Create Account' }));
    expect(await screen.findByText('Name is required')).toBeInTheDocument();
    expect(screen.getByText('Email is required')).toBeInTheDocument();
    expect(screen.getByText('Phone number is required')).toBeInTheDocument();
    expect(screen.getByText('Password is required')).toBeInTheDocument();

    await user.type(screen.getByLabelText('Full Name'), ' A ');
    await user.type(screen.getByLabelText('Email'), 'a@b.co');
    await user.type(screen.getByLabelText('Phone Number'), '0123');
    await user.type(screen.getByLabelText('Password'), 'secret1');
    await user.type(screen.getByLabelText('Confirm Password'), 'secret2');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByText('Name must be at least 2 characters')).toBeInTheDocument();
    expect(screen.getByText('Invalid phone number format')).toBeInTheDocument();
    expect(screen.getByText('Passwords do not match')).toBeInTheDocument();
    expect(callsTo(calls, 'auth.signup')).toHaveLength(0);
  });

  it('offers only Resident once the community has an admin, and says who adds guards and admins', async () => {
    mockTrpc({ 'auth.signupOptions': () => ({ roles: ['resident'] }) });
    renderApp('/signup');
    await waitFor(() => expect(screen.getByLabelText('Role').querySelectorAll('option')).toHaveLength(1));
    expect(screen.getByLabelText('Role')).toHaveValue('resident');
    expect(screen.getByText('Guards and admins are added by your community’s admin.')).toBeInTheDocument();
  });

  it('defaults the role to resident, sends no confirmation, and opens /dashboard', async () => {
    const calls = mockTrpc({
      'auth.signup': () => ({ token: 'signup-token', user: { ...resident, houseId: null } }),
      'visitors.myInvitationSummaries': () => ({ items: [], total: 0 }),
    });
    const { user } = renderApp('/signup');

    expect(screen.getByLabelText('Role')).toHaveValue('resident');
    await user.type(screen.getByLabelText('Full Name'), 'Priya Sharma');
    await user.type(screen.getByLabelText('Email'), 'priya@example.com');
    await user.type(screen.getByLabelText('Phone Number'), '+1 555-010-0101');
    await user.type(screen.getByLabelText('Password'), 'gatehouse123');
    await user.type(screen.getByLabelText('Confirm Password'), 'gatehouse123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Priya' }),
    ).toBeInTheDocument();
    expect(callsTo(calls, 'auth.signup')[0]?.input).toEqual({
      name: 'Priya Sharma',
      email: 'priya@example.com',
      phone: '+1 555-010-0101',
      password: 'gatehouse123',
      role: 'resident',
    });
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBe('signup-token');
  });

  it('lets anyone pick admin and shows the 403 the server answers', async () => {
    const calls = mockTrpc({
      'auth.signup': () => {
        throw trpcError(403, 'Only an admin can create guard or admin accounts');
      },
    });
    const { user } = renderApp('/signup');

    await user.type(screen.getByLabelText('Full Name'), 'Mallory');
    await user.type(screen.getByLabelText('Email'), 'mallory@example.com');
    await user.type(screen.getByLabelText('Phone Number'), '+15550100999');
    await user.type(screen.getByLabelText('Password'), 'gatehouse123');
    await user.type(screen.getByLabelText('Confirm Password'), 'gatehouse123');
    await user.selectOptions(screen.getByLabelText('Role'), 'admin');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent(
      'Only an admin can create guard or admin accounts',
    );
    expect(callsTo(calls, 'auth.signup')[0]?.input).toMatchObject({ role: 'admin' });
    expect(currentPath()).toBe('/signup');
    expect(localStorage.getItem(STORAGE_KEYS.token)).toBeNull();
  });

  it("falls back to 'Signup failed' when the server gives no text", async () => {
    mockTrpc({
      'auth.signup': () => {
        throw trpcError(500, '');
      },
    });
    const { user } = renderApp('/signup');

    await user.type(screen.getByLabelText('Full Name'), 'Priya Sharma');
    await user.type(screen.getByLabelText('Email'), 'priya@example.com');
    await user.type(screen.getByLabelText('Phone Number'), '+15550100101');
    await user.type(screen.getByLabelText('Password'), 'gatehouse123');
    await user.type(screen.getByLabelText('Confirm Password'), 'gatehouse123');
    await user.click(screen.getByRole('button', { name: 'Create Account' }));

    expect(await screen.findByRole('alert')).toHaveTextContent('Signup failed');
  });
});
