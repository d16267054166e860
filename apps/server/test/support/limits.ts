/** The general API rate limit set out of reach, for tests that send many requests from one address. */
export const UNLIMITED_API = { perAddressPerMinute: 1_000_000_000, perUserPerMinute: 1_000_000_000 };

/** A visit date a month from now (YYYY-MM-DD, UTC): in the future, and within the one-year bound. */
export function dateAMonthAhead(now = new Date()): string {
  return new Date(now.getTime() + 30 * 86_400_000).toISOString().slice(0, 10);
}
