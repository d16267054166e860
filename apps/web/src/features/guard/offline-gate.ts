/**
 * Verifying a pass and recording a move when the server cannot be reached
 * (docs/gate.md#the-gate-pack, docs/gate.md#recording-moves-offline): the token or code is hashed
 * on the device as the pack holds it (a token with SHA-256;
 * a code with PBKDF2, the pack's salt and iterations: one derivation of tens of milliseconds
 * per typed code, so that the pack does not give its codes back in seconds) and looked up
 * in the gate pack; what the tablet queued since the last sync counts too (a visitor
 * checked in offline can be checked out offline). Used by the scan screen and the quick scan.
 *
 * Recurring passes (docs/operations.md#frequent-visitors) are in the pack too (`kind: "recurring"`,
 * by the pass's
 * id and 7-digit code, its date the listed day it may enter next, its window the daily one):
 * found offline they show and move like a visitor, the move replayed as the check-in or
 * check-out of that id; checked out, a pass may come in again while its window allows.
 */
import {
  GATE_CODE_HASH_ALGORITHM,
  GATE_CODE_HASH_BYTES,
  passCodeOf,
  recurringPassCodeOf,
  type Blocklisted,
  type GatePackCodeHash,
  type GatePackItem,
  type Visitor,
  type VisitorStatus,
} from '@gatehouse/shared';

import { formatDate, formatTime } from '../../lib/format';
import { readInside, readPack, readQueue, readSettings, type QueuedMove } from '../../lib/gate-store';
import { i18n, params } from '../../lib/i18n';
import { browserTimeZone, inZone, zonedInstant, zoneSuffix } from '../../lib/time-zone';
import type { GateMove } from './gate-messages';

const messages = i18n('offline-gate', {
  verifiedOffline: params('Verified offline — last synced {time}'),
  unknownPass: params('Pass refused offline: it is not among the passes this tablet last synced at {time}.'),
  outsideWindow: params('This invitation is valid on {date} from {from} to {to}'),
  passOutsideWindow: params('This recurring pass is valid on {date} from {from} to {to}'),
  checkedInSaved: 'Visitor checked in — saved on this tablet',
  checkedOutSaved: 'Visitor checked out — saved on this tablet',
  savedOnTablet: 'Saved on this tablet: sent when the connection returns.',
  checkedInOffline: params('{name} checked in: house {house}.'),
});

/** What the gate screens show of a pass: a full visitor online, the pack's fields offline. */
export type GateVisitor = Pick<Visitor, 'id' | 'name' | 'status' | 'visitDate' | 'visitTimeFrom' | 'visitTimeTo' | 'vehicleLicensePlate'> & {
  houseId: Pick<Visitor['houseId'], 'houseNumber' | 'block'>;
} & Partial<Pick<Visitor, 'phone' | 'purpose' | 'hostId'>> & {
  /**
   * docs/operations.md#blocklist: the scan's blocklist match (the reason only); the pack has none.
   */
  blocklisted?: Blocklisted;
  /** What the pass is; `recurring` only from the pack (online a recurring pass has its own card). */
  kind?: GatePackItem['kind'];
  /** When someone inside came in (ISO), where known: online the visitor's, offline the device's copy or queue. */
  check_in_time?: string | null;
};

/** How an offline verification was made: when the pack was synced, in which zone to say it. */
export interface OfflineBasis {
  syncedAt: number;
  timeZone: string;
}

export type OfflineVerification =
  /** No pack on this device: nothing can be verified offline. */
  | { kind: 'no-pack' }
  | { kind: 'unknown'; basis: OfflineBasis }
  /** Found; `refusal` says why it cannot enter now (outside its window), else null. */
  | { kind: 'found'; visitor: GateVisitor; basis: OfflineBasis; refusal: string | null };

const hex = (bytes: ArrayBuffer) => Array.from(new Uint8Array(bytes), (byte) => byte.toString(16).padStart(2, '0')).join('');

/**
 * SHA-256 of `text` as UTF-8, lowercase hex (docs/gate.md#the-gate-pack: how the pack holds
 * tokens).
 */
export async function sha256Hex(text: string): Promise<string> {
  return hex(await crypto.subtle.digest('SHA-256', new TextEncoder().encode(text)));
}

/** The last code hashed: one scan may look its code up twice (the quick scan), and pays for one derivation. */
let lastCode: { key: string; hash: Promise<string> } | null = null;

/**
 * A pass code's hash as the pack holds it: PBKDF2-HMAC-SHA-256 of the digits as UTF-8, with
 * the salt's bytes (`codeHash.salt` is hex) and `codeHash.iterations`, 32 bytes, lowercase hex.
 */
export function passCodeHashHex(code: string, codeHash: GatePackCodeHash): Promise<string> {
  const key = `${codeHash.salt}:${codeHash.iterations}:${code}`;
  if (lastCode?.key === key) return lastCode.hash;
  const hash = derivePassCodeHash(code, codeHash);
  lastCode = { key, hash };
  // A failed derivation is not kept: the next try derives again.
  hash.catch(() => {
    if (lastCode?.hash === hash) lastCode = null;
  });
  return hash;
}

async function derivePassCodeHash(code: string, codeHash: GatePackCodeHash): Promise<string> {
  const key = await crypto.subtle.importKey('raw', new TextEncoder().encode(code), 'PBKDF2', false, ['deriveBits']);
  const salt = new Uint8Array(codeHash.salt.match(/../g)?.map((pair) => parseInt(pair, 16)) ?? []);
  const bits = await crypto.subtle.deriveBits({ name: 'PBKDF2', hash: 'SHA-256', salt, iterations: codeHash.iterations }, key, GATE_CODE_HASH_BYTES * 8);
  return hex(bits);
}

