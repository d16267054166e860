/**
 * Display formats of docs/product.md#constants-and-formats, used by the client and by server
 * messages
 * that name dates and times (docs/api.md#visitors-and-their-statuses).
 */
import { format, parse } from 'date-fns';

import { TOKEN_DISPLAY_CHARS } from './constants';

/** 'MMM dd, yyyy', e.g. `Nov 22, 2026`, from a YYYY-MM-DD date or a Date. */
export function formatDisplayDate(value: string | Date): string {
  const date = typeof value === 'string' ? parse(value.slice(0, 10), 'yyyy-MM-dd', new Date()) : value;
  return format(date, 'MMM dd, yyyy');
}

/** 12-hour time, e.g. `9:00 AM`, from an HH:MM string or a Date. */
export function formatDisplayTime(value: string | Date): string {
  const date = typeof value === 'string' ? parse(value, 'HH:mm', new Date()) : value;
  return format(date, 'h:mm a');
}

/** `9:00 AM - 5:00 PM` from two HH:MM strings. */
export function formatTimeRange(from: string, to: string): string {
  return `${formatDisplayTime(from)} - ${formatDisplayTime(to)}`;
}

/**
 * The pass token shortened to its first and last 8 characters
 * (docs/product.md#constants-and-formats).
 */
export function truncateToken(token: string): string {
  if (token.length <= TOKEN_DISPLAY_CHARS * 2) return token;
  return `${token.slice(0, TOKEN_DISPLAY_CHARS)}...${token.slice(-TOKEN_DISPLAY_CHARS)}`;
}

/** USD in en-US format, e.g. `$1,234.50` (docs/product.md#constants-and-formats). */
export function formatCurrency(amount: number): string {
  return new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' }).format(amount);
}

/**
 * The QR image file name: visitor name and visit date, `.png`
 * (docs/product.md#constants-and-formats),
 * e.g. `qr-jane-doe-2026-11-22.png`.
 */
export function qrFileName(visitorName: string, visitDate: string): string {
  const slug = visitorName
    .trim()
    .toLowerCase()
    .replace(/[^a-z0-9]+/g, '-')
    .replace(/^-+|-+$/g, '');
  return `qr-${slug || 'visitor'}-${visitDate}.png`;
}

/**
 * A pass code as typed or read out, spaces (and dashes) removed, when it is one: 6 or 8
 * digits (docs/gate.md#verifying-a-pass); else null.
 */
export function passCodeOf(value: string): string | null {
  const digits = value.replace(/[\s-]/g, '');
  return /^(\d{6}|\d{8})$/.test(digits) ? digits : null;
}

/** A pass code grouped for reading aloud: `482 913`, `4829 1305`. */
export function formatPassCode(code: string): string {
  const half = code.length / 2;
  return `${code.slice(0, half)} ${code.slice(half)}`;
}
