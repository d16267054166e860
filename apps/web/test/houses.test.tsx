import { act, screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import {
  answerConfirmation,
  admin,
  guard,
  houseA101,
  houseB204,
  HOUSE_A101,
  HOUSE_B204,
  listOf,
  makeHouseDetail,
  makeVehicle,
  resident,
} from './fixtures';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

const pause = (ms: number) => act(() => new Promise((resolve) => setTimeout(resolve, ms)));

describe('/houses (docs/product.md#screens-and-routes, docs/product.md#roles-and-what-they-see)', () => {
  it('shows the grid and Add House to an admin; each card opens its house', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'houses.list': () => listOf([houseA101, houseB204]),
      'houses.byId': () => makeHouseDetail(),
    });
    const { user } = renderApp('/houses', { user: admin });

    const card = (await screen.findByRole('heading', { name: 'B-204' })).closest(
      'a',
    ) as HTMLElement;
    expect(within(card).getByText('Block B')).toBeInTheDocument();
    expect(within(card).getByText('Oak Lane')).toBeInTheDocument();
    expect(within(card).getByText('No owner')).toBeInTheDocument();
    expect(callsTo(calls, 'houses.list')[0]?.input).toEqual({ limit: 100 });
    expect(screen.getByRole('link', { name: 'Add House' })).toHaveAttribute(
      'href',
      '/houses/create',
    );

    await user.click(screen.getByRole('link', { name: /A-101/ }));
    expect(
      await screen.findByRole('heading', { level: 1, name: 'House A-101' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe(`/houses/${HOUSE_A101.id}`);
  });

  it.each([
    ['resident', resident],
    ['guard', guard],
  ])('offers no Add House to a %s', async (_role, signedIn) => {
    mockTrpc({
      'auth.me': () => ({ user: signedIn }),
      'houses.list': () => listOf([houseA101]),
    });
    renderApp('/houses', { user: signedIn });

    expect(await screen.findByRole('heading', { name: 'A-101' })).toBeInTheDocument();
    expect(screen.queryByRole('link', { name: 'Add House' })).not.toBeInTheDocument();
  });

  it('asks the server (q) 300 ms after the last keystroke, with an empty state', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'houses.list': (input: { q?: string }) =>
        listOf(input.q === 'zz' ? [] : input.q ? [houseB204] : [houseA101, houseB204]),
    });
    const { user } = renderApp('/houses', { user: resident });
    await screen.findByRole('heading', { name: 'A-101' });

    await user.type(screen.getByLabelText('Search houses'), 'b-2');
    // Still only the first load: nothing asked while typing.
    expect(callsTo(calls, 'houses.list').map((call) => call.input)).toEqual([{ limit: 100 }]);
    await pause(350);
    await waitFor(() =>
      expect(callsTo(calls, 'houses.list').at(-1)?.input).toEqual({ limit: 100, q: 'b-2' }),
    );
    // One request for the pause, not one per keystroke.
    expect(callsTo(calls, 'houses.list').filter((call) => call.input.q)).toHaveLength(1);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'A-101' })).not.toBeInTheDocument(),
    );
    expect(screen.getByRole('heading', { name: 'B-204' })).toBeInTheDocument();

    await user.clear(screen.getByLabelText('Search houses'));
    await user.type(screen.getByLabelText('Search houses'), 'zz');
    expect(await screen.findByText('No houses found', {}, { timeout: 1500 })).toBeInTheDocument();
    expect(screen.getByText('Try another house number or block.')).toBeInTheDocument();
  });

  it('shows a failed load in the error box with Retry', async () => {
    let fail = true;
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'houses.list': () => {
        if (fail) throw trpcError(500, 'Service temporarily unavailable');
        return listOf([houseA101]);
      },
    });
    const { user } = renderApp('/houses', { user: resident });

    expect(await screen.findByRole('alert')).toHaveTextContent('Service temporarily unavailable');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'A-101' })).toBeInTheDocument();
  });
});

