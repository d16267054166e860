import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import type { User } from '@gatehouse/shared';

import {
  answerConfirmation,
  admin,
  guard,
  HOUSE_B204,
  houseA101,
  houseB204,
  listOf,
  resident,
} from './fixtures';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));
const retired: User = {
  ...guard,
  id: 'aaaaaaaa-0000-4000-8000-000000000007',
  name: 'Old Guard',
  email: 'old@gatehouse.test',
  isActive: false,
};
const everyone = [admin, guard, retired, resident];

const rowOf = (name: string) =>
  screen.getByRole('heading', { name: new RegExp(name) }).closest('li') as HTMLElement;

describe('/users (docs/product.md#screens-and-routes, docs/product.md#roles-and-what-they-see; docs/api.md#sign-in-sessions-and-users, docs/security.md#who-may-do-what)', () => {
  it.each([
    ['guard', guard],
    ['resident', resident],
  ])('sends a %s to /dashboard', async (_role, signedIn) => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: signedIn }),
      'visitors.listSummaries': () => listOf([]),
      'visitors.myInvitationSummaries': () => listOf([]),
    });
    renderApp('/users', { user: signedIn });

    // A guard goes on from /dashboard to the gate screen, a guard's home.
    const home = signedIn.role === 'guard' ? { heading: 'Active Visitors', path: '/guard' } : { heading: /Welcome back/, path: '/dashboard' };
    expect(await screen.findByRole('heading', { level: 1, name: home.heading })).toBeVisible();
    expect(currentPath()).toBe(home.path);
    expect(callsTo(calls, 'users.list')).toHaveLength(0);
  });

  it('lists users with role badges, house and Active or Inactive', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'users.list': () => listOf(everyone),
    });
    renderApp('/users', { user: admin });

    expect(await screen.findByRole('heading', { level: 1, name: 'Users' })).toBeVisible();
    await screen.findByRole('heading', { name: 'Priya Sharma' });
    expect(callsTo(calls, 'users.list')[0]?.input).toEqual({ limit: 100 });

    const priya = rowOf('Priya Sharma');
    expect(within(priya).getByText('Resident')).toBeInTheDocument();
    expect(within(priya).getByText('Active')).toBeInTheDocument();
    expect(within(priya).getByText('A-101 · Block A')).toBeInTheDocument();
    expect(within(priya).getByRole('button', { name: 'Deactivate Priya Sharma' })).toBeVisible();

    const old = rowOf('Old Guard');
    expect(within(old).getByText('Guard')).toBeInTheDocument();
    expect(within(old).getByText('Inactive')).toBeInTheDocument();
    expect(within(old).getByRole('button', { name: 'Reactivate Old Guard' })).toBeVisible();

    // Admins cannot deactivate themselves from the list.
    const me = rowOf('Ada Admin');
    expect(within(me).getByText('Admin')).toBeInTheDocument();
    expect(within(me).queryByRole('button', { name: /Deactivate/ })).not.toBeInTheDocument();
  });

  it('searches by name or email (q, 300 ms) and filters by role on the server', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'users.list': (input: { q?: string; role?: string }) =>
        listOf(
          everyone.filter(
            (user) =>
              (!input.role || user.role === input.role) &&
              (!input.q || user.name.toLowerCase().includes(input.q.toLowerCase())),
          ),
        ),
    });
    const { user } = renderApp('/users', { user: admin });
    await screen.findByRole('heading', { name: 'Priya Sharma' });

    await user.type(screen.getByLabelText('Search users'), 'priya');
    // Still only the first load: nothing asked while typing.
    expect(callsTo(calls, 'users.list').map((call) => call.input)).toEqual([{ limit: 100 }]);
    await pause(350);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'Gary Guard' })).not.toBeInTheDocument(),
    );
    expect(callsTo(calls, 'users.list').at(-1)?.input).toEqual({ limit: 100, q: 'priya' });

    await user.clear(screen.getByLabelText('Search users'));
    await user.selectOptions(screen.getByLabelText('Filter by role'), 'guard');
    await pause(350);
    await waitFor(() =>
      expect(callsTo(calls, 'users.list').at(-1)?.input).toEqual({ limit: 100, role: 'guard' }),
    );
    expect(await screen.findByRole('heading', { name: 'Gary Guard' })).toBeInTheDocument();
    expect(screen.queryByRole('heading', { name: 'Priya Sharma' })).not.toBeInTheDocument();

    await user.type(screen.getByLabelText('Search users'), 'nobody');
    expect(await screen.findByText('No users found', {}, { timeout: 1500 })).toBeInTheDocument();
  });

  it('creates a guard through the Add User dialog, with the documented validation messages', async () => {
    const created: User = {
      ...guard,
      id: 'aaaaaaaa-0000-4000-8000-000000000011',
      name: 'Nadia Gate',
      email: 'nadia@gatehouse.test',
    };
    let users = [admin];
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'users.list': () => listOf(users),
      'houses.list': () => listOf([houseA101, houseB204]),
      'users.create': () => {
        users = [...users, created];
        return created;
      },
    });
    const { user } = renderApp('/users', { user: admin });

    const open = await screen.findByRole('button', { name: 'Add User' });
    await user.click(open);
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    expect(within(dialog).getByLabelText('Name')).toHaveFocus();
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

    expect(await within(dialog).findByText('Name is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Email is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Phone number is required')).toBeInTheDocument();
    expect(within(dialog).getByText('Password is required')).toBeInTheDocument();

    await user.type(within(dialog).getByLabelText('Name'), 'N');
    await user.type(within(dialog).getByLabelText('Email'), 'nadia@');
    await user.type(within(dialog).getByLabelText('Phone Number'), '12');
    await user.type(within(dialog).getByLabelText('Password'), 'abc');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));
    expect(await within(dialog).findByText('Name must be at least 2 characters')).toBeVisible();
    expect(within(dialog).getByText('Invalid email format')).toBeInTheDocument();
    expect(within(dialog).getByText('Password must be at least 6 characters')).toBeInTheDocument();
    expect(callsTo(calls, 'users.create')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Name'), 'adia Gate');
    await user.type(within(dialog).getByLabelText('Email'), 'gatehouse.test');
    await user.type(within(dialog).getByLabelText('Phone Number'), '345678');
    await user.type(within(dialog).getByLabelText('Password'), 'def123');
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'guard');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByRole('heading', { name: 'Nadia Gate' })).toBeInTheDocument();
    expect(await screen.findByText('Nadia Gate added')).toBeInTheDocument();
    expect(callsTo(calls, 'users.create')[0]?.input).toEqual({
      name: 'Nadia Gate',
      email: 'nadia@gatehouse.test',
      phone: '12345678',
      password: 'abcdef123',
      role: 'guard',
      houseId: null,
      isActive: true,
    });
    expect(open).toHaveFocus();
  });

  it('shows a refused creation in the error box inside the dialog', async () => {
    mockTrpc({
      'auth.me': () => ({ user: admin }),
      'users.list': () => listOf([admin]),
      'houses.list': () => listOf([houseA101]),
      'users.create': () => {
        throw trpcError(409, 'Email is already registered');
      },
    });
    const { user } = renderApp('/users', { user: admin });

    await user.click(await screen.findByRole('button', { name: 'Add User' }));
    const dialog = screen.getByRole('dialog', { name: 'Add User' });
    await user.type(within(dialog).getByLabelText('Name'), 'Priya Again');
    await user.type(within(dialog).getByLabelText('Email'), 'priya@gatehouse.test');
    await user.type(within(dialog).getByLabelText('Phone Number'), '+15550100101');
    await user.type(within(dialog).getByLabelText('Password'), 'secret123');
    await user.click(within(dialog).getByRole('button', { name: 'Create User' }));

    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'Email is already registered',
    );
    expect(screen.getByRole('dialog', { name: 'Add User' })).toBeInTheDocument();
    // Escape closes the dialog.
    await user.keyboard('{Escape}');
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('changes role, house and active state in the Edit dialog, and shows the last-admin refusal', async () => {
    let refuse = false;
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'users.list': () => listOf([admin, resident]),
      'houses.list': () => listOf([houseA101, houseB204]),
      'users.update': (input: any) => {
        if (refuse) throw trpcError(409, 'The community must keep at least one active admin');
        return { ...resident, ...input, houseId: HOUSE_B204 };
      },
    });
    const { user } = renderApp('/users', { user: admin });

    await user.click(await screen.findByRole('button', { name: 'Edit Priya Sharma' }));
    let dialog = screen.getByRole('dialog', { name: 'Edit Priya Sharma' });
    expect(within(dialog).getByLabelText('Role')).toHaveValue('resident');
    expect(within(dialog).getByLabelText('House')).toHaveValue(houseA101.id);
    expect(within(dialog).getByLabelText('Active')).toBeChecked();
    await user.selectOptions(within(dialog).getByLabelText('Role'), 'guard');
    await within(dialog).findByRole('option', { name: 'B-204 · Block B' });
    await user.selectOptions(within(dialog).getByLabelText('House'), houseB204.id);
    await user.click(within(dialog).getByLabelText('Active'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(await screen.findByText(/ saved$/)).toBeInTheDocument();
    expect(callsTo(calls, 'users.update')[0]?.input).toEqual({
      id: resident.id,
      role: 'guard',
      houseId: houseB204.id,
      isActive: false,
    });

    // Their own account: role and active state are locked, and only the house is sent.
    await user.click(screen.getByRole('button', { name: 'Edit Ada Admin' }));
    dialog = screen.getByRole('dialog', { name: 'Edit Ada Admin' });
    expect(within(dialog).getByLabelText('Role')).toBeDisabled();
    expect(within(dialog).getByLabelText('Active')).toBeDisabled();
    refuse = true;
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByRole('alert')).toHaveTextContent(
      'The community must keep at least one active admin',
    );
    expect(callsTo(calls, 'users.update')[1]?.input).toEqual({ id: admin.id, houseId: null });
    await user.click(within(dialog).getByRole('button', { name: 'Cancel' }));
    expect(screen.queryByRole('dialog')).not.toBeInTheDocument();
  });

  it('deactivates only after the confirmation, and reactivates', async () => {
    let users = [admin, guard];
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'users.list': () => listOf(users),
      'users.deactivate': (input: { id: string }) => {
        users = users.map((user) => (user.id === input.id ? { ...user, isActive: false } : user));
        return { id: input.id };
      },
      'users.update': () => ({ ...guard }),
    });
    const { user } = renderApp('/users', { user: admin });

    const deactivate = await screen.findByRole('button', { name: 'Deactivate Gary Guard' });
    await user.click(deactivate);
    expect(await answerConfirmation(user, false)).toBe(
      'Deactivate Gary Guard? They are signed out at once and can no longer sign in.',
    );
    expect(callsTo(calls, 'users.deactivate')).toHaveLength(0);

    await user.click(deactivate);
    await answerConfirmation(user, true);
    expect(await screen.findByRole('button', { name: 'Reactivate Gary Guard' })).toBeVisible();
    expect(within(rowOf('Gary Guard')).getByText('Inactive')).toBeInTheDocument();
    expect(callsTo(calls, 'users.deactivate')[0]?.input).toEqual({ id: guard.id });

    await user.click(screen.getByRole('button', { name: 'Reactivate Gary Guard' }));
    await waitFor(() =>
      expect(callsTo(calls, 'users.update')[0]?.input).toEqual({ id: guard.id, isActive: true }),
    );
  });

  it('shows a refused deactivation and a failed load, with Retry', async () => {
    let fail = true;
    mockTrpc({
      'auth.me': () => ({ user: admin }),
      'users.list': () => {
        if (fail) throw trpcError(503, 'Service temporarily unavailable');
        return listOf([admin, { ...guard, role: 'admin' }]);
      },
      'users.deactivate': () => {
        throw trpcError(409, 'The community must keep at least one active admin');
      },
    });
    const { user } = renderApp('/users', { user: admin });

    expect(await screen.findByRole('alert')).toHaveTextContent('Service temporarily unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    await user.click(await screen.findByRole('button', { name: 'Deactivate Gary Guard' }));
    await answerConfirmation(user, true);
    expect(await screen.findByRole('alert')).toHaveTextContent(
      'The community must keep at least one active admin',
    );
  });
});
