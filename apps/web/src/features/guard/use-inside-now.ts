/**
 * Everyone inside now, as the gate tablet knows it: the server's roll call (`gate.inside`:
 * visitors and recurring passes) while it can be reached, else the copy kept on the device
 * (lib/gate-store.ts `StoredInside`), and in both cases the moves still waiting in the
 * tablet's queue applied on top (a check-out saved on the tablet is gone from the list at
 * once; a check-in saved there is on it). The gate screen and Inside now read it.
 */
import type { GateInsideItem } from '@gatehouse/shared';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';

import { useConnectionState } from '../../lib/connection';
import { onGateReplay } from '../../lib/gate-moves';
import {
  readInside,
  readSettings,
  useGateSnapshot,
  type QueuedMove,
  type StoredInside,
  type StoredSettings,
} from '../../lib/gate-store';
import { useTRPC } from '../../lib/trpc-react';

/** How often the list asks the server again while the screen stays open (live events refresh it at once). */
export const INSIDE_REFRESH_MS = 30_000;

export interface InsideNow {
  /** Everyone inside, newest check-in first; null while nothing is known yet. */
  items: GateInsideItem[] | null;
  /** How many are inside (the server's count, changed by the queue). */
  total: number;
  /** The list is the device's copy (offline, or the server out of reach), kept at `syncedAt` (ms). */
  fromDevice: { syncedAt: number; settings: StoredSettings | null } | null;
  /** The server could not be asked and the device has no copy. */
  unavailable: boolean;
  /** The server's failure while it is reachable (shown with Retry), else null. */
  error: unknown;
  refetch: () => void;
}

/**
 * `items` with the queued moves applied in order: a check-out removes the person, a
 * check-in adds them (with what the move knows) unless already listed.
 */
export function applyQueuedMoves(
  items: readonly GateInsideItem[],
  queued: readonly QueuedMove[],
): GateInsideItem[] {
  const byId = new Map(items.map((item) => [item.id, item]));
  for (const move of queued) {
    if (move.action === 'check-out') byId.delete(move.visitorId);
    else if (!byId.has(move.visitorId))
      byId.set(move.visitorId, {
        id: move.visitorId,
        kind: 'invitation',
        name: move.name,
        phone: null,
        houseId: { id: '', houseNumber: move.houseNumber, block: '' },
        hostName: null,
        vehicleLicensePlate: null,
        checkInTime: move.occurredAt,
        gate: move.gate ?? null,
        dueOutAt: null,
      });
  }
  return [...byId.values()];
}

const newestFirst = (a: GateInsideItem, b: GateInsideItem) =>
  b.checkInTime.localeCompare(a.checkInTime) || a.name.localeCompare(b.name);

/** The roll call for the gate screen (see the file's comment). */
export function useInsideNow(): InsideNow {
  const trpc = useTRPC();
  const connection = useConnectionState();
  const { queued } = useGateSnapshot();
  // With no network at all, not asked: the device's copy is shown.
  const inside = useQuery({
    ...trpc.gate.inside.queryOptions({}),
    refetchInterval: INSIDE_REFRESH_MS,
    enabled: connection !== 'offline',
  });
  // A queued move the server has just taken leaves the queue, so its effect must be in the
  // roll call held on screen at once: a check-out's row is taken off, and the list is asked
  // again (an answer already on its way may predate the move: it is cancelled and re-asked).
  const queryClient = useQueryClient();
  const forget = useForgetInside();
  useEffect(
    () =>
      onGateReplay((outcome, move) => {
        if (outcome === 'sent' && move.action === 'check-out') forget(move.visitorId);
        void queryClient.invalidateQueries({ queryKey: trpc.gate.inside.queryKey({}) });
      }),
    [forget, queryClient, trpc],
  );
  const useDevice = connection !== 'online' || (inside.isError && !inside.data);
  // undefined: not read yet; null: no copy on this device.
  const [stored, setStored] = useState<
    { copy: StoredInside; settings: StoredSettings | null } | null | undefined
  >(undefined);
  useEffect(() => {
    if (!useDevice) return;
    let current = true;
    void Promise.all([readInside(), readSettings()])
      .then(([copy, settings]) => {
        if (current) setStored(copy ? { copy, settings } : null);
      })
      .catch(() => {
        if (current) setStored(null);
      });
    return () => {
      current = false;
    };
    // The device's copy changes with the queue (a move saved offline updates it).
  }, [useDevice, queued]);

  const fromDevice = useDevice && stored ? stored : null;
  const base = fromDevice ? fromDevice.copy.items : (inside.data?.items ?? null);
  const items = base ? applyQueuedMoves(base, queued).sort(newestFirst) : null;
  const serverTotal = fromDevice ? null : (inside.data?.total ?? null);
  const total =
    items === null
      ? 0
      : serverTotal !== null && base
        ? serverTotal + items.length - base.length
        : items.length;
  return {
    items,
    total,
    fromDevice: fromDevice
      ? { syncedAt: fromDevice.copy.syncedAt, settings: fromDevice.settings }
      : null,
    unavailable: useDevice && stored === null,
    error: !useDevice && inside.isError ? inside.error : null,
    refetch: () => void inside.refetch(),
  };
}

/**
 * Takes `id` off the server's roll call held on screen (a check-out the server just did),
 * so that the row does not come back for a moment between the queue letting go of the move
 * and the list's next answer.
 */
export function useForgetInside(): (id: string) => void {
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  return useCallback(
    (id: string) => {
      queryClient.setQueryData(trpc.gate.inside.queryKey({}), (current) =>
        current
          ? {
              items: current.items.filter((item) => item.id !== id),
              total: Math.max(
                0,
                current.total - (current.items.some((item) => item.id === id) ? 1 : 0),
              ),
            }
          : current,
      );
    },
    [queryClient, trpc],
  );
}
