/**
 * Pass codes (docs/gate.md#verifying-a-pass): besides its QR token every pass has a short code of
 * digits a
 * visitor without a smartphone can read out at the gate. Six digits, or eight once the
 * community has more than 100,000 open passes (so that a free code is still found at the
 * first or second draw). A code is unique among open passes (a partial unique index,
 * `visitor_invitation_open_pass_code_unique`) and is reused once its pass is final; so a
 * code finds only an open pass. Recurring passes (docs/operations.md#frequent-visitors,
 * services/passes.ts) have
 * 7-digit codes, a length invitations never use, so the two can never collide.
 */
import { randomInt, randomUUID } from 'node:crypto';

import { communityIdOf } from '@gatehouse/db';
import type { EntityManager } from '@gatehouse/db';
import { PASS_CODE_DIGITS, PASS_CODE_DIGITS_LARGE, PASS_CODE_LARGE_ABOVE_OPEN_PASSES } from '@gatehouse/shared';

import { VISITOR_ROW_JOINS, visitorRowColumns, type VisitorRow } from '../lib/serialize';
import { countVisitorsInStatuses, OPEN_STATUSES } from './visitor-state-machine';

/** `<column> in ('pending', 'approved', 'checked-in')`; on `status`, the predicate of the unique index. */
export const openStatusCondition = (column = 'status') =>
  `${column} in (${OPEN_STATUSES.map((status) => `'${status}'`).join(', ')})`;

/** A random code of `digits` digits, leading zeros kept (`004213`). */
export function newPassCode(digits: number): string {
  return String(randomInt(0, 10 ** digits)).padStart(digits, '0');
}

/** How many digits a new code gets: 8 when over 100,000 passes are open, else 6 (from the kept counts). */
export async function passCodeDigits(em: EntityManager): Promise<number> {
  const open = await countVisitorsInStatuses(em, OPEN_STATUSES);
  return open > PASS_CODE_LARGE_ABOVE_OPEN_PASSES ? PASS_CODE_DIGITS_LARGE : PASS_CODE_DIGITS;
}

/** The columns of a new visitor row (a pass is drawn for it here). */
export interface NewVisitorRow {
  name: string;
  phone: string;
  email: string | null;
  purpose: string | null;
  vehicleLicensePlate: string | null;
  houseId: string;
  /** Null for a walk-in (docs/gate.md#walk-ins). */
  hostId: string | null;
  visitDate: string;
  visitTimeFrom: string;
  visitTimeTo: string;
  status: 'approved' | 'pending';
  qrCodeToken: string;
  qrCodeDataUrl: string;
  now: Date;
  /** A walk-in, pending until this instant (docs/gate.md#walk-ins); an invitation when absent. */
  walkInDecideBy?: Date;
}

/** Draws before giving up; with at most 10 % of the codes taken, 12 failures in a row are about one in 10^12. */
const MAX_DRAWS = 12;

/**
 * Inserts a visitor with a free pass code and returns it as the gate path reads it (one
 * statement: the INSERT and the read of its house and host). A drawn code that an open
 * pass holds makes the INSERT do nothing (no error, so an enclosing transaction goes on),
 * and another code is drawn. Throws after MAX_DRAWS taken codes.
 */
export async function insertVisitorWithPassCode(em: EntityManager, row: NewVisitorRow): Promise<VisitorRow> {
  const digits = await passCodeDigits(em);
  for (let draw = 0; draw < MAX_DRAWS; draw += 1) {
    const id = randomUUID();
    const passCode = newPassCode(digits);
    const [inserted] = await em.execute<VisitorRow[]>(
      `with v as (insert into visitor_invitation (id, community_id, name, phone, email, purpose, vehicle_license_plate, house_id, host_id, visit_date,
         visit_time_from, visit_time_to, status, qr_code_token, qr_code_data_url, pass_code, created_at, updated_at, kind, decide_by)
       values (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
       on conflict (community_id, pass_code) where ${openStatusCondition()} do nothing
       returning *)
       select ${visitorRowColumns('v')} from v ${VISITOR_ROW_JOINS}`,
      [
        id,
        communityIdOf(em),
        row.name,
        row.phone,
        row.email,
        row.purpose,
        row.vehicleLicensePlate,
        row.houseId,
        row.hostId,
        row.visitDate,
        row.visitTimeFrom,
        row.visitTimeTo,
        row.status,
        row.qrCodeToken,
        row.qrCodeDataUrl,
        passCode,
        row.now,
        row.now,
        row.walkInDecideBy ? 'walk-in' : 'invitation',
        row.walkInDecideBy ?? null,
      ],
    );
    if (inserted) return inserted;
  }
  throw new Error(`No free ${digits}-digit pass code after ${MAX_DRAWS} draws`);
}
