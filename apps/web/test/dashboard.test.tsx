import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { admin, guard, makeVisitor, page, resident } from './fixtures';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc } from './trpc-mock';

const visitor = makeVisitor({ name: 'Jane Doe' });

describe('/dashboard (product-spec §2)', () => {
  it('greets a resident, offers their shortcuts and their 5 latest invitations', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.myInvitations': () => page([visitor]),
      'visitors.byId': () => visitor,
    });
    const { user } = renderApp('/dashboard', { user: resident });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Priya' }),
    ).toBeInTheDocument();
    const shortcuts = screen.getByRole('list', { name: 'Shortcuts' });
    expect(
      within(shortcuts)
        .getAllByRole('link')
        .map((link) => link.textContent),
    ).toEqual([expect.stringContaining('New Invitation'), expect.stringContaining('My Visitors')]);
    expect(screen.getByRole('link', { name: /View All/ })).toHaveAttribute('href', '/visitors');
    await waitFor(() =>
      expect(callsTo(calls, 'visitors.myInvitations')[0]?.input).toEqual({ limit: 5 }),
    );

    await user.click(await screen.findByRole('link', { name: /Jane Doe/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(currentPath()).toBe(`/visitors/${visitor.id}`);
  });

  it('shows a guard up to 10 checked-in visitors and the gate shortcuts', async () => {
    const calls = mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.list': () => page([]) });
    renderApp('/dashboard', { user: guard });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Gary' }),
    ).toBeInTheDocument();
    const shortcuts = screen.getByRole('list', { name: 'Shortcuts' });
    expect(within(shortcuts).getByRole('link', { name: /Scan QR/ })).toHaveAttribute(
      'href',
      '/guard/scan',
    );
    expect(within(shortcuts).getByRole('link', { name: /All Visitors/ })).toHaveAttribute(
      'href',
      '/visitors',
    );
    expect(await screen.findByText('No visitors found')).toBeInTheDocument();
    expect(callsTo(calls, 'visitors.list')[0]?.input).toEqual({ status: 'checked-in', limit: 10 });
    // Guards get no Vehicles or Payments links (product-spec §6).
    expect(screen.queryByRole('link', { name: /Vehicles/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Payments/ })).not.toBeInTheDocument();
  });

  it('shows an admin the four shortcuts, the 5 latest visitors, the houses and 5 vehicles', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'visitors.list': () => page([visitor]),
      'houses.list': () => ({ items: [], total: 7 }),
      'vehicles.list': () => ({ items: [], total: 3 }),
    });
    renderApp('/dashboard', { user: admin });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'Welcome back, Ada' }),
    ).toBeInTheDocument();
    const shortcuts = screen.getByRole('list', { name: 'Shortcuts' });
    expect(
      within(shortcuts)
        .getAllByRole('link')
        .map((link) => link.getAttribute('href')),
    ).toEqual(['/houses/create', '/users', '/houses', '/visitors']);
    expect(await screen.findByText('7')).toBeInTheDocument();
    expect(callsTo(calls, 'visitors.list').map((call) => call.input)).toContainEqual({ limit: 5 });
    expect(callsTo(calls, 'houses.list')).not.toHaveLength(0);
    expect(await screen.findByText('3')).toBeInTheDocument();
    expect(callsTo(calls, 'vehicles.list')[0]?.input).toEqual({ limit: 5 });
  });
});
