/**
 * Security in the web app: the profile's Change password (docs/security.md#sign-in-and-sessions)
 * and the
 * notice of failed sign-in attempts after a sign-in (docs/security.md#password-guessing).
 */
import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { resident } from './fixtures';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

describe('/profile: change password', () => {
  const open = async () => {
    const view = renderApp('/profile', { user: resident });
    const section = (await screen.findByRole('heading', { level: 2, name: 'Change password' })).closest('section')!;
    return { ...view, form: within(section) };
  };

  it('checks the new password and its confirmation before sending anything', async () => {
    const calls = mockTrpc({ 'auth.me': () => ({ user: resident }) });
    const { user, form } = await open();
    await user.type(form.getByLabelText('Current password'), 'gatehouse123');
    await user.type(form.getByLabelText('New password'), '123');
    await user.type(form.getByLabelText('Confirm new password'), '456');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    expect(await form.findByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(form.getByText('Passwords do not match')).toBeInTheDocument();
    expect(callsTo(calls, 'auth.changePassword')).toHaveLength(0);
  });

  it('shows the server’s 400 for a wrong current password', async () => {
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'auth.changePassword': () => {
        throw trpcError(400, 'Current password is incorrect');
      },
    });
    const { user, form } = await open();
    await user.type(form.getByLabelText('Current password'), 'not-it-at-all');
    await user.type(form.getByLabelText('New password'), 'new-password');
    await user.type(form.getByLabelText('Confirm new password'), 'new-password');
    await user.click(form.getByRole('button', { name: 'Change password' }));
    await waitFor(() => expect(form.getByRole('alert')).toHaveTextContent('Current password is incorrect'));
    expect(form.getByLabelText('Current password')).toHaveValue('not-it-at-all');
  });

  it('changes it, says how many other sessions were signed out, and clears the form', async () => {
    let revoked = 2;
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'auth.changePassword': () => ({ revoked }),
    });
    const { user, form } = await open();
    const fill = async () => {
      await user.type(form.getByLabelText('Current password'), 'gatehouse123');
      await user.type(form.getByLabelText('New password'), 'new-password');
      await user.type(form.getByLabelText('Confirm new password'), 'new-password');
      await user.click(form.getByRole('button', { name: 'Change password' }));
    };
    await fill();
    const message = await form.findByText('Password changed. 2 other sessions were signed out.');
    expect(message.closest('[role="status"]')).not.toBeNull();
    expect(callsTo(calls, 'auth.changePassword')[0]?.input).toEqual({ currentPassword: 'gatehouse123', newPassword: 'new-password' });
    for (const label of ['Current password', 'New password', 'Confirm new password']) {
      expect(form.getByLabelText(label)).toHaveValue('');
    }
    revoked = 1;
    await fill();
    expect(await form.findByText('Password changed. 1 other session was signed out.')).toBeInTheDocument();
    revoked = 0;
    await fill();
    expect(await form.findByText('Password changed.')).toBeInTheDocument();
  });
});

describe('after a sign-in: failed attempts', () => {
  const signIn = async (failedSignIns: number) => {
    mockTrpc({
      'auth.login': () => ({ token: 'new-token', user: resident, failedSignIns }),
      'visitors.myInvitationSummaries': () => ({ items: [], total: 0 }),
    });
    const { user } = renderApp('/login');
    await user.type(screen.getByLabelText('Email'), 'priya@gatehouse.test');
    await user.type(screen.getByLabelText('Password'), 'gatehouse123');
    await user.click(screen.getByRole('button', { name: 'Sign In' }));
    await screen.findByRole('heading', { level: 1, name: 'Welcome back, Priya' });
    return user;
  };

  it('tells the user how many failed attempts there were, until dismissed', async () => {
    const user = await signIn(3);
    expect(currentPath()).toBe('/dashboard');
    const notice = screen.getByText('3 failed sign-in attempts were made on your account since your last sign-in.').closest('[role="alert"]')!;
    expect(notice).not.toBeNull();
    expect(within(notice as HTMLElement).getByRole('link', { name: 'Change password' })).toHaveAttribute('href', '/profile#change-password');
    await user.click(within(notice as HTMLElement).getByRole('button', { name: 'Dismiss' }));
    expect(screen.queryByText(/failed sign-in attempts? (was|were) made/)).not.toBeInTheDocument();
  });

  it('says nothing when there were none', async () => {
    await signIn(0);
    expect(screen.queryByText(/failed sign-in attempts? (was|were) made/)).not.toBeInTheDocument();
  });
});
