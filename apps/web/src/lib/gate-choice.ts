/**
 * The gate this tablet stands at (docs/operations.md#gates): chosen once on the guard dashboard and
 * remembered on the device (localStorage, `gatehouse.gate`), across sign-ins; changeable
 * from the guard dashboard. Every check-in and check-out made on this device (scan page,
 * quick scan, the walk-in page, the dashboard's check-out, the offline queue) sends its id
 * as `gateId`. Nothing chosen: the server records the only active gate when there is
 * exactly one, else none.
 */
import type { GateRef } from '@gatehouse/shared';
import { useSyncExternalStore } from 'react';

/** Where the choice is kept (not a session key: it belongs to the device, not to the guard). */
export const GATE_CHOICE_KEY = 'gatehouse.gate';

const listeners = new Set<() => void>();

/** The stored text last parsed, and what it parsed to: a stable snapshot for React while it does not change. */
let lastRaw: string | null | undefined;
let lastParsed: GateRef | null = null;

function parse(raw: string | null): GateRef | null {
  if (!raw) return null;
  try {
    const parsed: unknown = JSON.parse(raw);
    return parsed && typeof parsed === 'object' && typeof (parsed as GateRef).id === 'string' && typeof (parsed as GateRef).name === 'string'
      ? { id: (parsed as GateRef).id, name: (parsed as GateRef).name }
      : null;
  } catch {
    return null;
  }
}

/** When storage is refused, the choice lasts while the page is open. */
let memoryOnly: GateRef | null | undefined;

/** The gate chosen on this device, `{id, name}`, or null. */
export function chosenGate(): GateRef | null {
  if (memoryOnly !== undefined) return memoryOnly;
  let raw: string | null;
  try {
    raw = localStorage.getItem(GATE_CHOICE_KEY);
  } catch {
    return null;
  }
  if (raw !== lastRaw) {
    lastRaw = raw;
    lastParsed = parse(raw);
  }
  return lastParsed;
}

/** The chosen gate's id, as a move's `gateId` (undefined when none is chosen). */
export function chosenGateId(): string | undefined {
  return chosenGate()?.id;
}

/** Remembers `gate` as this device's gate (null forgets it) and tells every screen. */
export function chooseGate(gate: GateRef | null): void {
  const value = gate ? { id: gate.id, name: gate.name } : null;
  try {
    if (value) localStorage.setItem(GATE_CHOICE_KEY, JSON.stringify(value));
    else localStorage.removeItem(GATE_CHOICE_KEY);
    memoryOnly = undefined;
  } catch {
    // Storage refused (private mode, full): the choice lasts while the page is open.
    memoryOnly = value;
  }
  listeners.forEach((listener) => listener());
}

function subscribe(listener: () => void): () => void {
  listeners.add(listener);
  const onStorage = (event: StorageEvent) => {
    if (event.key === GATE_CHOICE_KEY || event.key === null) listener();
  };
  window.addEventListener('storage', onStorage);
  return () => {
    listeners.delete(listener);
    window.removeEventListener('storage', onStorage);
  };
}

/** The gate chosen on this device, kept current (another tab's choice included). */
export function useChosenGate(): GateRef | null {
  return useSyncExternalStore(subscribe, chosenGate, () => null);
}
