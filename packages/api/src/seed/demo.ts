/**
 * The demo community (docs/configuration.md#environment-variables, SEED_DEMO): two blocks, a dozen
 * houses, an
 * admin, a guard, residents with houses, invitations in every status (one valid all
 * of today), vehicles and payments. Seeded only into an empty database.
 */
import { House, Payment, User, Vehicle, VisitorInvitation, type EntityManager } from '@gatehouse/db';
import { PASS_CODE_DIGITS, type Role, type VisitorStatus } from '@gatehouse/shared';
import { addDays, format, parse } from 'date-fns';

import { communityDate, communityInstant } from '../lib/time';
import { hashPassword } from '../services/auth';
import { newPassCode } from '../services/pass-codes';
import { newPassToken, passQrDataUrl } from '../services/visitors';

/** The password of every demo account. */
export const DEMO_PASSWORD = 'gatehouse123';

/** The demo sign-ins, printed at start. */
export const DEMO_ACCOUNTS: ReadonlyArray<{ role: Role; name: string; email: string; house?: string }> = [
  { role: 'admin', name: 'Alex Morgan', email: 'admin@gatehouse.test' },
  { role: 'guard', name: 'Sam Rivera', email: 'guard@gatehouse.test' },
  { role: 'resident', name: 'Priya Shah', email: 'priya@gatehouse.test', house: 'A-101' },
  { role: 'resident', name: 'Daniel Okafor', email: 'daniel@gatehouse.test', house: 'A-102' },
  { role: 'resident', name: 'Mei Lin', email: 'mei@gatehouse.test', house: 'A-104' },
  { role: 'resident', name: 'Carlos Mendes', email: 'carlos@gatehouse.test', house: 'B-201' },
  { role: 'resident', name: 'Hannah Becker', email: 'hannah@gatehouse.test', house: 'B-203' },
  { role: 'resident', name: 'Tom Becker', email: 'tom@gatehouse.test', house: 'B-203' },
];

const HOUSES = [
  ...['101', '102', '103', '104', '105', '106'].map((houseNumber) => ({ houseNumber, block: 'A', street: 'Maple Avenue' })),
  ...['201', '202', '203', '204', '205', '206'].map((houseNumber) => ({ houseNumber, block: 'B', street: 'Cedar Lane' })),
];

/** Whether the database holds no user yet (the only case in which the demo is seeded). */
export async function isDatabaseEmpty(em: EntityManager): Promise<boolean> {
  return (await em.count(User, {})) === 0;
}

/** Whether the demo accounts are present (to print their sign-ins on later starts). */
export async function hasDemoAccounts(em: EntityManager): Promise<boolean> {
  return (await em.count(User, { email: DEMO_ACCOUNTS[0]!.email })) > 0;
}

/**
 * Seeds the demo community into an empty database in one transaction. Dates are relative
 * to today in `timeZone`, so that the community looks alive whenever it is seeded.
 */
