import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { answerConfirmation, resident } from './fixtures';
import { renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

describe('/profile: sign out of all other sessions', () => {
  it('asks first, then says how many sessions were ended', async () => {
    let revoked = 2;
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'auth.revokeOtherSessions': () => ({ revoked }),
    });
    const { user } = renderApp('/profile', { user: resident });

    const button = await screen.findByRole('button', { name: 'Sign out of all other sessions' });
    await user.click(button);
    expect(await answerConfirmation(user, false)).toBe(
      'Sign out of all other sessions? You stay signed in on this device.',
    );
    expect(callsTo(calls, 'auth.revokeOtherSessions')).toHaveLength(0);

    await user.click(button);
    await answerConfirmation(user, true);
    expect(await screen.findByText('2 other sessions were ended.')).toBeInTheDocument();
    expect(
      screen.getByText('2 other sessions were ended.').closest('[role="status"]'),
    ).not.toBeNull();
    expect(callsTo(calls, 'auth.revokeOtherSessions')).toHaveLength(1);

    revoked = 1;
    await user.click(button);
    await answerConfirmation(user, true);
    expect(await screen.findByText('1 other session was ended.')).toBeInTheDocument();
    revoked = 0;
    await user.click(button);
    await answerConfirmation(user, true);
    expect(
      await screen.findByText('There were no other sessions; none were ended.'),
    ).toBeInTheDocument();
    // Still signed in here.
    expect(screen.getByRole('heading', { level: 1, name: 'My Profile' })).toBeInTheDocument();
  });

  it('shows a failure in the error box', async () => {
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'auth.revokeOtherSessions': () => {
        throw trpcError(500, 'Internal server error');
      },
    });
    const { user } = renderApp('/profile', { user: resident });

    await user.click(await screen.findByRole('button', { name: 'Sign out of all other sessions' }));
    await answerConfirmation(user, true);
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Internal server error'),
    );
  });

  it('shows Inactive for an inactive account', async () => {
    const inactive = { ...resident, isActive: false };
    mockTrpc({ 'auth.me': () => ({ user: inactive }) });
    renderApp('/profile', { user: inactive });

    expect(await screen.findByText('Inactive')).toBeInTheDocument();
    expect(screen.queryByText('Active')).not.toBeInTheDocument();
  });
});