describe('/houses/create (docs/product.md#screens-and-routes, docs/product.md#forms-and-their-messages, docs/product.md#roles-and-what-they-see, docs/product.md#how-the-app-shows-errors)', () => {
  it.each([
    ['resident', resident],
    ['guard', guard],
  ])('sends a %s to /dashboard', async (_role, signedIn) => {
    mockTrpc({
      'auth.me': () => ({ user: signedIn }),
      'visitors.myInvitationSummaries': () => listOf([]),
      'visitors.listSummaries': () => listOf([]),
    });
    renderApp('/houses/create', { user: signedIn });

    // A guard goes on from /dashboard to the gate screen, a guard's home.
    const home = signedIn.role === 'guard' ? { heading: 'Active Visitors', path: '/guard' } : { heading: /Welcome back/, path: '/dashboard' };
    expect(await screen.findByRole('heading', { level: 1, name: home.heading })).toBeVisible();
    expect(currentPath()).toBe(home.path);
  });

  it('requires house number, block, street and owner, and sends nothing until they are there', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'users.list': () => listOf([resident, admin]),
    });
    const { user } = renderApp('/houses/create', { user: admin });

    expect(await screen.findByRole('heading', { level: 1, name: 'Add House' })).toBeVisible();
    await user.click(screen.getByRole('button', { name: 'Create House' }));

    expect(await screen.findByText('House number is required')).toBeInTheDocument();
    expect(screen.getByText('Block is required')).toBeInTheDocument();
    expect(screen.getByText('Street is required')).toBeInTheDocument();
    expect(screen.getByText('Owner is required')).toBeInTheDocument();
    expect(screen.getByLabelText('House Number')).toHaveAttribute('aria-invalid', 'true');

    // Blank text is no text.
    await user.type(screen.getByLabelText('Street'), '   ');
    expect(screen.queryByText('Street is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create House' }));
    expect(await screen.findByText('Street is required')).toBeInTheDocument();
    expect(callsTo(calls, 'houses.create')).toHaveLength(0);
    expect(callsTo(calls, 'users.list')[0]?.input).toEqual({ limit: 100 });
  });

  it('creates the house with the picked owner and opens it', async () => {
    const created = { ...houseB204, owner: { id: resident.id, name: resident.name } };
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'users.list': () => listOf([resident, { ...guard, isActive: false }]),
      'houses.create': () => created,
      'houses.byId': () => makeHouseDetail({ ...created }),
    });
    const { user } = renderApp('/houses/create', { user: admin });

    await user.type(await screen.findByLabelText('House Number'), ' B-204 ');
    await user.type(screen.getByLabelText('Block'), 'B');
    await user.type(screen.getByLabelText('Street'), 'Oak Lane');
    const owner = screen.getByLabelText('Owner');
    await user.selectOptions(
      owner,
      await screen.findByRole('option', { name: 'Priya Sharma (priya@gatehouse.test)' }),
    );
    // Inactive users cannot own a new house.
    expect(within(owner).queryByRole('option', { name: /Gary Guard/ })).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Create House' }));

    expect(
      await screen.findByRole('heading', { level: 1, name: 'House B-204' }),
    ).toBeInTheDocument();
    expect(currentPath()).toBe(`/houses/${HOUSE_B204.id}`);
    expect(callsTo(calls, 'houses.create')[0]?.input).toEqual({
      houseNumber: 'B-204',
      block: 'B',
      street: 'Oak Lane',
      ownerId: resident.id,
    });
  });

  it("shows the server's refusal, or 'Failed to create house', and stays on the form", async () => {
    let message = 'House B-204 already exists in block B';
    mockTrpc({
      'auth.me': () => ({ user: admin }),
      'users.list': () => listOf([resident]),
      'houses.create': () => {
        throw trpcError(409, message);
      },
    });
    const { user } = renderApp('/houses/create', { user: admin });

    await user.type(await screen.findByLabelText('House Number'), 'B-204');
    await user.type(screen.getByLabelText('Block'), 'B');
    await user.type(screen.getByLabelText('Street'), 'Oak Lane');
    await user.selectOptions(
      screen.getByLabelText('Owner'),
      await screen.findByRole('option', { name: /Priya Sharma/ }),
    );
    await user.click(screen.getByRole('button', { name: 'Create House' }));
    expect(await screen.findByRole('alert')).toHaveTextContent(message);

    message = '';
    await user.click(screen.getByRole('button', { name: 'Create House' }));
    await waitFor(() =>
      expect(screen.getByRole('alert')).toHaveTextContent('Failed to create house'),
    );
    expect(currentPath()).toBe('/houses/create');
  });
});

