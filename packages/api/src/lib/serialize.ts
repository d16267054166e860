/**
 * Entity → JSON, in the shapes of docs/api.md#objects and docs/api.md#sign-in-sessions-and-users,
 * docs/api.md#visitors-and-their-statuses.
 * Relations used here must be loaded by the caller.
 */
import type { House, User, VisitorInvitation } from '@gatehouse/db';
import type { HouseRef, User as UserJson, Visitor as VisitorJson, VisitorSummary as VisitorSummaryJson } from '@gatehouse/shared';

/** `{id, houseNumber, block}` of a loaded house. */
export function houseRef(house: House): HouseRef {
  return { id: house.id, houseNumber: house.houseNumber, block: house.block };
}

/** The id of the house a loaded user lives in, or null (a user lives in at most one house). */
export function houseIdOf(user: User): string | null {
  return (user.house)?.id ?? null;
}

/** User JSON: never the password hash. */
export function serializeUser(user: User): UserJson {
  const house = user.house;
  return {
    id: user.id,
    name: user.name,
    email: user.email,
    phone: user.phone,
    role: user.role,
    houseId: house ? houseRef(house) : null,
    isActive: user.isActive,
    createdAt: user.createdAt.toISOString(),
  };
}

/**
 * Visitor JSON (docs/api.md#visitors-and-their-statuses, docs/gate.md#walk-ins,
 * docs/operations.md#gates); `house`, `host`, `decidedBy`, `checkInGate` and `checkOutGate` must be
 * loaded.
 */
export function serializeVisitor(visitor: VisitorInvitation): VisitorJson {
  const house = visitor.house;
  const host = visitor.host as User | null;
  const decider = visitor.decidedBy;
  const checkInGate = visitor.checkInGate;
  const checkOutGate = visitor.checkOutGate;
  return {
    id: visitor.id,
    name: visitor.name,
    // An anonymised visitor's phone is stored as '' (docs/privacy.md#retention-and-erasure) and
    // shown as none.
    phone: visitor.phone || null,
    email: visitor.email ?? null,
    purpose: visitor.purpose ?? null,
    vehicleLicensePlate: visitor.vehicleLicensePlate ?? null,
    houseId: houseRef(house),
    hostId: host ? { id: host.id, name: host.name } : null,
    visitDate: visitor.visitDate,
    visitTimeFrom: visitor.visitTimeFrom,
    visitTimeTo: visitor.visitTimeTo,
    status: visitor.status,
    qrCodeDataUrl: visitor.qrCodeDataUrl,
    qrCodeToken: visitor.qrCodeToken,
    passCode: visitor.passCode,
    check_in_time: visitor.checkInTime ? visitor.checkInTime.toISOString() : null,
    check_out_time: visitor.checkOutTime ? visitor.checkOutTime.toISOString() : null,
    notes: visitor.notes ?? null,
    createdAt: visitor.createdAt.toISOString(),
    kind: visitor.kind,
    hasPhoto: visitor.hasPhoto,
    decidedBy: decider ? { id: decider.id, name: decider.name } : null,
    decidedAt: visitor.decidedAt ? visitor.decidedAt.toISOString() : null,
    decisionReason: visitor.decisionReason ?? null,
    anonymisedAt: visitor.anonymisedAt ? visitor.anonymisedAt.toISOString() : null,
    checkInGate: checkInGate ? { id: checkInGate.id, name: checkInGate.name } : null,
    checkOutGate: checkOutGate ? { id: checkOutGate.id, name: checkOutGate.name } : null,
  };
}

/**
 * Escapes `%`, `_` and `\` so that a search text matches literally in ILIKE
 * (docs/api.md#input-limits).
 */
export function likePattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}

/**
 * A visitor as the gate path reads it with one SQL statement (`VISITOR_ROW_COLUMNS` over
 * `visitor_invitation v join house h join app_user hu`): no entity, no identity map.
 */
export interface VisitorRow {
  id: string;
  name: string;
  phone: string;
  email: string | null;
  purpose: string | null;
  vehicle_license_plate: string | null;
  house_id: string;
  house_number: string;
  block: string;
  /** Null for a walk-in until a resident decides. */
  host_id: string | null;
  host_name: string | null;
  visit_date: string;
  visit_time_from: string;
  visit_time_to: string;
  status: VisitorJson['status'];
  qr_code_token: string;
  qr_code_data_url: string;
  pass_code: string;
  check_in_time: string | Date | null;
  check_out_time: string | Date | null;
  notes: string | null;
  created_at: string | Date;
  kind: VisitorJson['kind'];
  has_photo: boolean;
  decided_by_id: string | null;
  decider_name: string | null;
  decided_at: string | Date | null;
  decision_reason: string | null;
  anonymised_at: string | Date | null;
  /**
   * docs/operations.md#gates: the gates of the check-in and check-out (`cig`, `cog`), full rows
   * only.
   */
  check_in_gate_id: string | null;
  check_in_gate_name: string | null;
  check_out_gate_id: string | null;
  check_out_gate_name: string | null;
}

/** What a summary leaves out: the pass, and a walk-in's decision. */
const FULL_ONLY_COLUMNS = ['qr_code_token', 'qr_code_data_url', 'pass_code', 'decided_by_id', 'decided_at', 'decision_reason', 'check_in_gate_id', 'check_out_gate_id'];

/**
 * The joins a visitor summary reads through, after a visitor source aliased `v`: its house
 * `h`, its host `hu` (none for an undecided walk-in) and who decided a walk-in `du`.
 */
