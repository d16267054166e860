/** Recurring passes and their entries (docs/operations.md#frequent-visitors). */
import { defineEntity, p } from '@mikro-orm/core';
import { MAX_LENGTH, RECURRING_PASS_STORED_STATUSES } from '@gatehouse/shared';

import { createdAt, id, updatedAt } from './common';
import { Gate } from './gates-blocklist';
import { House } from './houses-vehicles';
import { User } from './users-sessions';
import { community, tenantFilters } from './tenancy';
import { PASS_ENTRY_NOTIFY_INSERT, PASS_ENTRY_NOTIFY_UPDATE } from '../sql/notifications';

/**
 * A recurring pass (docs/operations.md#frequent-visitors): a frequent visitor who may enter on the
 * listed
 * weekdays (`weekdays`: a bitmask, bit 0 Monday … bit 6 Sunday) inside a daily window,
 * from `startDate` to `endDate` (at most 12 months later). `ended` is not stored: it is
 * derived from `endDate` in the community zone. Pass codes have 7 digits, a length
 * invitations never use (6 or 8), so a code names one table; unique among all passes.
 * `notifyOnArrival`: the host is told of each check-in and check-out (the triggers on
 * `pass_entry`); off unless they turn it on.
 */
export const RecurringPassSchema = defineEntity({
  name: 'RecurringPass',
  tableName: 'recurring_pass',
  filters: tenantFilters,
  properties: {
    id: id(),
    community,
    name: p.string().length(MAX_LENGTH.name),
    phone: p.string().length(MAX_LENGTH.phone),
    email: p.string().length(MAX_LENGTH.email).nullable(),
    purpose: p.string().length(MAX_LENGTH.purpose).nullable(),
    vehicleLicensePlate: p.string().length(MAX_LENGTH.licensePlate).nullable(),
    house: () => p.manyToOne(House).deleteRule('restrict').index(),
    host: () => p.manyToOne(User).deleteRule('restrict').index(),
    weekdays: p.smallint(),
    /** HH:MM, 24-hour. */
    timeFrom: p.string().length(5),
    timeTo: p.string().length(5),
    startDate: p.date(),
    endDate: p.date(),
    status: p.enum(RECURRING_PASS_STORED_STATUSES),
    qrCodeToken: p.string().length(64).unique(),
    passCode: p.string().length(8),
    qrCodeDataUrl: p.text(),
    notifyOnArrival: p.boolean().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // A pass code names one pass of a community.
  uniques: [{ name: 'recurring_pass_community_pass_code_unique', properties: ['community', 'passCode'] }],
  indexes: [{ name: 'recurring_pass_house_created_at_index', properties: ['house', 'createdAt', 'id'] }],
  checks: [
    { name: 'recurring_pass_weekdays_check', expression: '(weekdays >= 1) AND (weekdays <= 127)' },
    { name: 'recurring_pass_window_check', expression: 'time_from < time_to' },
    { name: 'recurring_pass_dates_check', expression: 'start_date <= end_date' },
  ],
});
export class RecurringPass extends RecurringPassSchema.class {}
RecurringPassSchema.setClass(RecurringPass);

/**
 * One check-in of a recurring pass and its check-out (docs/operations.md#frequent-visitors). A pass
 * is never
 * inside twice at once: at most one entry of a pass has no check-out
 * (`pass_entry_open_unique`, a partial unique index), so of concurrent check-ins one wins.
 */
export const PassEntrySchema = defineEntity({
  name: 'PassEntry',
  tableName: 'pass_entry',
  filters: tenantFilters,
  properties: {
    id: id(),
    community,
    pass: () => p.manyToOne(RecurringPass).deleteRule('cascade'),
    checkInTime: p.datetime(),
    checkOutTime: p.datetime().nullable(),
    checkInGate: () => p.manyToOne(Gate).nullable().deleteRule('restrict'),
    checkOutGate: () => p.manyToOne(Gate).nullable().deleteRule('restrict'),
    checkedInBy: () => p.manyToOne(User).deleteRule('restrict'),
    checkedOutBy: () => p.manyToOne(User).nullable().deleteRule('restrict'),
  },
  indexes: [
    { name: 'pass_entry_pass_check_in_time_index', properties: ['pass', 'checkInTime', 'id'] },
    // The CSV export and reports read entries by date.
    { name: 'pass_entry_check_in_time_index', properties: ['checkInTime', 'id'] },
    {
      name: 'pass_entry_open_unique',
      expression: 'create unique index "pass_entry_open_unique" on "pass_entry" ("pass_id") where "check_out_time" is null',
    },
  ],
  checks: [{ name: 'pass_entry_times_check', expression: 'check_out_time is null or check_out_time >= check_in_time' }],
  // The host of a pass that asks for it (`notify_on_arrival`) is told when its holder
  // arrives and leaves, in the same transaction as the entry whatever path wrote it (the
  // gate's moves, moves replayed from a tablet's queue), as the visitor triggers do for
  // invitations: a notification about the pass, and a NOTIFY carrying the pass id (Web Push).
  triggers: [
    {
      name: 'pass_entry_notify_insert',
      timing: 'after',
      events: ['insert'],
      forEach: 'row',
      body: PASS_ENTRY_NOTIFY_INSERT,
    },
    {
      name: 'pass_entry_notify_update',
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      body: PASS_ENTRY_NOTIFY_UPDATE,
    },
  ],
});
export class PassEntry extends PassEntrySchema.class {}
PassEntrySchema.setClass(PassEntry);
