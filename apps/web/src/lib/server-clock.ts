/**
 * The server's clock as this device can tell it. A gate move records the instant it
 * happened (`occurredAt`), which the server accepts only up to 2 minutes ahead of its own
 * clock; a tablet whose clock runs fast would have every check-in refused. Each answer's
 * `Date` header tells the server's time to the second: when the device's clock is off by
 * more than a few seconds, `serverNow()` corrects it.
 */

/** Differences smaller than this are the `Date` header's rounding, not a wrong clock (ms). */
const NOISE_MS = 5_000;

let offsetMs = 0;

/**
 * Notes the `Date` header of an answer received at `receivedAt` (ms, device clock). The
 * header is rounded down to the second: half a second is added before comparing.
 */
export function noteServerDate(header: string | null, receivedAt: number = Date.now()): void {
  if (!header) return;
  const serverMs = Date.parse(header);
  if (Number.isNaN(serverMs)) return;
  const difference = serverMs + 500 - receivedAt;
  offsetMs = Math.abs(difference) > NOISE_MS ? difference : 0;
}

/** Now, by the server's clock as last seen (the device's own when they agree). */
export function serverNow(): Date {
  return new Date(Date.now() + offsetMs);
}

/** Test support: forget what was seen. */
export function resetServerClock(): void {
  offsetMs = 0;
}
