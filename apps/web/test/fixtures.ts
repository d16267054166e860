/**
 * Users and visitors as the server sends them (docs/api.md#sign-in-sessions-and-users,
 * docs/api.md#visitors-and-their-statuses).
 */
import type { House, HouseDetail, Payment, User, Vehicle, Visitor } from '@gatehouse/shared';

export const HOUSE_A101 = {
  id: '11111111-1111-4111-8111-111111111111',
  houseNumber: 'A-101',
  block: 'A',
};

export const resident: User = {
  id: 'aaaaaaaa-0000-4000-8000-000000000001',
  name: 'Priya Sharma',
  email: 'priya@gatehouse.test',
  phone: '+15550100101',
  role: 'resident',
  houseId: HOUSE_A101,
  isActive: true,
  createdAt: '2026-01-01T00:00:00.000Z',
};

export const guard: User = {
  ...resident,
  id: 'aaaaaaaa-0000-4000-8000-000000000002',
  name: 'Gary Guard',
  email: 'guard@gatehouse.test',
  role: 'guard',
  houseId: null,
};

export const admin: User = {
  ...resident,
  id: 'aaaaaaaa-0000-4000-8000-000000000003',
  name: 'Ada Admin',
  email: 'admin@gatehouse.test',
  role: 'admin',
  houseId: null,
};

export const PASS_TOKEN = 'AbCdEfGh1234567890middlepartXYZ-tail9876zyxw';

let counter = 0;

/** A visitor; override any field. */
export function makeVisitor(overrides: Partial<Visitor> = {}): Visitor {
  counter += 1;
  return {
    id: `bbbbbbbb-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    name: 'Jane Doe',
    phone: '+15550100200',
    email: null,
    purpose: null,
    vehicleLicensePlate: null,
    houseId: HOUSE_A101,
    hostId: { id: resident.id, name: resident.name },
    visitDate: '2026-11-22',
    visitTimeFrom: '09:00',
    visitTimeTo: '17:00',
    status: 'approved',
    qrCodeDataUrl: 'data:image/png;base64,iVBORw0KGgo=',
    qrCodeToken: PASS_TOKEN,
    passCode: '048213',
    check_in_time: null,
    check_out_time: null,
    notes: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    kind: 'invitation',
    hasPhoto: false,
    decidedBy: null,
    decidedAt: null,
    decisionReason: null,
    anonymisedAt: null,
    checkInGate: null,
    checkOutGate: null,
    ...overrides,
  };
}

/** A list page. */
export const page = (items: Visitor[]) => ({ items, total: items.length });

/**
 * Houses, vehicles and payments as the server sends them (docs/api.md#objects,
 * docs/api.md#payments).
 */
export const houseA101: House = {
  ...HOUSE_A101,
  street: 'Maple Avenue',
  owner: { id: resident.id, name: resident.name },
  createdAt: '2026-01-01T00:00:00.000Z',
};

export const HOUSE_B204 = {
  id: '22222222-2222-4222-8222-222222222222',
  houseNumber: 'B-204',
  block: 'B',
};

export const houseB204: House = {
  ...HOUSE_B204,
  street: 'Oak Lane',
  owner: null,
  createdAt: '2026-01-02T00:00:00.000Z',
};

/** A house detail; override any field. */
export function makeHouseDetail(overrides: Partial<HouseDetail> = {}): HouseDetail {
  return { ...houseA101, residents: [], vehicles: [], ...overrides };
}

/** A vehicle of A-101 owned by the resident; override any field. */
export function makeVehicle(overrides: Partial<Vehicle> = {}): Vehicle {
  counter += 1;
  return {
    id: `cccccccc-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    licensePlate: 'KA 01 AB 1234',
    make: 'Toyota',
    model: 'Corolla',
    color: 'Silver',
    houseId: HOUSE_A101,
    ownerId: { id: resident.id, name: resident.name },
    createdAt: '2026-02-01T00:00:00.000Z',
    ...overrides,
  };
}

/** A pending maintenance payment of A-101; override any field. */
export function makePayment(overrides: Partial<Payment> = {}): Payment {
  counter += 1;
  return {
    id: `dddddddd-0000-4000-8000-${String(counter).padStart(12, '0')}`,
    houseId: HOUSE_A101,
    amount: 120,
    type: 'maintenance',
    description: 'March maintenance',
    status: 'pending',
    dueDate: '2026-03-31',
    paidAt: null,
    method: null,
    reference: null,
    overdue: false,
    created_at: '2026-03-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A list answer `{items, total}` of anything. */
export const listOf = <T>(items: T[]) => ({ items, total: items.length });

/**
 * Answers the app's open confirmation dialog (components/ConfirmDialog): confirms it or
 * dismisses it, and returns its question for the test to check.
 */
export async function answerConfirmation(
  user: { click: (element: Element) => Promise<void> },
  accept: boolean,
): Promise<string> {
  const { screen, within } = await import('@testing-library/react');
  const dialog = await screen.findByRole('dialog');
  const question = dialog.querySelector('p')?.textContent ?? '';
  const [safe, action] = within(dialog)
    .getAllByRole('button')
    .filter((button) => button.getAttribute('aria-label') !== 'Close');
  await user.click((accept ? action : safe)!);
  return question;
}
