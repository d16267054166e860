/** Users and visitors as the server sends them (server-contract §4, §6). */
import type { User, Visitor } from '@gatehouse/shared';

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
    check_in_time: null,
    check_out_time: null,
    notes: null,
    createdAt: '2026-11-01T10:00:00.000Z',
    ...overrides,
  };
}

/** A list page. */
export const page = (items: Visitor[]) => ({ items, total: items.length });
