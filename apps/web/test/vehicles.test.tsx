import { screen, waitFor, within } from '@testing-library/react';
import { describe, expect, it, vi } from 'vitest';

import {
  answerConfirmation,
  admin,
  guard,
  HOUSE_A101,
  HOUSE_B204,
  houseA101,
  houseB204,
  listOf,
  makeVehicle,
  resident,
} from './fixtures';
import { currentPath, renderApp } from './render-app';
import { callsTo, mockTrpc, trpcError } from './trpc-mock';

const own = makeVehicle({ licensePlate: 'KA 01 AB 1234', make: 'Toyota', model: 'Corolla' });
const neighbours = makeVehicle({
  licensePlate: 'MH 12 XY 9999',
  make: 'Honda',
  model: 'City',
  color: 'Blue',
  houseId: HOUSE_B204,
  ownerId: { id: 'aaaaaaaa-0000-4000-8000-000000000042', name: 'Omar Khan' },
});

const cardOf = (plate: string) =>
  screen.getByRole('heading', { name: plate }).closest('article') as HTMLElement;

describe('/vehicles (docs/product.md#screens-and-routes, docs/product.md#roles-and-what-they-see; docs/security.md#who-may-do-what)', () => {
  it('shows plate, make, model, color, house and owner, and Add Vehicle to a resident', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'vehicles.list': () => listOf([own]),
    });
    renderApp('/vehicles', { user: resident });

    expect(await screen.findByRole('heading', { name: 'KA 01 AB 1234' })).toBeInTheDocument();
    const card = cardOf('KA 01 AB 1234');
    expect(within(card).getByText('Toyota Corolla')).toBeInTheDocument();
    expect(within(card).getByText('Silver')).toBeInTheDocument();
    expect(within(card).getByRole('link', { name: 'A-101 · Block A' })).toHaveAttribute(
      'href',
      `/houses/${HOUSE_A101.id}`,
    );
    expect(within(card).getByText('Priya Sharma')).toBeInTheDocument();
    expect(callsTo(calls, 'vehicles.list')[0]?.input).toEqual({ limit: 50 });
    expect(screen.getByRole('link', { name: 'Add Vehicle' })).toHaveAttribute(
      'href',
      '/vehicles/add',
    );
    // The owner may delete their own vehicle.
    expect(
      within(card).getByRole('button', { name: 'Delete vehicle KA 01 AB 1234' }),
    ).toBeInTheDocument();
  });

  it('lets a resident delete only the vehicles they own', async () => {
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'vehicles.list': () => listOf([own, { ...neighbours, houseId: HOUSE_A101 }]),
    });
    renderApp('/vehicles', { user: resident });

    await screen.findByRole('heading', { name: 'MH 12 XY 9999' });
    expect(
      within(cardOf('MH 12 XY 9999')).queryByRole('button', { name: /Delete/ }),
    ).not.toBeInTheDocument();
    expect(
      within(cardOf('KA 01 AB 1234')).getByRole('button', { name: /Delete/ }),
    ).toBeInTheDocument();
  });

  it('gives a guard a read-only list: no Add Vehicle, no Delete', async () => {
    mockTrpc({
      'auth.me': () => ({ user: guard }),
      'vehicles.list': () => listOf([own, neighbours]),
    });
    renderApp('/vehicles', { user: guard });

    await screen.findByRole('heading', { name: 'MH 12 XY 9999' });
    expect(screen.queryByRole('link', { name: 'Add Vehicle' })).not.toBeInTheDocument();
    expect(screen.queryByRole('button', { name: /Delete/ })).not.toBeInTheDocument();
  });

  it('deletes after the confirmation (admin), and shows a refusal in the error box', async () => {
    let vehicles = [own, neighbours];
    let refuse = false;
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'vehicles.list': () => listOf(vehicles),
      'vehicles.delete': (input: { id: string }) => {
        if (refuse)
          throw trpcError(403, 'Only the owner of this vehicle or an admin can change it');
        vehicles = vehicles.filter((vehicle) => vehicle.id !== input.id);
        return { id: input.id };
      },
    });
    const { user } = renderApp('/vehicles', { user: admin });

    const remove = await screen.findByRole('button', { name: 'Delete vehicle MH 12 XY 9999' });
    await user.click(remove);
    expect(await answerConfirmation(user, false)).toBe(
      'Delete vehicle MH 12 XY 9999? This cannot be undone.',
    );
    expect(callsTo(calls, 'vehicles.delete')).toHaveLength(0);

    await user.click(remove);
    await answerConfirmation(user, true);
    await waitFor(() =>
      expect(screen.queryByRole('heading', { name: 'MH 12 XY 9999' })).not.toBeInTheDocument(),
    );
    expect(callsTo(calls, 'vehicles.delete')[0]?.input).toEqual({ id: neighbours.id });

    refuse = true;
    await user.click(screen.getByRole('button', { name: 'Delete vehicle KA 01 AB 1234' }));
    await answerConfirmation(user, true);
    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Only the owner of this vehicle or an admin can change it');
    expect(within(alert).getByRole('heading', { name: 'Error' })).toBeInTheDocument();
  });

  it('edits a vehicle in a dialog: the plate is upper-cased, the fields stay required', async () => {
    let vehicles = [own];
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'vehicles.list': () => listOf(vehicles),
      'vehicles.update': (input: any) => {
        vehicles = [{ ...own, ...input }];
        return vehicles[0];
      },
    });
    const { user } = renderApp('/vehicles', { user: resident });

    await user.click(await screen.findByRole('button', { name: 'Edit vehicle KA 01 AB 1234' }));
    const dialog = screen.getByRole('dialog', { name: 'Edit vehicle KA 01 AB 1234' });
    const plate = within(dialog).getByLabelText('License Plate');
    expect(plate).toHaveFocus();
    await user.clear(within(dialog).getByLabelText('Color'));
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));
    expect(await within(dialog).findByText('Color is required')).toBeInTheDocument();
    expect(callsTo(calls, 'vehicles.update')).toHaveLength(0);

    await user.type(within(dialog).getByLabelText('Color'), 'Red');
    await user.clear(plate);
    await user.type(plate, 'ka 01 ab 9');
    expect(plate).toHaveValue('KA 01 AB 9');
    await user.click(within(dialog).getByRole('button', { name: 'Save Changes' }));

    await waitFor(() => expect(screen.queryByRole('dialog')).not.toBeInTheDocument());
    expect(callsTo(calls, 'vehicles.update')[0]?.input).toEqual({
      id: own.id,
      licensePlate: 'KA 01 AB 9',
      make: 'Toyota',
      model: 'Corolla',
      color: 'Red',
    });
    expect(await screen.findByRole('heading', { name: 'KA 01 AB 9' })).toBeInTheDocument();
    expect(await screen.findByText('Vehicle KA 01 AB 9 saved')).toBeInTheDocument();
  });

  it('shows an empty state', async () => {
    mockTrpc({ 'auth.me': () => ({ user: resident }), 'vehicles.list': () => listOf([]) });
    renderApp('/vehicles', { user: resident });

    expect(await screen.findByText('No vehicles found')).toBeInTheDocument();
    expect(screen.getByText('Add your first vehicle so the gate knows it.')).toBeInTheDocument();
  });

  it('shows a failed load in the error box, with Retry', async () => {
    let fail = true;
    mockTrpc({
      'auth.me': () => ({ user: resident }),
      'vehicles.list': () => {
        if (fail) throw trpcError(500, 'Internal server error');
        return listOf([own]);
      },
    });
    const { user } = renderApp('/vehicles', { user: resident });

    expect(await screen.findByRole('alert')).toHaveTextContent('Internal server error');
    fail = false;
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'KA 01 AB 1234' })).toBeInTheDocument();
  });
});

