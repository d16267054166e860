/**
 * Field schemas with the exact messages of docs/product.md#forms-and-their-messages and the bounds
 * of
 * docs/api.md#input-limits. Forms and procedures build their schemas from these, so
 * the browser and the server can never disagree on a rule.
 */
import { z } from 'zod';

import { MAX_LENGTH, NAME_MIN_LENGTH, PASSWORD_MIN_LENGTH } from '../constants';

/**
 * A simple email pattern: something@something.something, no spaces
 * (docs/product.md#forms-and-their-messages).
 */
export const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * International-style phone number: optional +, a digit 1-9, then 1-14 more digits,
 * once spaces and dashes are removed (docs/product.md#forms-and-their-messages).
 */
export const PHONE_PATTERN = /^\+?[1-9]\d{1,14}$/;

/** HH:MM, 24-hour (docs/api.md#ids-dates-times-and-money). */
export const TIME_PATTERN = /^([01]\d|2[0-3]):[0-5]\d$/;

/** YYYY-MM-DD (docs/api.md#ids-dates-times-and-money). */
export const DATE_PATTERN = /^\d{4}-(0[1-9]|1[0-2])-(0[1-9]|[12]\d|3[01])$/;

/**
 * The first and last day a date field takes: any day a community can mean, with room for
 * the server's date arithmetic (a range's next day, a month's next month, a pass's twelve
 * months) to stay within four-digit years. 9999-12-31 is a real day, but the day after it
 * is not one a YYYY-MM-DD field can name.
 */
export const EARLIEST_DATE = '1900-01-01';
export const LATEST_DATE = '2999-12-31';

/** A date (or month) outside EARLIEST_DATE..LATEST_DATE. */
export const DATE_OUT_OF_RANGE_MESSAGE = 'Dates must be from 1900-01-01 to 2999-12-31';

/** Whether a YYYY-MM-DD date (or a YYYY-MM month) lies within EARLIEST_DATE..LATEST_DATE. */
export function isDateInRange(value: string): boolean {
  return value >= EARLIEST_DATE.slice(0, value.length) && value <= LATEST_DATE;
}

/**
 * Whether text can be stored and read back byte for byte: well-formed UTF-16 (no lone
 * surrogate halves) and no NUL character, which PostgreSQL text cannot hold.
 */
export function isStorableText(value: string): boolean {
  return value.isWellFormed() && !value.includes('\u0000');
}

/** `<Field> contains characters that cannot be stored`. */
export const unstorableMessage = (label: string) => `${label} contains characters that cannot be stored`;

/** `<Field> must be at most N characters` (docs/api.md#input-limits). */
export const tooLongMessage = (label: string, max: number) =>
  `${label} must be at most ${max} characters`;

/**
 * A required text field: trimmed, `requiredMessage` when missing or blank,
 * `<label> must be at most <max> characters` when too long.
 */
export function requiredText(label: string, max: number, requiredMessage: string) {
  return z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(max, tooLongMessage(label, max))
    .refine(isStorableText, unstorableMessage(label));
}

/**
 * An optional text field: trimmed; empty, blank, null and missing all become `undefined`
 * (docs/product.md#forms-and-their-messages: empty optional fields are omitted;
 * docs/api.md#visitors-and-their-statuses: stored as null).
 */
export function optionalText(label: string, max: number) {
  return z
    .string({ error: `${label} must be text` })
    .trim()
    .max(max, tooLongMessage(label, max))
    .refine(isStorableText, unstorableMessage(label))
    .nullish()
    .transform((value) => (value ? value : undefined));
}

/**
 * Email: required, simple pattern, trimmed and lower-cased
 * (docs/product.md#forms-and-their-messages, docs/api.md#sign-in-sessions-and-users).
 */
export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(MAX_LENGTH.email, tooLongMessage('Email', MAX_LENGTH.email))
  .regex(EMAIL_PATTERN, 'Invalid email format')
  .refine(isStorableText, 'Invalid email format')
  .toLowerCase();

/**
 * Password: required, at least 6 characters, at most 128; never trimmed
 * (docs/product.md#forms-and-their-messages).
 */
export const passwordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(MAX_LENGTH.password, tooLongMessage('Password', MAX_LENGTH.password))
  .refine(isStorableText, unstorableMessage('Password'));

/**
 * A person's name: required, at least 2 characters after trimming, at most 100
 * (docs/product.md#forms-and-their-messages).
 */
export const personNameField = z
  .string({ error: 'Name is required' })
  .trim()
  .min(1, 'Name is required')
  .min(NAME_MIN_LENGTH, `Name must be at least ${NAME_MIN_LENGTH} characters`)
  .max(MAX_LENGTH.name, tooLongMessage('Name', MAX_LENGTH.name))
  .refine(isStorableText, unstorableMessage('Name'));

/**
 * Whether a phone number passes docs/product.md#forms-and-their-messages once spaces and dashes are
 * ignored.
 */
export function isValidPhone(value: string): boolean {
  return PHONE_PATTERN.test(value.replace(/[\s-]/g, ''));
}

/**
 * Phone: required, international style with spaces and dashes ignored
 * (docs/product.md#forms-and-their-messages).
 */
export const phoneField = z
  .string({ error: 'Phone number is required' })
  .trim()
  .min(1, 'Phone number is required')
  .max(MAX_LENGTH.phone, 'Invalid phone number format')
  .refine(isValidPhone, 'Invalid phone number format');

/**
 * Whether `value` is a UUID (docs/api.md#ids-dates-times-and-money); a malformed id is treated as
 * unknown (404).
 */
export const UUID_PATTERN = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;
export const isUuid = (value: string) => UUID_PATTERN.test(value);

/**
 * An object id as sent by a caller. Only its presence and size are checked here: a
 * malformed id is answered like an unknown one, 404 (docs/api.md#the-envelope).
 */
export const idField = (requiredMessage: string) =>
  z
    .string({ error: requiredMessage })
    .trim()
    .min(1, requiredMessage)
    .max(64, requiredMessage)
    .refine(isStorableText, requiredMessage);

/**
 * A filter id that must be a UUID: a malformed one is 400 with `message` (a filter, not a
 * path: nothing to hide behind a 404).
 */
export const uuidField = (message: string) =>
  z.string({ error: message }).trim().regex(UUID_PATTERN, message).transform((value) => value.toLowerCase());

/**
 * A list page: `limit` clamped to 1..100 (default 50), `offset` from 0
 * (docs/api.md#visitors-and-their-statuses, docs/api.md#lists-and-pagination).
 */
export const paginationFields = {
  limit: z.coerce
    .number({ error: 'limit must be a number' })
    .int('limit must be a whole number')
    .optional()
    .transform((value) => Math.min(Math.max(value ?? 50, 1), 100)),
  offset: z.coerce
    .number({ error: 'offset must be a number' })
    .int('offset must be a whole number')
    .min(0, 'offset must not be negative')
    .max(1_000_000_000, 'offset is too large')
    .optional()
    .transform((value) => value ?? 0),
};

/**
 * Search text `q`: trimmed, at most 100 characters, empty means no filter
 * (docs/api.md#input-limits).
 */
export const searchField = z
  .string({ error: 'q must be text' })
  .trim()
  .max(MAX_LENGTH.q, tooLongMessage('Search text', MAX_LENGTH.q))
  .refine(isStorableText, unstorableMessage('Search text'))
  .optional()
  .transform((value) => (value ? value : undefined));

/**
 * `occurredAt` that is not an ISO 8601 instant with an offset
 * (docs/gate.md#recording-moves-offline).
 */
export const OCCURRED_AT_MESSAGE = 'occurredAt must be an ISO 8601 instant';

/**
 * ISO 8601 date and time with an offset, extended (`2026-11-22T09:05:00.123-05:00`) or basic
 * (`20261122T090500Z`) form; seconds and a fraction (`.` or `,`) optional; the offset `Z`,
 * `±hh`, `±hh:mm` or `±hhmm`.
 */
const ISO_INSTANT_EXTENDED = /^(\d{4})-(\d{2})-(\d{2})T(\d{2}):(\d{2})(?::(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?::?\d{2})?)$/i;
const ISO_INSTANT_BASIC = /^(\d{4})(\d{2})(\d{2})T(\d{2})(\d{2})(?:(\d{2})(?:[.,](\d{1,9}))?)?(Z|[+-]\d{2}(?:\d{2})?)$/i;

/**
 * The instant an ISO 8601 date-time with an offset names (docs/gate.md#recording-moves-offline:
 * `occurredAt`), or
 * null when `value` is not one: a local time without an offset, a date alone, an impossible
 * date or time (2026-02-30, 24:00, a leap second) are all null, and so is a date outside the
 * years of EARLIEST_DATE..LATEST_DATE (year 0 has no PostgreSQL timestamp).
 */
export function parseIsoInstant(value: string): Date | null {
  const match = ISO_INSTANT_EXTENDED.exec(value) ?? ISO_INSTANT_BASIC.exec(value);
  if (!match) return null;
  const [, year, month, day, hour, minute, second = '0', fraction = '', offset = 'Z'] = match as unknown as string[];
  const [y, mo, d, h, mi, s] = [year, month, day, hour, minute, second].map(Number) as [number, number, number, number, number, number];
  if (mo < 1 || mo > 12 || d < 1 || h > 23 || mi > 59 || s > 59) return null;
  if (!isDateInRange(`${year}-${month}-${day}`)) return null;
  if (d > new Date(Date.UTC(y, mo, 0)).getUTCDate()) return null;
  let offsetMinutes = 0;
  if (offset.toUpperCase() !== 'Z') {
    const digits = offset.slice(1).replace(':', '');
    const offsetHours = Number(digits.slice(0, 2));
    const extraMinutes = Number(digits.slice(2) || '0');
    if (offsetHours > 23 || extraMinutes > 59) return null;
    offsetMinutes = (offset.startsWith('-') ? -1 : 1) * (offsetHours * 60 + extraMinutes);
  }
  const milliseconds = Number(fraction.padEnd(3, '0').slice(0, 3));
  const utc = new Date(0);
  utc.setUTCFullYear(y, mo - 1, d);
  utc.setUTCHours(h, mi, s, milliseconds);
  return new Date(utc.getTime() - offsetMinutes * 60_000);
}

/**
 * `occurredAt` (docs/gate.md#recording-moves-offline): an ISO 8601 instant with an offset, trimmed;
 * kept as sent (the server reads it with `parseIsoInstant`).
 */
export const occurredAtField = z
  .string({ error: OCCURRED_AT_MESSAGE })
  .trim()
  .refine((value) => parseIsoInstant(value) !== null, OCCURRED_AT_MESSAGE);

/**
 * An Idempotency-Key (docs/gate.md#recording-moves-offline), as a header or in a body: 1 to 100
 * printable ASCII characters.
 */
export const IDEMPOTENCY_KEY_PATTERN = /^[\x20-\x7e]{1,100}$/;
export const IDEMPOTENCY_KEY_MESSAGE = 'Idempotency-Key must be 1 to 100 printable characters';
