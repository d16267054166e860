/** Visitors: the invitation (or walk-in) and its photo. */
import { defineEntity, p } from '@mikro-orm/core';
import { DECISION_REASON_MAX, MAX_LENGTH, VISITOR_KINDS, VISITOR_STATUSES } from '@gatehouse/shared';

import { createdAt, id, updatedAt } from './common';
import { Gate } from './gates-blocklist';
import { House } from './houses-vehicles';
import { User } from './users-sessions';
import { community, tenantFilters } from './tenancy';
import { VISITOR_INVITATION_NOTIFY_INSERT, VISITOR_INVITATION_NOTIFY_UPDATE } from '../sql/notifications';
import { VISITOR_INVITATION_COUNT_DELETE, VISITOR_INVITATION_COUNT_INSERT, VISITOR_INVITATION_COUNT_UPDATE, VISITOR_INVITATION_GRAM_DELETE, VISITOR_INVITATION_GRAM_INSERT, VISITOR_INVITATION_GRAM_UPDATE, VISITOR_INVITATION_GRAM_UPDATE_WHEN } from '../sql/visitor-counts';
import { VISITOR_INVITATION_EVENT_INSERT, VISITOR_INVITATION_EVENT_UPDATE } from '../sql/visitor-events';

/**
 * A visitor invitation: who is expected, at which house, on which day and between which
 * times, and where the visit stands (docs/api.md#objects, docs/api.md#visitors-and-their-statuses).
 */