describe('/vehicles/add (docs/product.md#forms-and-their-messages, docs/api.md#the-rest-paths, docs/product.md#how-the-app-shows-errors)', () => {
  it('requires plate, make, model, color and house, with the documented words', async () => {
    const calls = mockTrpc({
      'auth.me': () => ({ user: admin }),
      'houses.list': () => listOf([houseA101, houseB204]),
    });
    const { user } = renderApp('/vehicles/add', { user: admin });

    await screen.findByRole('option', { name: 'B-204 · Block B' });
    expect(callsTo(calls, 'houses.list')[0]?.input).toEqual({ limit: 100 });
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));

    expect(await screen.findByText('License plate is required')).toBeInTheDocument();
    expect(screen.getByText('Make is required')).toBeInTheDocument();
    expect(screen.getByText('Model is required')).toBeInTheDocument();
    expect(screen.getByText('Color is required')).toBeInTheDocument();
    expect(screen.getByText('Please select a house')).toBeInTheDocument();
    expect(callsTo(calls, 'vehicles.create')).toHaveLength(0);

    // Editing a field clears its error.
    await user.type(screen.getByLabelText('Make'), 'T');
    expect(screen.queryByText('Make is required')).not.toBeInTheDocument();
  });

  it('upper-cases the plate as typed, preselects the resident’s house and sends them as owner', async () => {
    const created = makeVehicle({ licensePlate: 'KA 09 ZZ 4321' });
    const calls = mockTrpc({
      'auth.me': () => ({ user: resident }),
      'vehicles.create': () => created,
      'vehicles.list': () => listOf([created]),
    });
    const { user } = renderApp('/vehicles/add', { user: resident });

    const plate = await screen.findByLabelText('License Plate');
    await user.type(plate, 'ka 09 zz 4321');
    expect(plate).toHaveValue('KA 09 ZZ 4321');
    expect(screen.getByLabelText('House')).toHaveValue(HOUSE_A101.id);
    await user.type(screen.getByLabelText('Make'), 'Toyota');
    await user.type(screen.getByLabelText('Model'), 'Corolla');
    await user.type(screen.getByLabelText('Color'), 'Silver');
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));

    expect(await screen.findByRole('heading', { level: 1, name: 'Vehicles' })).toBeVisible();
    expect(currentPath()).toBe('/vehicles');
    expect(callsTo(calls, 'houses.list')).toHaveLength(0);
    expect(callsTo(calls, 'vehicles.create')[0]?.input).toEqual({
      licensePlate: 'KA 09 ZZ 4321',
      make: 'Toyota',
      model: 'Corolla',
      color: 'Silver',
      houseId: HOUSE_A101.id,
      ownerId: resident.id,
    });
  });

  it('keeps the user on the form and shows a failed add in the error box', async () => {
    const logged = vi.spyOn(console, 'error').mockImplementation(() => {});
    mockTrpc({
      'auth.me': () => ({ user: admin }),
      'houses.list': () => listOf([houseA101, houseB204]),
      'vehicles.create': () => {
        throw trpcError(409, 'License plate KA 01 AB 1234 is already registered');
      },
    });
    const { user } = renderApp('/vehicles/add', { user: admin });

    const house = await screen.findByRole('option', { name: 'B-204 · Block B' });
    await user.selectOptions(screen.getByLabelText('House'), house);
    await user.type(screen.getByLabelText('License Plate'), 'KA 01 AB 1234');
    await user.type(screen.getByLabelText('Make'), 'Toyota');
    await user.type(screen.getByLabelText('Model'), 'Corolla');
    await user.type(screen.getByLabelText('Color'), 'Silver');
    await user.click(screen.getByRole('button', { name: 'Add Vehicle' }));

    const alert = await screen.findByRole('alert');
    expect(alert).toHaveTextContent('Error');
    expect(alert).toHaveTextContent('License plate KA 01 AB 1234 is already registered');
    expect(currentPath()).toBe('/vehicles/add');
    expect(screen.getByLabelText('Make')).toHaveValue('Toyota');
    expect(logged).toHaveBeenCalled();
  });

  it('sends a guard to /dashboard, and on to the gate screen (a guard’s home)', async () => {
    mockTrpc({ 'auth.me': () => ({ user: guard }), 'visitors.listSummaries': () => listOf([]) });
    renderApp('/vehicles/add', { user: guard });

    expect(await screen.findByRole('heading', { level: 1, name: 'Active Visitors' })).toBeVisible();
    expect(currentPath()).toBe('/guard');
  });
});
