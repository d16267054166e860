/**
 * Words a server refusal from its details in a language other than English (lib/i18n.ts
 * `refusalSentence`): the server sends, beside its English text, the refusal's `reason` and
 * the values its sentence names, raw (`{reason: 'visit-window', date: '2026-11-23', from:
 * '09:00', to: '17:00'}`); the language's catalog holds the sentences (`refusals`) and the
 * words of statuses and roles (`refusalWords`). Loaded with the first catalog, not with the
 * sign-in page.
 */
import type { RefusalReason } from '@gatehouse/shared';

import type { Catalog } from './i18n';

/**
 * The words group of a refusal's `status` in the catalog's `refusalWords`
 * (`visitor.checked-out`, `pass.paused`, …), by its reason.
 */
const STATUS_WORDS: Partial<Record<RefusalReason, string>> = {
  'visitor-status': 'visitor',
  'photo-status': 'visitor',
  'pass-status': 'pass',
  'payment-status': 'payment',
  'review-status': 'review',
};

/** The API's weekday keys, Monday first. */
const WEEKDAY_KEYS = ['mon', 'tue', 'wed', 'thu', 'fri', 'sat', 'sun'];

/** A YYYY-MM-DD date (a calendar day, no zone) or an HH:MM time as a local Date. */
function wallClock(value: string): Date | null {
  const date = /^(\d{4})-(\d{2})-(\d{2})$/.exec(value);
  if (date) return new Date(Number(date[1]), Number(date[2]) - 1, Number(date[3]));
  const time = /^(\d{2}):(\d{2})$/.exec(value);
  return time ? new Date(2000, 0, 1, Number(time[1]), Number(time[2])) : null;
}

/**
 * A server refusal in `language` from its `details` (`{reason, …values}`, the shared
 * `ZRefusalDetails`): the `catalog`'s `refusals` sentence for the reason (and its `move`,
 * e.g. `visitor-status.check-in`), its values worded in the language: dates and times
 * through Intl, weekdays and roles as lists, statuses and roles by the catalog's
 * `refusalWords`, numbers in its digits. Undefined for details that are not a refusal's or
 * a reason the catalog lacks.
 */
export function refusalSentence(details: unknown, language: string, catalog: Catalog | undefined): string | undefined {
  if (!details || typeof details !== 'object' || Array.isArray(details)) return undefined;
  const values = details as Record<string, unknown>;
  const reason = values.reason;
  if (typeof reason !== 'string') return undefined;
  const sentences = catalog?.refusals as Record<string, string> | undefined;
  const words = (catalog?.refusalWords ?? {}) as Record<string, string>;
  const sentence = sentences?.[typeof values.move === 'string' ? `${reason}.${values.move}` : reason];
  if (sentence === undefined) return undefined;
  /** A detail's value as text (details hold strings, numbers and lists of them). */
  const plain = (value: unknown) => (typeof value === 'string' || typeof value === 'number' ? String(value) : JSON.stringify(value));
  const list = (items: unknown) => new Intl.ListFormat(language, { style: 'short' }).format((items as unknown[]).map(String));
  const word = (value: unknown) => {
    const day = typeof value === 'string' ? wallClock(value) : null;
    if (day && (value as string).length === 10) return new Intl.DateTimeFormat(language, { dateStyle: 'medium' }).format(day);
    if (day) return new Intl.DateTimeFormat(language, { timeStyle: 'short' }).format(day);
    return typeof value === 'number' ? new Intl.NumberFormat(language).format(value) : String(value);
  };
  return sentence.replace(/\{(\w+)\}/g, (placeholder, name: string) => {
    const value = values[name];
    if (value === undefined || value === null) return placeholder;
    if (name === 'status') return words[`${STATUS_WORDS[reason as RefusalReason] ?? reason}.${plain(value)}`] ?? plain(value);
    if (name === 'roles' && Array.isArray(value)) return list((value as unknown[]).map((role) => words[`role.${plain(role)}`] ?? plain(role)));
    if (name === 'weekdays' && Array.isArray(value)) {
      // 2024-01-01 was a Monday: each day's short name in the language.
      const weekday = new Intl.DateTimeFormat(language, { weekday: 'short' });
      return list(value.map((day) => {
        const index = WEEKDAY_KEYS.indexOf(String(day));
        return index < 0 ? String(day) : weekday.format(new Date(2024, 0, 1 + index));
      }));
    }
    return word(value);
  });
}
