/**
 * Words for recurring passes (docs/operations.md#frequent-visitors) the resident's screens and the
 * gate share:
 * weekday names, the status's label, and a pass's days and daily window in one line.
 */
import { WEEKDAYS, type RecurringPassStatus, type Weekday } from '@gatehouse/shared';

import { formatTimeWindow } from '../../lib/format';
import { i18n, locale } from '../../lib/i18n';

export const passLabels = i18n('PassLabels', {
  mon: 'Mon',
  tue: 'Tue',
  wed: 'Wed',
  thu: 'Thu',
  fri: 'Fri',
  sat: 'Sat',
  sun: 'Sun',
  monLong: 'Monday',
  tueLong: 'Tuesday',
  wedLong: 'Wednesday',
  thuLong: 'Thursday',
  friLong: 'Friday',
  satLong: 'Saturday',
  sunLong: 'Sunday',
  everyDay: 'Every day',
  active: 'Active',
  paused: 'Paused',
  cancelled: 'Cancelled',
  ended: 'Ended',
  recurringKind: 'Recurring pass',
});

/** What a recurring pass is called where visitors are listed by kind (Inside now). */
export function recurringKindLabel(): string {
  return passLabels.get().recurringKind;
}

/** `Mon` (short) or `Monday` (long), in the chosen language. */
export function weekdayLabel(day: Weekday, long = false): string {
  const t = passLabels.get();
  return long ? t[`${day}Long`] : t[day];
}

/** `Mon, Wed, Fri` or `Every day`. */
export function weekdaysLabel(days: readonly Weekday[]): string {
  if (days.length === WEEKDAYS.length) return passLabels.get().everyDay;
  return days.map((day) => weekdayLabel(day)).join(', ');
}

/** `Mon, Wed, Fri · 8:00 AM - 12:00 PM`. */
export function passScheduleLabel(pass: { weekdays: readonly Weekday[]; timeFrom: string; timeTo: string }): string {
  return `${weekdaysLabel(pass.weekdays)} · ${formatTimeWindow(pass.timeFrom, pass.timeTo)}`;
}

/** A month (YYYY-MM) as its name and year in the chosen language: `November 2026`, `noviembre de 2026`. */
export function formatMonth(month: string): string {
  const [year, monthNumber] = month.split('-').map(Number);
  if (!year || !monthNumber) return month;
  return new Intl.DateTimeFormat(locale.get(), { month: 'long', year: 'numeric' }).format(new Date(year, monthNumber - 1, 1));
}

/** The status as a word. */
export function passStatusLabel(status: RecurringPassStatus): string {
  return passLabels.get()[status];
}

/** Tailwind classes of a status badge (the status colours of the visitor badges). */
export function passStatusClasses(status: RecurringPassStatus): string {
  switch (status) {
    case 'active':
      return 'bg-emerald-100 text-emerald-800 ring-emerald-200';
    case 'paused':
      return 'bg-amber-100 text-amber-900 ring-amber-200';
    default:
      return 'bg-slate-100 text-slate-700 ring-slate-200';
  }
}