/** `9:05 AM` (with the zone's name where the browser's differs), when the pack was last synced. */
export function formatSyncedAt(basis: OfflineBasis): string {
  const instant = new Date(basis.syncedAt);
  return `${formatTime(inZone(instant, basis.timeZone))}${zoneSuffix(basis.timeZone, instant)}`;
}

/** "Verified offline — last synced 9:05 AM". */
export const verifiedOfflineMessage = (basis: OfflineBasis) => messages.get().verifiedOffline({ time: formatSyncedAt(basis) });
/** An unknown pass, refused offline. */
export const unknownPassOfflineMessage = (basis: OfflineBasis) => messages.get().unknownPass({ time: formatSyncedAt(basis) });
/** The notice after a move saved on the tablet. */
export const savedMoveMessage = (move: GateMove) => (move === 'checkIn' ? messages.get().checkedInSaved : messages.get().checkedOutSaved);
/** The quick scan's line after an offline check-in (the pack names no host). */
export const checkedInOfflineMessage = (values: { name: string; house: string }) => messages.get().checkedInOffline(values);
/** The mark of a move saved on the tablet. */
export const savedOnTabletMessage = () => messages.get().savedOnTablet;

/**
 * The status after the moves queued for `item` since the pack was synced. A recurring pass
 * checked out is `approved` again (docs/operations.md#frequent-visitors: it may come back while its
 * window allows).
 */
function statusAfterQueue(item: GatePackItem, queue: QueuedMove[]): VisitorStatus {
  const left: VisitorStatus = item.kind === 'recurring' ? 'approved' : 'checked-out';
  let current = item.status as VisitorStatus;
  for (const move of queue) {
    if (move.visitorId === item.id) current = move.action === 'check-in' ? 'checked-in' : left;
  }
  return current;
}

function toGateVisitor(item: GatePackItem, status: VisitorStatus, checkInTime: string | null): GateVisitor {
  return {
    id: item.id,
    name: item.name,
    status,
    visitDate: item.visitDate,
    visitTimeFrom: item.visitTimeFrom,
    visitTimeTo: item.visitTimeTo,
    vehicleLicensePlate: item.vehicleLicensePlate,
    houseId: { houseNumber: item.house.houseNumber, block: item.house.block },
    // docs/operations.md#blocklist: the warning shows offline too.
    blocklisted: item.blocklisted ?? null,
    kind: item.kind,
    check_in_time: checkInTime,
  };
}

/** When `item` came in, as this device knows it: its last queued check-in, else the kept roll call. */
async function checkInTimeOf(item: GatePackItem, queue: QueuedMove[]): Promise<string | null> {
  const queued = queue.filter((move) => move.visitorId === item.id && move.action === 'check-in').at(-1);
  if (queued) return queued.occurredAt;
  const inside = await readInside().catch(() => null);
  return inside?.items.find((entry) => entry.id === item.id)?.checkInTime ?? null;
}

/**
 * Why an approved pass cannot be checked in at `now`, as the server judges it
 * (docs/gate.md#recording-moves-offline): from `visitTimeFrom` less the early allowance to the end
 * of the `visitTimeTo` minute,
 * on its date, in the community's zone. Null when it can.
 */
function windowRefusal(item: GatePackItem, now: Date, timeZone: string, earlyMinutes: number): string | null {
  const opensAt = zonedInstant(item.visitDate, item.visitTimeFrom, timeZone).getTime() - earlyMinutes * 60_000;
  const closesAt = zonedInstant(item.visitDate, item.visitTimeTo, timeZone).getTime() + 60_000;
  if (now.getTime() >= opensAt && now.getTime() < closesAt) return null;
  const t = messages.get();
  return (item.kind === 'recurring' ? t.passOutsideWindow : t.outsideWindow)({
    date: formatDate(item.visitDate),
    from: formatTime(item.visitTimeFrom),
    to: formatTime(item.visitTimeTo),
  });
}

/** Looks `value` (a token, or a pass code with or without spaces) up in the pack. */
export async function verifyOffline(value: string, now: Date = new Date()): Promise<OfflineVerification> {
  const pack = await readPack().catch(() => null);
  if (!pack) return { kind: 'no-pack' };
  const [queue, settings] = await Promise.all([readQueue().catch(() => []), readSettings().catch(() => null)]);
  const basis: OfflineBasis = { syncedAt: pack.syncedAt, timeZone: settings?.timeZone ?? browserTimeZone() };
  const token = value.trim();
  // Invitations have 6 or 8 digits, recurring passes 7 (docs/gate.md#verifying-a-pass,
  // docs/operations.md#frequent-visitors).
  const code = passCodeOf(token) ?? recurringPassCodeOf(token);
  let hash: string;
  if (code) {
    // A pack kept before its codes were salted cannot verify a code (the next sync replaces it whole).
    if (pack.codeHash?.algorithm !== GATE_CODE_HASH_ALGORITHM) return { kind: 'no-pack' };
    hash = await passCodeHashHex(code, pack.codeHash);
  } else {
    hash = await sha256Hex(token);
  }
  const item = Object.values(pack.items).find((candidate) => (code ? candidate.passCodeHash === hash : candidate.tokenHash === hash));
  if (!item) return { kind: 'unknown', basis };
  const status = statusAfterQueue(item, queue);
  const visitor = toGateVisitor(item, status, status === 'checked-in' ? await checkInTimeOf(item, queue) : null);
  // A code names only an open pass (docs/gate.md#verifying-a-pass); a checked-out one is shown
  // refused by its status.
  const refusal = status === 'approved' && settings ? windowRefusal(item, now, settings.timeZone, settings.earlyCheckinMinutes) : null;
  return { kind: 'found', visitor, basis, refusal };
}
