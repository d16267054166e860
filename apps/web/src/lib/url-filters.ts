/**
 * A list's filters kept in the address (the query string), so that a reload, the Back button
 * and a shared link show the same filtered list. Values the screen cannot use (an unknown
 * status, a malformed date or id) read as unset: a hand-edited address never becomes a 400.
 */
import { EXPORT_MAX_DAYS, isCalendarDate, isUuid } from '@gatehouse/shared';
import { useSearchParams } from 'wouter';

/** How a filter's text is checked: a value failing it reads as unset. */
export type FilterCheck = (value: string) => boolean;

/** A day (YYYY-MM-DD, a real one). */
export const isDateFilter: FilterCheck = isCalendarDate;
/** An id (a uuid). */
export const isIdFilter: FilterCheck = isUuid;
/** One of `values`. */
export const oneOf =
  (values: readonly string[]): FilterCheck =>
  (value) =>
    values.includes(value);
/** Any text but an empty one. */
export const anyText: FilterCheck = (value) => value.trim() !== '';

/**
 * The filters named by `checks`, read from the query string (unset ones absent), and a
 * setter that writes a change to the address: a new history entry, or with `replace` (a
 * search as it is typed) the current one. Setting `undefined` or '' removes a filter.
 */
export function useUrlFilters<Name extends string>(
  checks: Record<Name, FilterCheck>,
): [Partial<Record<Name, string>>, (change: Partial<Record<Name, string | undefined>>, options?: { replace?: boolean }) => void] {
  const [searchParams, setSearchParams] = useSearchParams();
  const values: Partial<Record<Name, string>> = {};
  for (const name of Object.keys(checks) as Name[]) {
    const value = searchParams.get(name);
    if (value !== null && checks[name](value)) values[name] = value;
  }
  const set = (change: Partial<Record<Name, string | undefined>>, options: { replace?: boolean } = {}) => {
    setSearchParams(
      (current) => {
        const next = new URLSearchParams(current);
        for (const [name, value] of Object.entries<string | undefined>(change)) {
          if (value) next.set(name, value);
          else next.delete(name);
        }
        return next;
      },
      { replace: options.replace ?? false },
    );
  };
  return [values, set];
}

/** `date` (YYYY-MM-DD) moved by `days` calendar days. */
export function addIsoDays(date: string, days: number): string {
  const [year, month, day] = date.split('-').map(Number) as [number, number, number];
  return new Date(Date.UTC(year, month - 1, day + days)).toISOString().slice(0, 10);
}

/**
 * The range an export covers for a list filtered from `from` to `to` (either may be unset):
 * both as given; one end alone, the 366 days (the most an export takes) from or to it; none,
 * the last 30 days and the upcoming visits of the rest of the 366 days, from `today` on.
 */
export function exportRangeOf(range: { from?: string | undefined; to?: string | undefined }, today: string): { from: string; to: string } {
  const span = EXPORT_MAX_DAYS - 1;
  if (range.from && range.to) return { from: range.from, to: range.to };
  if (range.from) return { from: range.from, to: addIsoDays(range.from, span) };
  if (range.to) return { from: addIsoDays(range.to, -span), to: range.to };
  const from = addIsoDays(today, -29);
  return { from, to: addIsoDays(from, span) };
}
