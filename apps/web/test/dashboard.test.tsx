import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import { admin, guard, listOf, makeVehicle, makeVisitor, page, resident } from './fixtures';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

const visitor = makeVisitor({ name: 'Jane Doe' });

describe('/dashboard (docs/product.md#screens-and-routes)', () => {
  it('greets a resident, offers their shortcuts and their 5 latest invitations', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'visitors.myInvitationSummaries': () => page([visitor]),
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
      expect(callsTo(calls, 'visitors.myInvitationSummaries')[0]?.input).toEqual({ limit: 5 }),
    );

    await user.click(await screen.findByRole('link', { name: /Jane Doe/ }));
    expect(await screen.findByRole('heading', { level: 1, name: 'Jane Doe' })).toBeInTheDocument();
    expect(currentPath()).toBe(`/visitors/${visitor.id}`);
  });

  it('sends a guard to the gate screen, their home', async () => {
    mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.listSummaries': () => page([]) });
    renderApp('/dashboard', { user: guard });

    expect(await screen.findByRole('heading', { level: 1, name: 'Active Visitors' })).toBeInTheDocument();
    expect(currentPath()).toBe('/guard');
    expect(screen.getByLabelText('Pass token or code')).toBeInTheDocument();
    // Guards get no Vehicles or Payments links (docs/product.md#roles-and-what-they-see).
    expect(screen.queryByRole('link', { name: /Vehicles/ })).not.toBeInTheDocument();
    expect(screen.queryByRole('link', { name: /Payments/ })).not.toBeInTheDocument();
  });

  it('shows an admin the four shortcuts, the 5 latest visitors, the houses and 5 vehicles', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'visitors.listSummaries': () => page([visitor]),
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
    expect(callsTo(calls, 'visitors.listSummaries').map((call) => call.input)).toContainEqual({ limit: 5 });
    expect(callsTo(calls, 'houses.list')).not.toHaveLength(0);
    expect(await screen.findByText('3')).toBeInTheDocument();
    expect(callsTo(calls, 'vehicles.list')[0]?.input).toEqual({ limit: 5 });
  });

  it('lists the admin’s 5 vehicles, and shows a failed vehicles load with Retry', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    let fail = true;
    mockTrpc({
      'auth.me': () => ({ user: admin }),
      'visitors.listSummaries': () => page([]),
      'houses.list': () => listOf([]),
      'vehicles.list': () => {
        if (fail) throw trpcError(500, 'Internal server error');
        return { items: [makeVehicle({ licensePlate: 'KA 01 AB 1234' })], total: 12 };
      },
    });
    const { user } = renderApp('/dashboard', { user: admin });

    const card = (await screen.findByRole('heading', { level: 2, name: 'Vehicles' })).closest(
      'section',
    ) as HTMLElement;
    expect(await within(card).findByRole('alert')).toHaveTextContent('Internal server error');
    expect(logged).toHaveBeenCalled();
    fail = false;
    await user.click(within(card).getByRole('button', { name: 'Retry' }));
    expect(await within(card).findByText('KA 01 AB 1234')).toBeInTheDocument();
    expect(within(card).getByText('Toyota Corolla')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: /All Vehicles/ })).toHaveAttribute(
      'href',
      '/vehicles',
    );
    expect(await screen.findByText('12')).toBeInTheDocument();
    expect(screen.getByRole('link', { name: /Vehicles 12/ })).toHaveAttribute('href', '/vehicles');
  });
});