export const VISITOR_SUMMARY_JOINS =
  'join house h on h.id = v.house_id left join app_user hu on hu.id = v.host_id left join app_user du on du.id = v.decided_by_id';

/**
 * The joins a full `VisitorRow` reads through: the summary's, and the gates of its
 * check-in `cig` and check-out `cog` (docs/operations.md#gates).
 */
export const VISITOR_ROW_JOINS = `${VISITOR_SUMMARY_JOINS} left join gate cig on cig.id = v.check_in_gate_id left join gate cog on cog.id = v.check_out_gate_id`;

/** The columns of a `VisitorRow`, from `visitor_invitation` aliased `alias`, `house h` and the host `app_user hu`. */
export const visitorRowColumns = (alias: string) => rowColumns(alias, true);

/** The columns of a visitor summary: a `VisitorRow` without the pass (token, QR image and code) and the decision. */
export const visitorSummaryColumns = (alias: string) => rowColumns(alias, false);

const rowColumns = (alias: string, withPass: boolean) =>
  [
    'id',
    'name',
    'phone',
    'email',
    'purpose',
    'vehicle_license_plate',
    'house_id',
    'host_id',
    'visit_date',
    'visit_time_from',
    'visit_time_to',
    'status',
    'qr_code_token',
    'qr_code_data_url',
    'pass_code',
    'check_in_time',
    'check_out_time',
    'notes',
    'created_at',
    'kind',
    'has_photo',
    'decided_by_id',
    'decided_at',
    'decision_reason',
    'anonymised_at',
    'check_in_gate_id',
    'check_out_gate_id',
  ]
    .filter((column) => withPass || !FULL_ONLY_COLUMNS.includes(column))
    .map((column) => `${alias}.${column}`)
    .concat(
      ['h.house_number', 'h.block', 'hu.name as host_name'],
      withPass ? ['du.name as decider_name', 'cig.name as check_in_gate_name', 'cog.name as check_out_gate_name'] : [],
    )
    .join(', ');

/** A `timestamptz` as the drivers hand it over raw (`2026-11-22 14:00:00.123+00`), as an ISO instant. */
export function isoInstant(value: string | Date): string {
  if (value instanceof Date) return value.toISOString();
  return new Date(value.replace(' ', 'T').replace(/([+-]\d\d)$/, '$1:00')).toISOString();
}

/** Visitor JSON from a `VisitorRow`: the same object, key for key, as `serializeVisitor`. */
export function serializeVisitorRow(row: VisitorRow): VisitorJson {
  return {
    id: row.id,
    name: row.name,
    phone: row.phone || null,
    email: row.email ?? null,
    purpose: row.purpose ?? null,
    vehicleLicensePlate: row.vehicle_license_plate ?? null,
    houseId: { id: row.house_id, houseNumber: row.house_number, block: row.block },
    hostId: row.host_id ? { id: row.host_id, name: row.host_name ?? '' } : null,
    visitDate: typeof row.visit_date === 'string' ? row.visit_date.slice(0, 10) : isoInstant(row.visit_date).slice(0, 10),
    visitTimeFrom: row.visit_time_from,
    visitTimeTo: row.visit_time_to,
    status: row.status,
    qrCodeDataUrl: row.qr_code_data_url,
    qrCodeToken: row.qr_code_token,
    passCode: row.pass_code,
    check_in_time: row.check_in_time ? isoInstant(row.check_in_time) : null,
    check_out_time: row.check_out_time ? isoInstant(row.check_out_time) : null,
    notes: row.notes ?? null,
    createdAt: isoInstant(row.created_at),
    kind: row.kind,
    hasPhoto: row.has_photo,
    decidedBy: row.decided_by_id ? { id: row.decided_by_id, name: row.decider_name ?? '' } : null,
    decidedAt: row.decided_at ? isoInstant(row.decided_at) : null,
    decisionReason: row.decision_reason ?? null,
    anonymisedAt: row.anonymised_at ? isoInstant(row.anonymised_at) : null,
    checkInGate: row.check_in_gate_id ? { id: row.check_in_gate_id, name: row.check_in_gate_name ?? '' } : null,
    checkOutGate: row.check_out_gate_id ? { id: row.check_out_gate_id, name: row.check_out_gate_name ?? '' } : null,
  };
}

/** A visitor summary (the web app's lists) from a row read with `visitorSummaryColumns`. */
export function serializeVisitorSummaryRow(
  row: Omit<
    VisitorRow,
    | 'qr_code_token'
    | 'qr_code_data_url'
    | 'pass_code'
    | 'decided_by_id'
    | 'decider_name'
    | 'decided_at'
    | 'decision_reason'
    | 'check_in_gate_id'
    | 'check_in_gate_name'
    | 'check_out_gate_id'
    | 'check_out_gate_name'
  >,
): VisitorSummaryJson {
  const {
    qrCodeDataUrl: _image,
    qrCodeToken: _token,
    passCode: _code,
    decidedBy: _decidedBy,
    decidedAt: _decidedAt,
    decisionReason: _reason,
    checkInGate: _checkInGate,
    checkOutGate: _checkOutGate,
    ...summary
  } = serializeVisitorRow({
    ...row,
    qr_code_token: '',
    qr_code_data_url: '',
    pass_code: '',
    decided_by_id: null,
    decider_name: null,
    decided_at: null,
    decision_reason: null,
    check_in_gate_id: null,
    check_in_gate_name: null,
    check_out_gate_id: null,
    check_out_gate_name: null,
  });
  return summary;
}