export async function seedDemoCommunity(em: EntityManager, now: Date, timeZone: string): Promise<void> {
  const today = communityDate(now, timeZone);
  const day = (offset: number) => format(addDays(parse(today, 'yyyy-MM-dd', new Date()), offset), 'yyyy-MM-dd');
  const passwordHash = await hashPassword(DEMO_PASSWORD);

  await em.transactional(async (tx) => {
    const houses = new Map<string, House>();
    for (const spec of HOUSES) {
      houses.set(`${spec.block}-${spec.houseNumber}`, tx.create(House, { ...spec, owner: null }));
    }
    const users = new Map<string, User>();
    for (const account of DEMO_ACCOUNTS) {
      users.set(
        account.email,
        tx.create(User, {
          name: account.name,
          email: account.email,
          phone: `+1555010${String(users.size).padStart(4, '0')}`,
          role: account.role,
          passwordHash,
          house: account.house ? houses.get(account.house)! : null,
          isActive: true,
          // The demo's admin is the fresh deployment's first account: its operator (docs/api.md#operators).
          isOperator: account.role === 'admin',
        }),
      );
    }
    const user = (email: string) => users.get(email)!;
    const house = (key: string) => houses.get(key)!;
    house('A-101').owner = user('priya@gatehouse.test');
    house('A-102').owner = user('daniel@gatehouse.test');
    house('A-104').owner = user('mei@gatehouse.test');
    house('B-201').owner = user('carlos@gatehouse.test');
    house('B-203').owner = user('hannah@gatehouse.test');

    const guard = user('guard@gatehouse.test');
    const invitations: Array<{
      name: string;
      phone: string;
      purpose?: string;
      plate?: string;
      host: string;
      house: string;
      date: string;
      from: string;
      to: string;
      status: VisitorStatus;
      checkIn?: boolean;
      checkOut?: boolean;
    }> = [
      { name: 'Jordan Lee', phone: '+15550101010', purpose: 'Family visit', plate: 'KJH 4821', host: 'priya@gatehouse.test', house: 'A-101', date: today, from: '00:00', to: '23:59', status: 'approved' },
      { name: 'Nina Patel', phone: '+15550101011', purpose: 'Dinner', host: 'priya@gatehouse.test', house: 'A-101', date: day(1), from: '18:00', to: '22:00', status: 'approved' },
      { name: 'Leo Fischer', phone: '+15550101012', purpose: 'Plumbing repair', plate: 'PLM 300', host: 'daniel@gatehouse.test', house: 'A-102', date: today, from: '00:00', to: '23:59', status: 'checked-in', checkIn: true },
      { name: 'Grace Kim', phone: '+15550101013', purpose: 'Tutoring', host: 'mei@gatehouse.test', house: 'A-104', date: day(-1), from: '15:00', to: '17:00', status: 'checked-out', checkIn: true, checkOut: true },
      { name: 'Omar Haddad', phone: '+15550101014', purpose: 'Delivery', host: 'carlos@gatehouse.test', house: 'B-201', date: day(-3), from: '10:00', to: '12:00', status: 'expired' },
      { name: 'Sofia Rossi', phone: '+15550101015', purpose: 'Birthday party', host: 'hannah@gatehouse.test', house: 'B-203', date: day(2), from: '16:00', to: '20:00', status: 'cancelled' },
      { name: 'Ethan Brooks', phone: '+15550101016', purpose: 'Walk-in: parcel pickup', host: 'tom@gatehouse.test', house: 'B-203', date: day(1), from: '09:00', to: '11:00', status: 'pending' },
      { name: 'Ivan Petrov', phone: '+15550101017', purpose: 'Walk-in: sales visit', host: 'carlos@gatehouse.test', house: 'B-201', date: day(1), from: '13:00', to: '14:00', status: 'rejected' },
      { name: 'Ama Mensah', phone: '+15550101018', purpose: 'Cleaning', host: 'mei@gatehouse.test', house: 'A-104', date: day(3), from: '08:00', to: '12:00', status: 'approved' },
    ];
    const passCodes = new Set<string>();
    for (const invitation of invitations) {
      const token = newPassToken();
      let passCode = newPassCode(PASS_CODE_DIGITS);
      while (passCodes.has(passCode)) passCode = newPassCode(PASS_CODE_DIGITS);
      passCodes.add(passCode);
      const from = communityInstant(invitation.date, invitation.from, timeZone);
      tx.create(VisitorInvitation, {
        name: invitation.name,
        phone: invitation.phone,
        email: null,
        purpose: invitation.purpose ?? null,
        vehicleLicensePlate: invitation.plate ?? null,
        house: house(invitation.house),
        host: user(invitation.host),
        visitDate: invitation.date,
        visitTimeFrom: invitation.from,
        visitTimeTo: invitation.to,
        status: invitation.status,
        qrCodeToken: token,
        qrCodeDataUrl: await passQrDataUrl(token),
        passCode,
        checkInTime: invitation.checkIn ? new Date(Math.min(now.getTime(), from.getTime() + 30 * 60_000)) : null,
        checkOutTime: invitation.checkOut ? new Date(from.getTime() + 90 * 60_000) : null,
        checkedInBy: invitation.checkIn ? guard : null,
        checkedOutBy: invitation.checkOut ? guard : null,
        notes: invitation.checkIn ? 'ID checked at the gate' : null,
      });
    }

    const vehicles = [
      { licensePlate: 'ABC 1234', make: 'Toyota', model: 'Corolla', color: 'White', house: 'A-101', owner: 'priya@gatehouse.test' },
      { licensePlate: 'XYZ 9876', make: 'Honda', model: 'CR-V', color: 'Blue', house: 'A-102', owner: 'daniel@gatehouse.test' },
      { licensePlate: 'MEI 2024', make: 'Tesla', model: 'Model 3', color: 'Red', house: 'A-104', owner: 'mei@gatehouse.test' },
      { licensePlate: 'CRL 5500', make: 'Ford', model: 'Ranger', color: 'Gray', house: 'B-201', owner: 'carlos@gatehouse.test' },
      { licensePlate: 'HBK 7711', make: 'Volkswagen', model: 'Golf', color: 'Black', house: 'B-203', owner: 'hannah@gatehouse.test' },
    ];
    for (const vehicle of vehicles) {
      tx.create(Vehicle, { ...vehicle, house: house(vehicle.house), owner: user(vehicle.owner) });
    }

    const payments = [
      { house: 'A-101', amountCents: 15_000, type: 'maintenance', status: 'completed', dueDate: day(-20), paidAt: true, method: 'bank-transfer', reference: 'TRX-40817' },
      { house: 'A-101', amountCents: 15_000, type: 'maintenance', status: 'pending', dueDate: day(10) },
      // docs/operations.md#dues-ledger: a pending due past its date shows as overdue.
      { house: 'A-103', amountCents: 15_000, type: 'maintenance', status: 'pending', dueDate: day(-3), description: 'Maintenance, last month' },
      { house: 'A-102', amountCents: 4_550, type: 'amenity', status: 'pending', dueDate: day(5), description: 'Clubhouse booking' },
      { house: 'B-201', amountCents: 2_500, type: 'fine', status: 'failed', dueDate: day(-5), description: 'Late garbage bins' },
      { house: 'B-203', amountCents: 15_000, type: 'maintenance', status: 'completed', dueDate: day(-20), paidAt: true, method: 'cheque', reference: 'CHQ 000231' },
      { house: 'A-104', amountCents: 1_000, type: 'other', status: 'pending', description: 'Replacement gate remote' },
    ] as const;
    for (const payment of payments) {
      tx.create(Payment, {
        house: house(payment.house),
        amountCents: payment.amountCents,
        type: payment.type,
        status: payment.status,
        description: 'description' in payment ? payment.description : null,
        dueDate: 'dueDate' in payment ? payment.dueDate : null,
        paidAt: 'paidAt' in payment ? addDays(now, -18) : null,
        // docs/operations.md#dues-ledger: a completed payment records how it was paid.
        method: 'method' in payment ? payment.method : null,
        reference: 'reference' in payment ? payment.reference : null,
      });
    }
  });
}
