/**
 * What the gate tablet keeps on the device (docs/gate.md#the-gate-pack,
 * docs/gate.md#recording-moves-offline), in IndexedDB through
 * idb-keyval: the gate pack (the passes of today and tomorrow, by hash), the queue of
 * check-ins and check-outs made offline, and the gate settings needed to judge a visit
 * window offline, and the Inside now roll call (docs/operations.md#reports-exports-and-inside-now,
 * `StoredInside`). One database,
 * `gatehouse-gate`, one store `gate`, four keys, each changed in one transaction (`update`).
 * Cleared at logout (docs/gate.md#logging-out-of-a-gate-tablet).
 *
 * A small in-memory mirror (when the pack was last synced, how many entries wait) lets
 * the shell's banner and the gate screens re-render as it changes.
 */
import { TZDate } from '@date-fns/tz';
import { clear, createStore, delMany, get, update, type UseStore } from 'idb-keyval';
import { useSyncExternalStore } from 'react';

import type { GateInsideItem, GatePack, GatePackCodeHash, GatePackItem, GateRef, GateReviewAction } from '@gatehouse/shared';

/** A move at the gate: in or out. */
export type GateAction = GateReviewAction;

export const GATE_DB_NAME = 'gatehouse-gate';
export const GATE_STORE_NAME = 'gate';

/**
 * The pack as kept: items by id, the server's cursor, when it was last synced (ms), and how
 * its codes are hashed (the salt and iterations; absent in a pack kept before codes were
 * salted, which cannot verify a code and is fetched whole again).
 */
export interface StoredPack {
  items: Record<string, GatePackItem>;
  cursor: string;
  syncedAt: number;
  codeHash?: GatePackCodeHash;
}

/** Whether two packs' codes are hashed alike (same algorithm, salt and iterations). */
const sameCodeHash = (a: GatePackCodeHash | undefined, b: GatePackCodeHash | undefined) =>
  !!a && !!b && a.algorithm === b.algorithm && a.salt === b.salt && a.iterations === b.iterations;

/** A check-in or check-out made at the gate, kept until the server has it (lib/gate-moves.ts). */
export interface QueuedMove {
  /** The Idempotency-Key: the same on every attempt, so the server does it once. */
  key: string;
  action: GateAction;
  visitorId: string;
  /** The instant it happened (ISO), sent as `occurredAt`. */
  occurredAt: string;
  /** For the screens: who and where, as the pack said. */
  name: string;
  houseNumber: string;
  /**
   * docs/operations.md#gates: the gate chosen on this device when the move was made, sent as
   * `gateId` (absent: none chosen).
   */
  gate?: GateRef | undefined;
  /**
   * An admin's check-in of a blocklisted visitor, with the admin's notes
   * (docs/operations.md#blocklist).
   */
  override?: { notes: string } | undefined;
}

/** The community's gate settings kept with the pack: the zone and the early check-in allowance. */
export interface StoredSettings {
  timeZone: string;
  earlyCheckinMinutes: number;
  /** Minutes past the window before someone inside is overstaying (absent in copies kept before it was). */
  overstayGraceMinutes?: number;
}

const PACK = 'pack';
const QUEUE = 'queue';
const SETTINGS = 'settings';
const INSIDE = 'inside';

/** Whether this browser has IndexedDB at all (jsdom has not, unless a test installs fake-indexeddb). */
export function hasGateStorage(): boolean {
  return typeof indexedDB !== 'undefined';
}

let store: UseStore | undefined;
function gateStore(): UseStore {
  // Opened on first use, not when the module loads.
  store ??= createStore(GATE_DB_NAME, GATE_STORE_NAME);
  return store;
}

// ---- The in-memory mirror ---------------------------------------------------------------

interface GateSnapshot {
  /** When the pack was last synced (ms), or null when there is none. */
  syncedAt: number | null;
  /** Entries waiting to be sent. */
  waiting: number;
  /** The entries waiting, oldest first (what the gate screen's list shows as done). */
  queued: readonly QueuedMove[];
}

let snapshot: GateSnapshot = { syncedAt: null, waiting: 0, queued: [] };
const listeners = new Set<() => void>();