export const VisitorInvitationSchema = defineEntity({
  name: 'VisitorInvitation',
  tableName: 'visitor_invitation',
  filters: tenantFilters,
  properties: {
    id: id(),
    community,
    name: p.string().length(MAX_LENGTH.name),
    phone: p.string().length(MAX_LENGTH.phone),
    /**
     * Name and phone lower-cased, a line break between them, kept by the database: a 3-letter
     * search's walk through the visits tests `strpos` on it (and on the plate) in the
     * visit-order index alone. Never loaded into entities.
     */
    searchText: p.text().nullable().lazy().generated('(lower(name) || chr(10) || lower(phone)) stored'),
    email: p.string().length(MAX_LENGTH.email).nullable(),
    purpose: p.string().length(MAX_LENGTH.purpose).nullable(),
    vehicleLicensePlate: p.string().length(MAX_LENGTH.licensePlate).nullable(),
    house: () => p.manyToOne(House).deleteRule('restrict').index(),
    /**
     * Who invited; for a walk-in, null until a resident of the house decides
     * (docs/gate.md#walk-ins).
     */
    // Indexed with the community (`visitor_invitation_host_community_index` below).
    host: () => p.manyToOne(User).nullable().deleteRule('restrict'),
    /** YYYY-MM-DD in the community's time zone. */
    visitDate: p.date(),
    /** HH:MM, 24-hour. */
    visitTimeFrom: p.string().length(5),
    visitTimeTo: p.string().length(5),
    status: p.enum(VISITOR_STATUSES),
    qrCodeToken: p.string().length(64).unique(),
    /**
     * The pass code a visitor can read out (docs/gate.md#verifying-a-pass): 6 digits, 8 in a
     * community with
     * over 100,000 open passes; unique among passes not in a final status (reused after).
     */
    passCode: p.string().length(8),
    /** The PNG pass as a data URL, drawn once at invitation time. */
    qrCodeDataUrl: p.text(),
    checkInTime: p.datetime().nullable(),
    checkOutTime: p.datetime().nullable(),
    checkedInBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    checkedOutBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /**
     * The gate of the check-in and of the check-out (docs/operations.md#gates); null when none was
     * known.
     */
    checkInGate: () => p.manyToOne(Gate).nullable().deleteRule('restrict'),
    checkOutGate: () => p.manyToOne(Gate).nullable().deleteRule('restrict'),
    notes: p.string().length(MAX_LENGTH.notes * 2 + 1).nullable(),
    /** Invited ahead, or registered at the gate (docs/gate.md#walk-ins). */
    kind: p.enum(VISITOR_KINDS).default('invitation'),
    /** A walk-in still pending at this instant expires (`WALKIN_APPROVAL_MINUTES` after it was registered). */
    decideBy: p.datetime().nullable(),
    /** Who approved or rejected a walk-in, when, and why (a guard's approval always says why). */
    decidedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    decidedAt: p.datetime().nullable(),
    decisionReason: p.string().length(DECISION_REASON_MAX).nullable(),
    /** Whether `visitor_photo` holds a photo of this visitor. */
    hasPhoto: p.boolean().default(false),
    /**
     * When the visitor's personal data was removed (docs/privacy.md#retention-and-erasure: the
     * retention job or an
     * admin's erase): the name is then "Visitor" and the phone is stored as '' (shown as null).
     */
    anonymisedAt: p.datetime().nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One index per list's filter and order (docs/performance.md#the-targets), so that a first page
  // reads
  // about as many index entries at a million invitations as at ten thousand. The lists come
  // nearest visit first: today's by start time, then the upcoming ones, then past ones latest
  // first, each part a range of one visit-order index read forwards or backwards.
  indexes: [
    { name: 'visitor_invitation_expiry_index', properties: ['status', 'visitDate', 'visitTimeTo'] },
    // Covering the search text and the plate: a common 3-letter search walks the visits in
    // this index alone (an index-only scan) until its page is full.
    {
      name: 'visitor_invitation_visit_order_index',
      properties: ['visitDate', 'visitTimeFrom', 'id'],
      include: ['searchText', 'vehicleLicensePlate'],
    },
    { name: 'visitor_invitation_status_visit_order_index', properties: ['status', 'visitDate', 'visitTimeFrom', 'id'] },
    { name: 'visitor_invitation_house_visit_order_index', properties: ['house', 'visitDate', 'visitTimeFrom', 'id'] },
    { name: 'visitor_invitation_host_visit_order_index', properties: ['host', 'visitDate', 'visitTimeFrom', 'id'] },
    // My Invitations' count (a host's invitations in the request's community) from the index
    // alone, and the host's foreign key.
    { name: 'visitor_invitation_host_community_index', properties: ['host', 'community'] },
    { name: 'visitor_invitation_status_check_in_time_index', properties: ['status', 'checkInTime', 'id'] },
    // The reports' walk-ins registered in a range.
    { name: 'visitor_invitation_created_at_index', properties: ['createdAt', 'id'] },
    // The CSV export's keyset pages (docs/operations.md#reports-exports-and-inside-now): by visit
    // date, then id.
    { name: 'visitor_invitation_visit_date_index', properties: ['visitDate', 'id'] },
    // A pass code finds one open pass of a community; codes of passes in a final status may come back.
    {
      name: 'visitor_invitation_community_open_pass_code_unique',
      expression: `create unique index "visitor_invitation_community_open_pass_code_unique" on "visitor_invitation" ("community_id", "pass_code") where "status" in ('pending', 'approved', 'checked-in')`,
    },
    // `q` is a substring match on name, phone or plate: trigram indexes (pg_trgm) serve ILIKE '%…%'.
    {
      name: 'visitor_invitation_name_trgm_index',
      expression: 'create index "visitor_invitation_name_trgm_index" on "visitor_invitation" using gin ("name" gin_trgm_ops)',
    },
    {
      name: 'visitor_invitation_phone_trgm_index',
      expression: 'create index "visitor_invitation_phone_trgm_index" on "visitor_invitation" using gin ("phone" gin_trgm_ops)',
    },
    {
      name: 'visitor_invitation_plate_trgm_index',
      expression:
        'create index "visitor_invitation_plate_trgm_index" on "visitor_invitation" using gin ("vehicle_license_plate" gin_trgm_ops)',
    },
    // The retention job's walk (docs/privacy.md#retention-and-erasure): the visitors not yet
    // anonymised, oldest visit first.
    {
      name: 'visitor_invitation_retention_index',
      expression: 'create index "visitor_invitation_retention_index" on "visitor_invitation" ("visit_date") where "anonymised_at" is null',
    },
  ],
  // The number of invitations in each status, kept by the writes (VisitorStatusCount), so
  // that a list's X-Total-Count does not count a million rows on every page.
  triggers: [
    {
      name: 'visitor_invitation_count_insert',
      timing: 'after',
      events: ['insert'],
      forEach: 'row',
      body: VISITOR_INVITATION_COUNT_INSERT,
    },
    {
      name: 'visitor_invitation_count_update',
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      body: VISITOR_INVITATION_COUNT_UPDATE,
    },
    // Every new visitor and every change of one is an event (docs/gate.md#live-updates), written by
    // the
    // same statement, so that no code path can change a visitor unseen; the NOTIFY (sent
    // at commit) carries only the event's id. One exception: a transaction that says
    // `set local gatehouse.quiet_visitor_events = 'on'` changes visitors without events
    // (the retention job, docs/privacy.md#retention-and-erasure: its first run on an old database
    // would otherwise
    // send an event, and a webhook delivery, per visitor ever recorded).
    {
      name: 'visitor_invitation_event_insert',
      timing: 'after',
      events: ['insert'],
      forEach: 'row',
      body: VISITOR_INVITATION_EVENT_INSERT,
    },
    {
      name: 'visitor_invitation_event_update',
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      body: VISITOR_INVITATION_EVENT_UPDATE,
    },
    // A resident's notifications (docs/gate.md#notifications): a walk-in waiting for their house;
    // their
    // own visitor checking in or out. The NOTIFY carries the visitor id (no personal data).
    {
      name: 'visitor_invitation_notify_insert',
      timing: 'after',
      events: ['insert'],
      forEach: 'row',
      body: VISITOR_INVITATION_NOTIFY_INSERT,
    },
    {
      name: 'visitor_invitation_notify_update',
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      body: VISITOR_INVITATION_NOTIFY_UPDATE,
    },
    // How many invitations each 3-character fragment of a name or phone matches
    // (VisitorSearchGramCount), kept by the writes like the status counts: a 3-letter search
    // (the usual type-ahead, and the one with the most matches) then reads its exact
    // X-Total-Count from one indexed row set instead of visiting every match. Grams are
    // taken in gram order so that concurrent writers lock shared rows in one order.
    {
      name: 'visitor_invitation_gram_insert',
      timing: 'after',
      events: ['insert'],
      forEach: 'row',
      body: VISITOR_INVITATION_GRAM_INSERT,
    },
    {
      name: 'visitor_invitation_gram_update',
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      // Only a changed name, phone or plate fires it: the gate's moves do not pay for it.
      // (Written as PostgreSQL reports it back, so that the schema check sees no difference.)
      when: VISITOR_INVITATION_GRAM_UPDATE_WHEN,
      body: VISITOR_INVITATION_GRAM_UPDATE,
    },
    {
      name: 'visitor_invitation_gram_delete',
      timing: 'after',
      events: ['delete'],
      forEach: 'row',
      body: VISITOR_INVITATION_GRAM_DELETE,
    },
    {
      name: 'visitor_invitation_count_delete',
      timing: 'after',
      events: ['delete'],
      forEach: 'row',
      body: VISITOR_INVITATION_COUNT_DELETE,
    },
  ],
  checks: [
    { name: 'visitor_invitation_window_check', expression: 'visit_time_from < visit_time_to' },
    {
      name: 'visitor_invitation_time_format_check',
      expression: "visit_time_from ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$' and visit_time_to ~ '^([01][0-9]|2[0-3]):[0-5][0-9]$'",
    },
    {
      name: 'visitor_invitation_check_in_check',
      expression: "(status <> 'checked-in' and status <> 'checked-out') or check_in_time is not null",
    },
    {
      name: 'visitor_invitation_check_out_check',
      expression: "status <> 'checked-out' or check_out_time is not null",
    },
    // An invitation always has its host; a walk-in has a deadline to be decided by.
    { name: 'visitor_invitation_host_check', expression: "kind = 'walk-in' or host_id is not null" },
    { name: 'visitor_invitation_decide_by_check', expression: "kind = 'invitation' or decide_by is not null" },
    // Only an anonymised visitor has no phone (docs/privacy.md#retention-and-erasure).
    { name: 'visitor_invitation_phone_check', expression: "phone <> '' or anonymised_at is not null" },
  ],
});
export class VisitorInvitation extends VisitorInvitationSchema.class {}
VisitorInvitationSchema.setClass(VisitorInvitation);

/**
 * A visitor's photo (docs/gate.md#walk-ins): the JPEG as uploaded, at most 200 KB, apart from the
 * visitor row so that lists and the gate path never read it.
 */
export const VisitorPhotoSchema = defineEntity({
  name: 'VisitorPhoto',
  tableName: 'visitor_photo',
  filters: tenantFilters,
  properties: {
    visitor: () => p.oneToOne(VisitorInvitation).primary().owner().deleteRule('cascade'),
    community,
    jpeg: p.blob(),
    updatedAt: updatedAt(),
  },
});
export class VisitorPhoto extends VisitorPhotoSchema.class {}
VisitorPhotoSchema.setClass(VisitorPhoto);