describe('/houses/{id} (docs/product.md#screens-and-routes, docs/api.md#objects; docs/security.md#who-may-do-what)', () => {
  const detail = makeHouseDetail({
    residents: [
      { id: resident.id, name: resident.name, email: resident.email, phone: resident.phone },
      {
        id: 'aaaaaaaa-0000-4000-8000-000000000009',
        name: 'Ravi Sharma',
        email: 'ravi@x.test',
        phone: '+15550100109',
      },
    ],
    vehicles: [makeVehicle({ licensePlate: 'KA 05 MN 7777', make: 'Honda', model: 'City' })],
  });

  it('shows number, block, street and owner, and the Residents and Vehicles tabs', async () => {
    mockTrpc({ 'auth.me': () => ({ user: resident }), 'houses.byId': () => detail });
    const { user } = renderApp(`/houses/${detail.id}`, { user: resident });

    expect(
      await screen.findByRole('heading', { level: 1, name: 'House A-101' }),
    ).toBeInTheDocument();
    const info = screen
      .getByRole('heading', { name: 'House Information' })
      .closest('section') as HTMLElement;
    expect(within(info).getByText('Maple Avenue')).toBeInTheDocument();
    expect(within(info).getByText('Priya Sharma')).toBeInTheDocument();
    expect(within(info).getByText('A')).toBeInTheDocument();

    const residentsTab = screen.getByRole('tab', { name: 'Residents' });
    const vehiclesTab = screen.getByRole('tab', { name: 'Vehicles' });
    expect(residentsTab).toHaveAttribute('aria-selected', 'true');
    expect(vehiclesTab).toHaveAttribute('aria-selected', 'false');
    expect(vehiclesTab).toHaveAttribute('tabindex', '-1');
    const residentsPanel = screen.getByRole('tabpanel', { name: 'Residents' });
    expect(within(residentsPanel).getByText('ravi@x.test')).toBeInTheDocument();
    // A resident cannot add or remove anyone.
    expect(screen.queryByRole('button', { name: 'Add Resident' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Remove/ })).not.toBeInTheDocument();

    // Keyboard: the arrow keys move to the next tab and select it.
    residentsTab.focus();
    await user.keyboard('{ArrowRight}');
    expect(vehiclesTab).toHaveFocus();
    expect(vehiclesTab).toHaveAttribute('aria-selected', 'true');
    const vehiclesPanel = screen.getByRole('tabpanel', { name: 'Vehicles' });
    const row = within(vehiclesPanel).getByRole('row', { name: /KA 05 MN 7777/ });
    expect(
      within(row)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['KA 05 MN 7777', 'Honda', 'City', 'Silver']);
    await user.keyboard('{Home}');
    expect(residentsTab).toHaveFocus();
    expect(screen.getByRole('tabpanel', { name: 'Residents' })).toBeVisible();
    await user.keyboard('{ArrowLeft}');
    expect(vehiclesTab).toHaveAttribute('aria-selected', 'true');
    await user.click(residentsTab);
    expect(residentsTab).toHaveAttribute('aria-selected', 'true');
  });

  it('tells a resident of another house why the lists are empty', async () => {
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'houses.byId': () => makeHouseDetail({ ...houseB204 }),
    });
    const { user } = renderApp(`/houses/${HOUSE_B204.id}`, { user: resident });

    expect(await screen.findByText('Residents are private')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Vehicles' }));
    expect(screen.getByText('Vehicles are private')).toBeVisible();
  });

  it('tells staff when a house has no residents or vehicles yet', async () => {
    mockTrpc({
      'auth.me': () => ({ user: guard }),
      'houses.byId': () => makeHouseDetail({ ...houseB204 }),
    });
    const { user } = renderApp(`/houses/${HOUSE_B204.id}`, { user: guard });

    expect(await screen.findByText('No residents yet')).toBeInTheDocument();
    await user.click(screen.getByRole('tab', { name: 'Vehicles' }));
    expect(screen.getByText('No vehicles registered')).toBeVisible();
  });

  it("shows 'House not found' when there is no such house", async () => {
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'houses.byId': () => {
        throw trpcError(404, '');
      },
    });
    renderApp('/houses/not-a-house', { user: resident });

    expect(await screen.findByRole('alert')).toHaveTextContent('House not found');
    expect(screen.queryByRole('tab')).not.toBeInTheDocument();
  });

  it('lets an admin add a resident picked from the users list', async () => {
    const newcomer = {
      ...guard,
      id: 'aaaaaaaa-0000-4000-8000-000000000010',
      name: 'Nina Patel',
      email: 'nina@x.test',
      role: 'resident' as const,
      houseId: HOUSE_B204,
    };
    const start = makeHouseDetail();
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'houses.byId': () => start,
      'users.list': () => listOf([admin, newcomer]),
      'houses.addResident': () =>
        makeHouseDetail({
          residents: [
            { id: newcomer.id, name: newcomer.name, email: newcomer.email, phone: newcomer.phone },
          ],
        }),
    });
    const { user } = renderApp(`/houses/${start.id}`, { user: admin });

    expect(await screen.findByText('No residents yet')).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Resident' }));
    expect(await screen.findByText('User is required')).toBeInTheDocument();
    expect(callsTo(calls, 'houses.addResident')).toHaveLength(0);

    const picker = screen.getByLabelText('New resident');
    await user.selectOptions(
      picker,
      await screen.findByRole('option', { name: 'Nina Patel (nina@x.test) · now in B-204' }),
    );
    expect(screen.queryByText('User is required')).not.toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: 'Add Resident' }));

    const panel = screen.getByRole('tabpanel', { name: 'Residents' });
    expect(await within(panel).findByText('nina@x.test')).toBeInTheDocument();
    expect(callsTo(calls, 'houses.addResident')[0]?.input).toEqual({
      id: start.id,
      userId: newcomer.id,
    });
    expect(callsTo(calls, 'users.list')[0]?.input).toEqual({ limit: 100 });
    // Now a resident, Nina is no longer offered.
    await waitFor(() =>
      expect(within(picker).queryByRole('option', { name: /Nina Patel/ })).not.toBeInTheDocument(),
    );
  });

  it('removes a resident only after the confirmation, and shows a refusal', async () => {
    let refuse = false;
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'houses.byId': () => detail,
      'users.list': () => listOf([]),
      // docs/operations.md#dues-ledger: the house page shows the dues balance too.
      'houses.balance': () => ({ pending: 0, overdue: 0, paidThisYear: 0 }),
      'houses.removeResident': () => {
        if (refuse) throw trpcError(404, 'Resident not found');
        return { ...detail, residents: detail.residents.slice(1) };
      },
    });
    const { user } = renderApp(`/houses/${detail.id}`, { user: admin });

    const remove = await screen.findByRole('button', { name: 'Remove Priya Sharma' });
    await user.click(remove);
    expect(await answerConfirmation(user, false)).toBe('Remove Priya Sharma from house A-101?');
    expect(callsTo(calls, 'houses.removeResident')).toHaveLength(0);

    await user.click(remove);
    await answerConfirmation(user, true);
    await waitFor(() =>
      expect(screen.queryByRole('button', { name: 'Remove Priya Sharma' })).not.toBeInTheDocument(),
    );
    expect(callsTo(calls, 'houses.removeResident')[0]?.input).toEqual({
      id: detail.id,
      residentId: resident.id,
    });

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Remove Ravi Sharma' }));
    await answerConfirmation(user, true);
    expect(await screen.findByRole('alert')).toHaveTextContent('Resident not found');
  });
});