function publish(next: Partial<GateSnapshot>) {
  const merged = { ...snapshot, ...next };
  if (next.queued) merged.waiting = next.queued.length;
  if (merged.syncedAt === snapshot.syncedAt && merged.waiting === snapshot.waiting && merged.queued === snapshot.queued) return;
  snapshot = merged;
  for (const listener of listeners) listener();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** Re-renders on every change of the last sync or the number waiting. */
export function useGateSnapshot(): GateSnapshot {
  return useSyncExternalStore(subscribe, () => snapshot, () => snapshot);
}

/** The mirror as it is now (outside React). */
export function gateSnapshot(): GateSnapshot {
  return snapshot;
}

/**
 * Bumped by `clearGateData`: a sync or replay that started before a logout must not write
 * the signed-out user's data back afterwards.
 */
let generation = 0;

/** The current generation, to pass to the writes below. */
export function gateGeneration(): number {
  return generation;
}

/** Reads the stored pack and queue into the mirror (at start). */
export async function loadGateSnapshot(): Promise<void> {
  if (!hasGateStorage()) return;
  const [pack, queue] = await Promise.all([readPack(), readQueue()]);
  publish({ syncedAt: pack?.syncedAt ?? null, queued: queue });
  snapshotLoaded = true;
}

/** Whether the mirror has read the stored queue once since the page loaded. */
let snapshotLoaded = false;

/**
 * The mirror, read from storage first when it has not been yet (a move made right after a
 * reload must see the entries waiting from before it, to go behind them).
 */
export async function loadedGateSnapshot(): Promise<GateSnapshot> {
  if (!snapshotLoaded) await loadGateSnapshot();
  return snapshot;
}

// ---- The pack ---------------------------------------------------------------------------

export async function readPack(): Promise<StoredPack | null> {
  if (!hasGateStorage()) return null;
  return (await get<StoredPack>(PACK, gateStore())) ?? null;
}

/**
 * Merges an answer of `GET /api/gate/pack` into the stored pack: the whole pack replaces it
 * (`full`), a delta upserts its items and drops its `removed` ids. An answer whose codes are
 * hashed otherwise than the stored pack's (a new day's salt) is a whole pack: it replaces it
 * too. Ignored when a logout came in between (`since` is the generation the request started in).
 */
export async function mergePack(answer: GatePack, options: { full: boolean; since: number; now?: number }): Promise<void> {
  if (options.since !== generation) return;
  const syncedAt = options.now ?? Date.now();
  await update<StoredPack>(
    PACK,
    (current) => {
      const whole = options.full || !current || !sameCodeHash(current.codeHash, answer.codeHash);
      const items: Record<string, GatePackItem> = whole || !current ? {} : { ...current.items };
      for (const id of answer.removed) delete items[id];
      for (const item of answer.items) items[item.id] = item;
      return { items, cursor: answer.cursor, syncedAt, codeHash: answer.codeHash };
    },
    gateStore(),
  );
  publish({ syncedAt });
}

export async function readSettings(): Promise<StoredSettings | null> {
  if (!hasGateStorage()) return null;
  return (await get<StoredSettings>(SETTINGS, gateStore())) ?? null;
}

export async function storeSettings(settings: StoredSettings, since: number): Promise<void> {
  if (since !== generation) return;
  await update<StoredSettings>(SETTINGS, () => settings, gateStore());
}

// ---- Inside now (docs/operations.md#reports-exports-and-inside-now)
// ----------------------------------------------------------

/**
 * The evacuation roll call as this device last knew it: the last answer of `gate.inside`
 * (kept by the gate sync and by the Inside now page), then changed by the moves queued
 * offline here (`noteInsideMove`), so that /guard/inside can be read with no network.
 * Phones are not kept on the device (docs/gate.md#the-gate-pack keeps no phone numbers there):
 * offline the roll call has names, houses, plates and times.
 */
export interface StoredInside {
  items: GateInsideItem[];
  /** When the server's answer was received (ms). */
  syncedAt: number;
}

export async function readInside(): Promise<StoredInside | null> {
  if (!hasGateStorage()) return null;
  return (await get<StoredInside>(INSIDE, gateStore())) ?? null;
}

/** Keeps an answer of `gate.inside`, without phone numbers; ignored when a logout came in between. */
export async function storeInside(items: GateInsideItem[], options: { since: number; now?: number }): Promise<void> {
  if (!hasGateStorage() || options.since !== generation) return;
  const stored: StoredInside = { items: items.map((item) => ({ ...item, phone: null })), syncedAt: options.now ?? Date.now() };
  await update<StoredInside>(INSIDE, () => stored, gateStore());
}

/**
 * Applies a move queued offline to the stored roll call: a check-out removes the visitor;
 * a check-in adds them with what the pack says of them (else the queued name and house),
 * at the instant it happened, a recurring pass's holder as `recurring`
 * (docs/operations.md#frequent-visitors, docs/operations.md#reports-exports-and-inside-now).
 * Nothing without a stored roll call to change.
 */
export async function noteInsideMove(move: QueuedMove): Promise<void> {
  if (!hasGateStorage()) return;
  const [pack, settings] = move.action === 'check-in' ? await Promise.all([readPack(), readSettings()]) : [null, null];
  const item = pack?.items[move.visitorId];
  // When the window ends: the pass's date (a recurring pass's: the day it came in) at its end time.
  const dueOutAt =
    item && settings
      ? dueOutInstant(item.kind === 'recurring' ? dayIn(move.occurredAt, settings.timeZone) : item.visitDate, item.visitTimeTo, settings.timeZone)
      : null;
  await update<StoredInside | undefined>(
    INSIDE,
    (current) => {
      if (!current) return current;
      const items = current.items.filter((entry) => entry.id !== move.visitorId);
      if (move.action === 'check-in') {
        items.push({
          id: move.visitorId,
          kind: item?.kind === 'walk-in' || item?.kind === 'recurring' ? item.kind : 'invitation',
          name: item?.name ?? move.name,
          phone: null,
          // The pack names the house by number and block, not by id.
          houseId: { id: '', houseNumber: item?.house.houseNumber ?? move.houseNumber, block: item?.house.block ?? '' },
          hostName: null,
          vehicleLicensePlate: item?.vehicleLicensePlate ?? null,
          checkInTime: move.occurredAt,
          gate: move.gate ?? null,
          dueOutAt,
        });
      }
      return { ...current, items };
    },
    gateStore(),
  );
}

/** The calendar day (YYYY-MM-DD) of `instant` (ISO) in `timeZone`. */
function dayIn(instant: string, timeZone: string): string {
  const zoned = new TZDate(new Date(instant).getTime(), timeZone);
  return `${zoned.getFullYear()}-${String(zoned.getMonth() + 1).padStart(2, '0')}-${String(zoned.getDate()).padStart(2, '0')}`;
}

/** The ISO instant of `date` (YYYY-MM-DD) at `time` (HH:MM) in `timeZone`. */
function dueOutInstant(date: string, time: string, timeZone: string): string {
  const [year = 1970, month = 1, day = 1] = date.split('-').map(Number);
  const [hours = 0, minutes = 0] = time.split(':').map(Number);
  return new Date(new TZDate(year, month - 1, day, hours, minutes, timeZone).getTime()).toISOString();
}

// ---- The queue --------------------------------------------------------------------------

export async function readQueue(): Promise<QueuedMove[]> {
  if (!hasGateStorage()) return [];
  return (await get<QueuedMove[]>(QUEUE, gateStore())) ?? [];
}

/** Adds a move at the end of the queue. */
export async function enqueueMove(move: QueuedMove): Promise<void> {
  let queued: QueuedMove[] = [];
  await update<QueuedMove[]>(
    QUEUE,
    (current) => {
      queued = [...(current ?? []), move];
      return queued;
    },
    gateStore(),
  );
  publish({ queued });
}

/** Removes the move of `key` (sent, or handed to Needs review). */
export async function removeMove(key: string): Promise<void> {
  let queued: QueuedMove[] = [];
  await update<QueuedMove[]>(
    QUEUE,
    (current) => {
      queued = (current ?? []).filter((move) => move.key !== key);
      return queued;
    },
    gateStore(),
  );
  publish({ queued });
}

/**
 * Forgets the pack, the queue and the settings (logout, docs/gate.md#logging-out-of-a-gate-tablet).
 */
export async function clearGateData(): Promise<void> {
  generation += 1;
  publish({ syncedAt: null, queued: [] });
  if (!hasGateStorage()) return;
  await clear(gateStore());
}

/** Forgets only the pack, the settings and the roll call (a user who is not at the gate signed in on this device). */
export async function clearPack(): Promise<void> {
  generation += 1;
  publish({ syncedAt: null });
  if (!hasGateStorage()) return;
  await delMany([PACK, SETTINGS, INSIDE], gateStore());
}

/** Test support: forgets the open database handle (a test that deletes the database opens a new one). */
export function resetGateStore(): void {
  store = undefined;
  snapshotLoaded = false;
  snapshot = { syncedAt: null, waiting: 0, queued: [] };
}
