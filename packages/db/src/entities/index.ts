/**
 * The entities of Gatehouse, written with MikroORM's `defineEntity` (no decorators, no
 * reflection). Every rule the product states about stored data is also a database
 * constraint here (NOT NULL, CHECK, UNIQUE, foreign keys), so a bug in the code cannot
 * store a row the rules forbid. Relations are declared lazily (`() => …`) because users
 * and houses point at each other.
 */
import { randomUUID } from 'node:crypto';

import { defineEntity, p, Routine } from '@mikro-orm/core';
import {
  AUDIT_ACTION_NAMES,
  MAX_LENGTH,
  PAYMENT_METHODS,
  PAYMENT_REFERENCE_MAX,
  PAYMENT_STATUSES,
  PAYMENT_TYPES,
  ROLES,
  VISITOR_KINDS,
  VISITOR_STATUSES,
  DECISION_REASON_MAX,
  GATE_REVIEW_ACTIONS,
  GATE_REVIEW_STATUSES,
  GATE_REVIEW_TEXT_MAX,
  API_TOKEN_NAME_MAX,
  API_TOKEN_PREFIX_LENGTH,
  API_TOKEN_ROLES,
  WEBHOOK_DELIVERY_STATUSES,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_URL_MAX,
  BLOCKLIST_REASON_MAX,
  RECURRING_PASS_STORED_STATUSES,
  GATE_NAME_MAX,
} from '@gatehouse/shared';

const id = () =>
  p
    .uuid()
    .primary()
    .onCreate(() => randomUUID());
const createdAt = () =>
  p
    .datetime()
    .onCreate(() => new Date())
    .defaultRaw('current_timestamp');
const updatedAt = () =>
  p
    .datetime()
    .onCreate(() => new Date())
    .onUpdate(() => new Date())
    .defaultRaw('current_timestamp');

/** A person who signs in: admin, resident or guard (product-spec §3, server-contract §4). */
export const UserSchema = defineEntity({
  name: 'User',
  tableName: 'app_user',
  properties: {
    id: id(),
    name: p.string().length(MAX_LENGTH.name),
    email: p.string().length(MAX_LENGTH.email).unique(),
    phone: p.string().length(MAX_LENGTH.phone),
    role: p.enum(ROLES),
    /** argon2id hash in PHC format; never serialised. */
    passwordHash: p.text().hidden().lazy(),
    /** A user lives in at most one house (server-contract §5). */
    house: () => p.manyToOne(House).nullable().deleteRule('set null').index(),
    isActive: p.boolean().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  checks: [
    { name: 'app_user_email_lower_check', expression: 'email = lower(email)' },
    { name: 'app_user_name_check', expression: "char_length(btrim(name)) >= 2" },
  ],
  // A change of the user's role, house or active state tells every server process's live
  // stream hub, at commit, to end this user's open streams (their reader's rights changed);
  // the payload carries the id only.
  triggers: [
    {
      name: 'app_user_access_changed',
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      body: "if new.role is distinct from old.role or new.house_id is distinct from old.house_id or new.is_active is distinct from old.is_active then perform pg_notify('visitor_event', 'access-changed:user:' || new.id::text); end if; return null;",
    },
  ],
});
export class User extends UserSchema.class {}
UserSchema.setClass(User);

/**
 * A sign-in session. The bearer token itself is never stored: only its SHA-256 hash
 * (server-contract §4).
 */
export const SessionSchema = defineEntity({
  name: 'Session',
  tableName: 'session',
  properties: {
    id: id(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    tokenHash: p.string().length(64).unique(),
    createdAt: createdAt(),
    lastSeenAt: p.datetime().onCreate(() => new Date()),
    expiresAt: p.datetime(),
    revokedAt: p.datetime().nullable(),
    ipAddress: p.string().length(64).nullable(),
  },
  // A revoked session's live streams end at once, in every server process (the NOTIFY, at commit).
  triggers: [
    {
      name: 'session_access_changed',
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      body: "if old.revoked_at is null and new.revoked_at is not null then perform pg_notify('visitor_event', 'access-changed:session:' || new.id::text); end if; return null;",
    },
  ],
});
export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session);

/**
 * An API token an admin made for an integration (integrations §4). Like a session, only
 * the token's SHA-256 hash is stored: the token is `gh_` and 32 random bytes, so a fast
 * hash cannot be brute-forced and a slow one (argon2) would only slow every call down.
 * A call made with it acts as its creator with the token's role; it stops working when
 * revoked, expired, or its creator is deactivated or no longer an admin.
 */
export const ApiTokenSchema = defineEntity({
  name: 'ApiToken',
  tableName: 'api_token',
  properties: {
    id: id(),
    name: p.string().length(API_TOKEN_NAME_MAX),
    role: p.enum(API_TOKEN_ROLES),
    /** SHA-256 of the whole token, lowercase hex; the unique index is the look-up's. */
    tokenHash: p.string().length(64).unique(),
    /** `gh_` and the next 8 characters of the token, to tell tokens apart in the list. */
    prefix: p.string().length(API_TOKEN_PREFIX_LENGTH),
    /** The admin who made it; a call with the token acts as this user. */
    createdBy: () => p.manyToOne(User).deleteRule('restrict').index(),
    createdAt: createdAt(),
    expiresAt: p.datetime().nullable(),
    /** Written at most once a minute. */
    lastUsedAt: p.datetime().nullable(),
    revokedAt: p.datetime().nullable(),
  },
  checks: [{ name: 'api_token_name_check', expression: 'char_length(btrim(name)) >= 1' }],
  // A revoked token's live streams end at once, in every server process (the NOTIFY, at commit).
  triggers: [
    {
      name: 'api_token_access_changed',
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      body: "if old.revoked_at is null and new.revoked_at is not null then perform pg_notify('visitor_event', 'access-changed:api-token:' || new.id::text); end if; return null;",
    },
  ],
});
export class ApiToken extends ApiTokenSchema.class {}
ApiTokenSchema.setClass(ApiToken);

/** A house of the community, identified by (houseNumber, block) (server-contract §5). */
export const HouseSchema = defineEntity({
  name: 'House',
  tableName: 'house',
  properties: {
    id: id(),
    houseNumber: p.string().length(MAX_LENGTH.houseNumber),
    block: p.string().length(MAX_LENGTH.block),
    street: p.string().length(MAX_LENGTH.street),
    owner: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    residents: () => p.oneToMany(User).mappedBy('house'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  uniques: [{ name: 'house_number_block_unique', properties: ['houseNumber', 'block'] }],
  checks: [
    { name: 'house_number_check', expression: "char_length(btrim(house_number)) > 0" },
    { name: 'house_block_check', expression: "char_length(btrim(block)) > 0" },
  ],
});
export class House extends HouseSchema.class {}
HouseSchema.setClass(House);

/**
 * A gate of the community (operations §2): admins name it and switch it on or off; every
 * check-in and check-out records the gate it happened at. Names are unique whatever
 * their case (`gate_name_lower_unique`).
 */
export const GateSchema = defineEntity({
  name: 'Gate',
  tableName: 'gate',
  properties: {
    id: id(),
    name: p.string().length(GATE_NAME_MAX),
    isActive: p.boolean().default(true),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  indexes: [
    { name: 'gate_name_lower_unique', expression: `create unique index "gate_name_lower_unique" on "gate" (lower("name"))` },
  ],
  checks: [{ name: 'gate_name_check', expression: 'char_length(btrim(name)) > 0' }],
});
export class Gate extends GateSchema.class {}
GateSchema.setClass(Gate);

/**
 * A visitor invitation: who is expected, at which house, on which day and between which
 * times, and where the visit stands (product-spec §3, server-contract §6).
 */
export const VisitorInvitationSchema = defineEntity({
  name: 'VisitorInvitation',
  tableName: 'visitor_invitation',
  properties: {
    id: id(),
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
    /** Who invited; for a walk-in, null until a resident of the house decides (live-gate §2). */
    host: () => p.manyToOne(User).nullable().deleteRule('restrict').index(),
    /** YYYY-MM-DD in the community's time zone. */
    visitDate: p.date(),
    /** HH:MM, 24-hour. */
    visitTimeFrom: p.string().length(5),
    visitTimeTo: p.string().length(5),
    status: p.enum(VISITOR_STATUSES),
    qrCodeToken: p.string().length(64).unique(),
    /**
     * The pass code a visitor can read out (live-gate §1): 6 digits, 8 in a community with
     * over 100,000 open passes; unique among passes not in a final status (reused after).
     */
    passCode: p.string().length(8),
    /** The PNG pass as a data URL, drawn once at invitation time. */
    qrCodeDataUrl: p.text(),
    checkInTime: p.datetime().nullable(),
    checkOutTime: p.datetime().nullable(),
    checkedInBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    checkedOutBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    /** The gate of the check-in and of the check-out (operations §2); null when none was known. */
    checkInGate: () => p.manyToOne(Gate).nullable().deleteRule('restrict'),
    checkOutGate: () => p.manyToOne(Gate).nullable().deleteRule('restrict'),
    notes: p.string().length(MAX_LENGTH.notes * 2 + 1).nullable(),
    /** Invited ahead, or registered at the gate (live-gate §2). */
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
     * When the visitor's personal data was removed (operations §6: the retention job or an
     * admin's erase): the name is then "Visitor" and the phone is stored as '' (shown as null).
     */
    anonymisedAt: p.datetime().nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  // One index per list's filter and order (performance issue), so that a first page reads
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
    { name: 'visitor_invitation_status_check_in_time_index', properties: ['status', 'checkInTime', 'id'] },
    // The reports' walk-ins registered in a range.
    { name: 'visitor_invitation_created_at_index', properties: ['createdAt', 'id'] },
    // The CSV export's keyset pages (operations §4): by visit date, then id.
    { name: 'visitor_invitation_visit_date_index', properties: ['visitDate', 'id'] },
    // A pass code finds one open pass; codes of passes in a final status may come back.
    {
      name: 'visitor_invitation_open_pass_code_unique',
      expression: `create unique index "visitor_invitation_open_pass_code_unique" on "visitor_invitation" ("pass_code") where "status" in ('pending', 'approved', 'checked-in')`,
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
    // The retention job's walk (operations §6): the visitors not yet anonymised, oldest visit first.
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
      body: 'insert into visitor_status_count (status, shard, n) values (new.status, floor(random() * 16)::smallint, 1) on conflict (status, shard) do update set n = visitor_status_count.n + 1; return null;',
    },
    {
      name: 'visitor_invitation_count_update',
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      body: 'if old.status is distinct from new.status then insert into visitor_status_count (status, shard, n) values (old.status, floor(random() * 16)::smallint, -1), (new.status, floor(random() * 16)::smallint, 1) on conflict (status, shard) do update set n = visitor_status_count.n + excluded.n; end if; return null;',
    },
    // Every new visitor and every change of one is an event (live-gate §3), written by the
    // same statement, so that no code path can change a visitor unseen; the NOTIFY (sent
    // at commit) carries only the event's id. One exception: a transaction that says
    // `set local gatehouse.quiet_visitor_events = 'on'` changes visitors without events
    // (the retention job, operations §6: its first run on an old database would otherwise
    // send an event, and a webhook delivery, per visitor ever recorded).
    {
      name: 'visitor_invitation_event_insert',
      timing: 'after',
      events: ['insert'],
      forEach: 'row',
      body: "insert into visitor_event (type, visitor_id, house_id, host_id, state, created_at) values ('visitor.created', new.id, new.house_id, new.host_id, jsonb_build_object('status', new.status, 'host_id', new.host_id, 'check_in_time', new.check_in_time, 'check_out_time', new.check_out_time, 'checked_in_by_id', new.checked_in_by_id, 'checked_out_by_id', new.checked_out_by_id, 'notes', new.notes, 'decided_by_id', new.decided_by_id, 'decided_at', new.decided_at, 'decision_reason', new.decision_reason, 'has_photo', new.has_photo, 'updated_at', new.updated_at), now()); perform pg_notify('visitor_event', currval('visitor_event_id_seq')::text); return null;",
    },
    {
      name: 'visitor_invitation_event_update',
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      body: "if current_setting('gatehouse.quiet_visitor_events', true) = 'on' then return null; end if; insert into visitor_event (type, visitor_id, house_id, host_id, state, created_at) values ('visitor.updated', new.id, new.house_id, new.host_id, jsonb_build_object('status', new.status, 'host_id', new.host_id, 'check_in_time', new.check_in_time, 'check_out_time', new.check_out_time, 'checked_in_by_id', new.checked_in_by_id, 'checked_out_by_id', new.checked_out_by_id, 'notes', new.notes, 'decided_by_id', new.decided_by_id, 'decided_at', new.decided_at, 'decision_reason', new.decision_reason, 'has_photo', new.has_photo, 'updated_at', new.updated_at), now()); perform pg_notify('visitor_event', currval('visitor_event_id_seq')::text); return null;",
    },
    // A resident's notifications (live-gate §4): a walk-in waiting for their house; their
    // own visitor checking in or out. The NOTIFY carries the visitor id (no personal data).
    {
      name: 'visitor_invitation_notify_insert',
      timing: 'after',
      events: ['insert'],
      forEach: 'row',
      body: "if new.kind = 'walk-in' and new.status = 'pending' then insert into notification (user_id, kind, visitor_id) select u.id, 'walk-in.waiting', new.id from app_user u left join notification_preference np on np.user_id = u.id where u.house_id = new.house_id and u.role = 'resident' and u.is_active and coalesce(np.walk_ins, true); if found then perform pg_notify('notification', new.id::text); end if; end if; return null;",
    },
    {
      name: 'visitor_invitation_notify_update',
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      body: "if new.host_id is not null and old.status is distinct from new.status and new.status in ('checked-in', 'checked-out') then insert into notification (user_id, kind, visitor_id) select u.id, case when new.status = 'checked-in' then 'visitor.checked-in' else 'visitor.checked-out' end, new.id from app_user u left join notification_preference np on np.user_id = u.id where u.id = new.host_id and u.is_active and (case when new.status = 'checked-in' then coalesce(np.check_ins, true) else coalesce(np.check_outs, true) end); if found then perform pg_notify('notification', new.id::text); end if; end if; return null;",
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
      body: 'insert into visitor_search_gram_count (gram, shard, n) select g, floor(random() * 16)::smallint, 1 from unnest(visitor_search_grams(new.name, new.phone, new.vehicle_license_plate)) g order by g on conflict (gram, shard) do update set n = visitor_search_gram_count.n + 1; return null;',
    },
    {
      name: 'visitor_invitation_gram_update',
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      // Only a changed name, phone or plate fires it: the gate's moves do not pay for it.
      // (Written as PostgreSQL reports it back, so that the schema check sees no difference.)
      when: '(((old.name)::text IS DISTINCT FROM (new.name)::text) OR ((old.phone)::text IS DISTINCT FROM (new.phone)::text) OR ((old.vehicle_license_plate)::text IS DISTINCT FROM (new.vehicle_license_plate)::text))',
      body: 'insert into visitor_search_gram_count (gram, shard, n) select g, floor(random() * 16)::smallint, sum(d) from (select unnest(visitor_search_grams(old.name, old.phone, old.vehicle_license_plate)) g, -1 d union all select unnest(visitor_search_grams(new.name, new.phone, new.vehicle_license_plate)), 1) changes group by g having sum(d) <> 0 order by g on conflict (gram, shard) do update set n = visitor_search_gram_count.n + excluded.n; return null;',
    },
    {
      name: 'visitor_invitation_gram_delete',
      timing: 'after',
      events: ['delete'],
      forEach: 'row',
      body: 'insert into visitor_search_gram_count (gram, shard, n) select g, floor(random() * 16)::smallint, -1 from unnest(visitor_search_grams(old.name, old.phone, old.vehicle_license_plate)) g order by g on conflict (gram, shard) do update set n = visitor_search_gram_count.n - 1; return null;',
    },
    {
      name: 'visitor_invitation_count_delete',
      timing: 'after',
      events: ['delete'],
      forEach: 'row',
      body: 'insert into visitor_status_count (status, shard, n) values (old.status, floor(random() * 16)::smallint, -1) on conflict (status, shard) do update set n = visitor_status_count.n - 1; return null;',
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
    // Only an anonymised visitor has no phone (operations §6).
    { name: 'visitor_invitation_phone_check', expression: "phone <> '' or anonymised_at is not null" },
  ],
});
export class VisitorInvitation extends VisitorInvitationSchema.class {}
VisitorInvitationSchema.setClass(VisitorInvitation);

/**
 * A recurring pass (operations §1): a frequent visitor who may enter on the listed
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
  properties: {
    id: id(),
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
    passCode: p.string().length(8).unique(),
    qrCodeDataUrl: p.text(),
    notifyOnArrival: p.boolean().default(false),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
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
 * One check-in of a recurring pass and its check-out (operations §1). A pass is never
 * inside twice at once: at most one entry of a pass has no check-out
 * (`pass_entry_open_unique`, a partial unique index), so of concurrent check-ins one wins.
 */
export const PassEntrySchema = defineEntity({
  name: 'PassEntry',
  tableName: 'pass_entry',
  properties: {
    id: id(),
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
      body: "insert into notification (user_id, kind, pass_id) select u.id, 'visitor.checked-in', p.id from recurring_pass p join app_user u on u.id = p.host_id where p.id = new.pass_id and p.notify_on_arrival and u.is_active; if found then perform pg_notify('notification', new.pass_id::text); end if; return null;",
    },
    {
      name: 'pass_entry_notify_update',
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      body: "if old.check_out_time is null and new.check_out_time is not null then insert into notification (user_id, kind, pass_id) select u.id, 'visitor.checked-out', p.id from recurring_pass p join app_user u on u.id = p.host_id where p.id = new.pass_id and p.notify_on_arrival and u.is_active; if found then perform pg_notify('notification', new.pass_id::text); end if; end if; return null;",
    },
  ],
});
export class PassEntry extends PassEntrySchema.class {}
PassEntrySchema.setClass(PassEntry);

/**
 * A visitor's photo (live-gate §2): the JPEG as uploaded, at most 200 KB, apart from the
 * visitor row so that lists and the gate path never read it.
 */
export const VisitorPhotoSchema = defineEntity({
  name: 'VisitorPhoto',
  tableName: 'visitor_photo',
  properties: {
    visitor: () => p.oneToOne(VisitorInvitation).primary().owner().deleteRule('cascade'),
    jpeg: p.blob(),
    updatedAt: updatedAt(),
  },
});
export class VisitorPhoto extends VisitorPhotoSchema.class {}
VisitorPhotoSchema.setClass(VisitorPhoto);

/**
 * How many invitations are in each status, kept by triggers on `visitor_invitation` in the
 * same transaction as the write, spread over 16 shards per status so that concurrent gate
 * moves do not queue on one row. The count of a status is the sum of its shards.
 */
export const VisitorStatusCountSchema = defineEntity({
  name: 'VisitorStatusCount',
  tableName: 'visitor_status_count',
  properties: {
    status: p.enum(VISITOR_STATUSES).primary(),
    shard: p.smallint().primary(),
    n: p.bigint('number').default(0),
  },
});
export class VisitorStatusCount extends VisitorStatusCountSchema.class {}
VisitorStatusCountSchema.setClass(VisitorStatusCount);

/**
 * `visitor_search_grams(name, phone, plate)`: every 3-character substring of the lower-cased
 * name, phone and plate, each once (a SQL function, used by the search-count triggers below).
 * A visitor matches `name ILIKE '%abc%' or phone ILIKE '%abc%' or plate ILIKE '%abc%'` exactly
 * when `lower('abc')` is one of them.
 */
export const visitorSearchGrams = new Routine({
  name: 'visitor_search_grams',
  type: 'function',
  language: 'sql',
  deterministic: true,
  params: { name: { type: 'text' }, phone: { type: 'text' }, plate: { type: 'text' } },
  returns: { runtimeType: 'any', columnType: 'text[]' },
  body: "select coalesce(array_agg(distinct substr(s, i, 3)), '{}') from unnest(array[lower(name), lower(phone), lower(plate)]) s, generate_series(1, length(s) - 2) i where s is not null",
});

/** Every SQL routine, registered with the ORM beside the entities. */
export const routines = [visitorSearchGrams];

/**
 * How many invitations contain each 3-character fragment (`gram`, lower case) in their name,
 * phone or plate (counted once when in several), kept by triggers on `visitor_invitation` in
 * the same transaction as the write and spread over 16 shards like the status counts. The
 * grams of a visitor are `visitor_search_grams(name, phone, plate)` (a SQL function of the
 * migrations): every 3-character substring of the lower-cased name, phone and plate, so that
 * a visitor matches `ILIKE '%abc%'` on one of them exactly when `lower('abc')` is one of its grams.
 */
export const VisitorSearchGramCountSchema = defineEntity({
  name: 'VisitorSearchGramCount',
  tableName: 'visitor_search_gram_count',
  properties: {
    gram: p.text().primary(),
    shard: p.smallint().primary(),
    n: p.bigint('number').default(0),
  },
});
export class VisitorSearchGramCount extends VisitorSearchGramCountSchema.class {}
VisitorSearchGramCountSchema.setClass(VisitorSearchGramCount);

/** A vehicle registered to a house; plates are normalised and unique (server-contract §5). */
export const VehicleSchema = defineEntity({
  name: 'Vehicle',
  tableName: 'vehicle',
  properties: {
    id: id(),
    licensePlate: p.string().length(MAX_LENGTH.licensePlate).unique(),
    make: p.string().length(MAX_LENGTH.make),
    model: p.string().length(MAX_LENGTH.model),
    color: p.string().length(MAX_LENGTH.color),
    house: () => p.manyToOne(House).deleteRule('restrict').index(),
    owner: () => p.manyToOne(User).deleteRule('restrict').index(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  checks: [{ name: 'vehicle_license_plate_check', expression: 'license_plate = upper(license_plate)' }],
});
export class Vehicle extends VehicleSchema.class {}
VehicleSchema.setClass(Vehicle);

/** Community dues owed by a house, in integer US cents (server-contract §2, §7). */
export const PaymentSchema = defineEntity({
  name: 'Payment',
  tableName: 'payment',
  properties: {
    id: id(),
    house: () => p.manyToOne(House).deleteRule('restrict').index(),
    amountCents: p.integer(),
    type: p.enum(PAYMENT_TYPES),
    description: p.string().length(MAX_LENGTH.description).nullable(),
    status: p.enum(PAYMENT_STATUSES),
    dueDate: p.date().nullable(),
    paidAt: p.datetime().nullable(),
    /** How a completed payment was paid (operations §5); null until completed. */
    method: p.enum(PAYMENT_METHODS).nullable(),
    /** The payer's reference for a completed payment (cheque number, transfer id). */
    reference: p.string().length(PAYMENT_REFERENCE_MAX).nullable(),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  indexes: [
    { name: 'payment_created_at_index', properties: ['createdAt'] },
    // operations §5: overdue = pending and due before today; the filter reads this index.
    { name: 'payment_status_due_date_index', properties: ['status', 'dueDate'] },
  ],
  checks: [
    { name: 'payment_amount_check', expression: 'amount_cents > 0 and amount_cents <= 100000000' },
    { name: 'payment_paid_at_check', expression: "status <> 'completed' or paid_at is not null" },
    // operations §5: a completed payment records how it was paid; only a completed one has a method or reference.
    {
      name: 'payment_method_status_check',
      expression: "(status = 'completed') = (method is not null) and (status = 'completed' or reference is null)",
    },
  ],
});
export class Payment extends PaymentSchema.class {}
PaymentSchema.setClass(Payment);

/** The kinds of visitor event a live subscriber receives (live-gate §3). */
export const VISITOR_EVENT_TYPES = ['visitor.created', 'visitor.updated'] as const;
export type VisitorEventType = (typeof VISITOR_EVENT_TYPES)[number];

/**
 * A visitor event (live-gate §3), written by the triggers on `visitor_invitation`: which
 * visitor, whose house, and the columns a move changes as they were after it (`state`),
 * so that a replay shows each visitor as it was at that event. Ids increase; rows older
 * than a day are pruned.
 */
export const VisitorEventSchema = defineEntity({
  name: 'VisitorEvent',
  tableName: 'visitor_event',
  properties: {
    id: p.bigint('string').primary().autoincrement(),
    type: p.enum(VISITOR_EVENT_TYPES),
    visitor: () => p.manyToOne(VisitorInvitation).deleteRule('cascade').index(),
    /** The visitor's house and host at the event: who may receive it (server-contract §5). */
    houseId: p.uuid(),
    hostId: p.uuid().nullable(),
    state: p.json<Record<string, unknown>>(),
    createdAt: p.datetime().defaultRaw('current_timestamp').index(),
  },
  triggers: [
    // integrations §3: each event becomes one delivery per active webhook subscribed to its
    // type, written with the event (so exactly once, whatever the number of server
    // processes); the NOTIFY (at commit) carries the event id and wakes the senders.
    {
      name: 'visitor_event_webhook_deliveries',
      timing: 'after',
      events: ['insert'],
      forEach: 'row',
      body: "insert into webhook_delivery (id, webhook_id, event_type, event_id, status, attempts, next_attempt_at, created_at) select gen_random_uuid(), w.id, new.type, new.id, 'pending', 0, now(), now() from webhook w where w.is_active and (new.type = any(w.events) or '*' = any(w.events)); if found then perform pg_notify('webhook_delivery', new.id::text); end if; return null;",
    },
  ],
});
export class VisitorEvent extends VisitorEventSchema.class {}
VisitorEventSchema.setClass(VisitorEvent);

/** The kinds of notification a resident gets (live-gate §4), each of which they can turn off. */
/** `visitor.blocklist-refused`: written for the admins by the gate's refused check-in (operations §3), not by a trigger. */
export const NOTIFICATION_KINDS = ['walk-in.waiting', 'visitor.checked-in', 'visitor.checked-out', 'visitor.blocklist-refused'] as const;
export type NotificationKind = (typeof NOTIFICATION_KINDS)[number];

/**
 * A resident's notification (live-gate §4): a walk-in waits for their house, or their own
 * visitor checked in or out. Written by the triggers on `visitor_invitation` in the same
 * transaction as the move (every path, one place), for each resident who has not turned
 * that kind off; the host of a recurring pass that asks for it, each check-in and
 * check-out of its holder (the triggers on `pass_entry`); and for the admins, a check-in
 * of a visitor or recurring pass the blocklist refused (operations §3, services/blocklist.ts); `NOTIFY notification, '<id>'` lets a server with Web Push send it, and
 * `pushed_at` makes exactly one process send it.
 */
export const NotificationSchema = defineEntity({
  name: 'Notification',
  tableName: 'notification',
  properties: {
    id: p.uuid().primary().defaultRaw('gen_random_uuid()'),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    kind: p.enum(NOTIFICATION_KINDS),
    /** Who it is about: a visitor, or (operations §3, a refused pass) a recurring pass; exactly one of the two. */
    visitor: () => p.manyToOne(VisitorInvitation).deleteRule('cascade').nullable().index(),
    pass: () => p.manyToOne(RecurringPass).deleteRule('cascade').nullable().index(),
    createdAt: p.datetime().defaultRaw('current_timestamp'),
    readAt: p.datetime().nullable(),
    pushedAt: p.datetime().nullable(),
  },
  indexes: [{ name: 'notification_user_created_at_index', properties: ['user', 'createdAt'] }],
  checks: [{ name: 'notification_subject_check', expression: 'num_nonnulls(visitor_id, pass_id) = 1' }],
});
export class Notification extends NotificationSchema.class {}
NotificationSchema.setClass(Notification);

/** Which notifications a user wants (live-gate §4); no row: all of them. */
export const NotificationPreferenceSchema = defineEntity({
  name: 'NotificationPreference',
  tableName: 'notification_preference',
  properties: {
    user: () => p.oneToOne(User).primary().owner().deleteRule('cascade'),
    walkIns: p.boolean().default(true),
    checkIns: p.boolean().default(true),
    checkOuts: p.boolean().default(true),
    updatedAt: updatedAt(),
  },
});
export class NotificationPreference extends NotificationPreferenceSchema.class {}
NotificationPreferenceSchema.setClass(NotificationPreference);

/** A browser's Web Push subscription (live-gate §4); deleted when the push service answers 404 or 410. */
export const PushSubscriptionSchema = defineEntity({
  name: 'PushSubscription',
  tableName: 'push_subscription',
  properties: {
    id: id(),
    user: () => p.manyToOne(User).deleteRule('cascade').index(),
    endpoint: p.string().length(1000).unique(),
    p256dh: p.string().length(200),
    auth: p.string().length(100),
    createdAt: createdAt(),
  },
});
export class PushSubscription extends PushSubscriptionSchema.class {}
PushSubscriptionSchema.setClass(PushSubscription);

/** What an audit event records (the list lives in @gatehouse/shared, which the browser reads too). */
export const AUDIT_ACTIONS = AUDIT_ACTION_NAMES;
export type AuditAction = (typeof AUDIT_ACTIONS)[number];

/**
 * The append-only audit log: sign-ins (success and failure), role and account changes,
 * and every gate event, with who, when and from which address. The database refuses
 * UPDATE (but the removal of an anonymised visitor's free text, operations §6) and DELETE
 * on it (the trigger below), and TRUNCATE (a statement trigger that
 * migration Migration20261124145902 creates by hand: MikroORM's schema comparison does
 * not see statement triggers, so declaring it here would make it look missing forever).
 */
export const AuditEventSchema = defineEntity({
  name: 'AuditEvent',
  tableName: 'audit_event',
  properties: {
    id: id(),
    /** Insertion order, for a stable order among events of the same instant. */
    sequence: p.bigint('number').autoincrement().unique(),
    occurredAt: p.datetime().onCreate(() => new Date()).defaultRaw('current_timestamp'),
    action: p.enum(AUDIT_ACTIONS),
    /** The user who acted; null for a failed sign-in of an unknown email. */
    actor: () => p.manyToOne(User).nullable().deleteRule('set null').index(),
    /** The email a sign-in was attempted with (failures included). */
    actorEmail: p.string().length(MAX_LENGTH.email).nullable(),
    /** The API token the call was made with (integrations §4); null for a session's call. */
    apiToken: () => p.manyToOne(ApiToken).nullable().deleteRule('set null'),
    ipAddress: p.string().length(64).nullable(),
    targetType: p.string().length(32).nullable(),
    targetId: p.uuid().nullable(),
    /** Short facts about the event, e.g. `{from: 'resident', to: 'guard'}` or `{notes}`. */
    details: p.json<Record<string, unknown>>().nullable(),
  },
  indexes: [
    { name: 'audit_event_target_index', properties: ['targetType', 'targetId', 'occurredAt'] },
    { name: 'audit_event_occurred_at_index', properties: ['occurredAt'] },
    // A user's sign-ins and failed attempts since the last one (hardening issue, item 9).
    { name: 'audit_event_actor_action_index', properties: ['actor', 'action', 'sequence'] },
  ],
  triggers: [
    {
      name: 'audit_event_append_only',
      timing: 'before',
      events: ['update', 'delete'],
      forEach: 'row',
      // One change is allowed (operations §6): removing the free text a row about a visitor
      // may hold (the gate's notes, a decision's or refusal's reason, a Needs review message
      // or note) from its details when the visitor is erased or anonymised, every other
      // column and detail as it was.
      body: "if tg_op = 'UPDATE' and (to_jsonb(new) - 'details') = (to_jsonb(old) - 'details') and new.details = old.details - array['notes', 'reason', 'message', 'note'] then return new; end if; raise exception 'audit_event is append-only';",
    },
  ],
});
export class AuditEvent extends AuditEventSchema.class {}
AuditEventSchema.setClass(AuditEvent);

/**
 * An address an account has signed in from successfully, kept only as a SHA-256 marker
 * of (user, address). Once an email's failed sign-ins have tripped its limit, the right
 * password still gets through from such an address (hardening issue, item 9).
 */
export const SignInMarkerSchema = defineEntity({
  name: 'SignInMarker',
  tableName: 'sign_in_marker',
  properties: {
    user: () => p.manyToOne(User).primary().deleteRule('cascade'),
    markerHash: p.string().length(64).primary(),
    firstSeenAt: p.datetime(),
    lastSeenAt: p.datetime(),
  },
});
export class SignInMarker extends SignInMarkerSchema.class {}
SignInMarkerSchema.setClass(SignInMarker);

/**
 * An `Idempotency-Key` a signed-in user sent with a state-changing POST of the REST API
 * (offline-gate §3), and the first answer to it: a repeat with the same key, caller, method
 * and path within 24 hours gets that answer again instead of doing the work twice. The
 * caller is the user's sessions (`caller` empty) or one API token (`api-token:<id>`,
 * integrations §4): a token acts as its creator, but never gets an answer kept for the
 * creator's own calls or another token's. While
 * the first request runs, `responseStatus` is null. The body is compared as parsed JSON,
 * by `requestHash` (SHA-256 of its canonical JSON). Answers of 5xx are not kept (the row is
 * removed), and rows older than a day are purged.
 */
export const IdempotencyKeySchema = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_key',
  properties: {
    /** A new id for every attempt that claims the key (a taken-over claim gets a new one). */
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    /** '' for the user's own sessions, `api-token:<uuid>` for a call made with an API token. */
    caller: p.string().length(50).default(''),
    /** 1 to 100 printable ASCII characters. */
    key: p.string().length(100),
    method: p.string().length(8),
    /** The request's path, without its query (longer paths are not stored: no route has one). */
    path: p.string().length(1000),
    requestHash: p.string().length(64),
    /**
     * The caller's access when the answer was made (the role, and a resident's house): a
     * repeat under other access is refused, not given the answer. Null on keys kept before.
     */
    access: p.string().length(64).nullable(),
    createdAt: p.datetime(),
    responseStatus: p.smallint().nullable(),
    /** The JSON text of the first answer, as sent. */
    responseBody: p.text().nullable(),
    completedAt: p.datetime().nullable(),
  },
  uniques: [{ name: 'idempotency_key_user_caller_key_method_path_unique', properties: ['user', 'caller', 'key', 'method', 'path'] }],
  indexes: [{ name: 'idempotency_key_created_at_index', properties: ['createdAt'] }],
});
export class IdempotencyKey extends IdempotencyKeySchema.class {}
IdempotencyKeySchema.setClass(IdempotencyKey);

/**
 * An entry the gate recorded offline that the server refused on replay (offline-gate §3,
 * Needs review): which visitor or recurring pass (if known; at most one), the move, when
 * it happened, the server's message. Open until a person dismisses it, or an admin
 * records, with a note, that the person did pass the gate. `idempotencyKey` is the queued
 * entry's key: the same key again from the same user is the same review.
 */
export const GateReviewSchema = defineEntity({
  name: 'GateReview',
  tableName: 'gate_review',
  properties: {
    id: id(),
    visitor: () => p.manyToOne(VisitorInvitation).nullable().deleteRule('cascade').index(),
    /** Or the recurring pass it was about (operations §1: a pass moved offline); never both. */
    pass: () => p.manyToOne(RecurringPass).nullable().deleteRule('cascade').index(),
    action: p.enum(GATE_REVIEW_ACTIONS),
    occurredAt: p.datetime(),
    message: p.string().length(GATE_REVIEW_TEXT_MAX),
    /** The refusal's stable error code (`INVALID_TRANSITION`…), when the gate sent it. */
    code: p.string().length(32).nullable(),
    /** The refusal's details as the server answered them (a refusal's values, or the fields at fault). */
    details: p.json<Record<string, unknown> | Array<Record<string, unknown>>>().nullable(),
    idempotencyKey: p.string().length(100).nullable(),
    status: p.enum(GATE_REVIEW_STATUSES),
    createdBy: () => p.manyToOne(User).deleteRule('restrict'),
    createdAt: p.datetime(),
    /** Who dismissed or recorded it, and when. */
    closedBy: () => p.manyToOne(User).nullable().deleteRule('set null'),
    closedAt: p.datetime().nullable(),
    /** The admin's note when recorded. */
    note: p.string().length(GATE_REVIEW_TEXT_MAX).nullable(),
  },
  // The open list, newest first; a key names one review per user (NULL keys never clash).
  indexes: [{ name: 'gate_review_status_created_at_index', properties: ['status', 'createdAt', 'id'] }],
  uniques: [{ name: 'gate_review_created_by_idempotency_key_unique', properties: ['createdBy', 'idempotencyKey'] }],
  checks: [
    { name: 'gate_review_closed_check', expression: "(status = 'open') = (closed_at is null)" },
    { name: 'gate_review_note_check', expression: "status <> 'recorded' or note is not null" },
    { name: 'gate_review_subject_check', expression: 'num_nonnulls(visitor_id, pass_id) <= 1' },
  ],
});
export class GateReview extends GateReviewSchema.class {}
GateReviewSchema.setClass(GateReview);

/**
 * A webhook endpoint (integrations §3, admin): where visitor events are POSTed, which
 * types (`events`: known types or `*`), and the signing secret (`whsec_` + base64 of 24
 * random bytes). The secret is a signing key the server needs in clear to sign each
 * delivery (Standard Webhooks), not a password: kept lazy and hidden, answered only by
 * the create.
 */
export const WebhookSchema = defineEntity({
  name: 'Webhook',
  tableName: 'webhook',
  properties: {
    id: id(),
    url: p.string().length(WEBHOOK_URL_MAX),
    events: p.array(),
    description: p.string().length(WEBHOOK_DESCRIPTION_MAX).nullable(),
    isActive: p.boolean().default(true),
    secret: p.string().length(64).hidden().lazy(),
    createdBy: () => p.manyToOne(User).deleteRule('restrict'),
    createdAt: createdAt(),
    updatedAt: updatedAt(),
  },
  indexes: [{ name: 'webhook_created_at_index', properties: ['createdAt', 'id'] }],
  checks: [{ name: 'webhook_events_check', expression: 'cardinality(events) > 0' }],
});
export class Webhook extends WebhookSchema.class {}
WebhookSchema.setClass(Webhook);

/**
 * One event sent to one webhook (integrations §3), written by the trigger on
 * `visitor_event`. `id` is the Standard Webhooks message id (`webhook-id` and the body's
 * `id`), kept by retries and resends. `payload` is `{id, type, occurredAt, data}` exactly
 * as sent, built at the first attempt from the event (`eventId`; events are pruned after a
 * day, deliveries are not). Pending until a 2xx (delivered) or the last retry (failed);
 * `nextAttemptAt` is when the next attempt is due (also the lease of one in flight);
 * `leasedUntil` is set while an attempt is in flight (until its lease ends), so that
 * neither another worker nor a resend starts a second attempt meanwhile.
 */
export const WebhookDeliverySchema = defineEntity({
  name: 'WebhookDelivery',
  tableName: 'webhook_delivery',
  properties: {
    id: id(),
    webhook: () => p.manyToOne(Webhook).deleteRule('cascade'),
    eventType: p.string().length(64),
    /** The `visitor_event` it was made from (no foreign key: events are pruned after a day). */
    eventId: p.bigint('string').index(),
    payload: p.json<Record<string, unknown>>().nullable(),
    status: p.enum(WEBHOOK_DELIVERY_STATUSES),
    attempts: p.integer().default(0),
    lastStatusCode: p.smallint().nullable(),
    lastError: p.string().length(500).nullable(),
    nextAttemptAt: p.datetime().nullable(),
    leasedUntil: p.datetime().nullable(),
    createdAt: createdAt(),
    deliveredAt: p.datetime().nullable(),
  },
  indexes: [
    // A webhook's deliveries, newest first.
    { name: 'webhook_delivery_webhook_created_at_index', properties: ['webhook', 'createdAt', 'id'] },
    // The due ones, for the sweep that re-queues what a stopped server left behind.
    { name: 'webhook_delivery_status_next_attempt_at_index', properties: ['status', 'nextAttemptAt'] },
  ],
});
export class WebhookDelivery extends WebhookDeliverySchema.class {}
WebhookDeliverySchema.setClass(WebhookDelivery);

/**
 * An entry of the community blocklist (operations §3): a person the gate must not let in,
 * matched by phone number and/or licence plate (at least one), each stored as a visitor's
 * is (phone trimmed; plate trimmed, upper-cased, inner spaces collapsed). Phones match with
 * spaces and dashes ignored (product-spec §5), through `blocklist_entry_phone_key_index`.
 */
export const BlocklistEntrySchema = defineEntity({
  name: 'BlocklistEntry',
  tableName: 'blocklist_entry',
  properties: {
    id: id(),
    name: p.string().length(MAX_LENGTH.name),
    phone: p.string().length(MAX_LENGTH.phone).nullable(),
    licensePlate: p.string().length(MAX_LENGTH.licensePlate).nullable().index('blocklist_entry_license_plate_index'),
    reason: p.string().length(BLOCKLIST_REASON_MAX),
    addedBy: () => p.manyToOne(User).deleteRule('restrict'),
    createdAt: createdAt(),
  },
  indexes: [
    {
      name: 'blocklist_entry_phone_key_index',
      expression: `create index "blocklist_entry_phone_key_index" on "blocklist_entry" (regexp_replace("phone", '[\\s-]', '', 'g'))`,
    },
    { name: 'blocklist_entry_created_at_index', properties: ['createdAt', 'id'] },
  ],
  checks: [
    { name: 'blocklist_entry_match_check', expression: 'phone is not null or license_plate is not null' },
    { name: 'blocklist_entry_license_plate_check', expression: 'license_plate = upper(license_plate)' },
    { name: 'blocklist_entry_reason_check', expression: 'char_length(btrim(reason)) > 0' },
  ],
});
export class BlocklistEntry extends BlocklistEntrySchema.class {}
BlocklistEntrySchema.setClass(BlocklistEntry);

/**
 * The salt the gate pack's pass codes are hashed with on one community day (PBKDF2,
 * offline-gate §2): 16 random bytes as lowercase hex, made by the first process that needs
 * it, so every server process hashes a day's codes alike; with the iterations its hashes were
 * made with. Days before yesterday are deleted (with their hashes).
 */
export const GatePackSaltSchema = defineEntity({
  name: 'GatePackSalt',
  tableName: 'gate_pack_salt',
  properties: {
    /** YYYY-MM-DD in the community's time zone. */
    day: p.date().primary(),
    salt: p.string().length(32),
    iterations: p.integer(),
    createdAt: createdAt(),
  },
  checks: [
    { name: 'gate_pack_salt_salt_check', expression: "salt ~ '^[0-9a-f]{32}$'" },
    { name: 'gate_pack_salt_iterations_check', expression: 'iterations > 0' },
  ],
});
export class GatePackSalt extends GatePackSaltSchema.class {}
GatePackSaltSchema.setClass(GatePackSalt);

/**
 * A pass code's PBKDF2 hash under one day's salt, kept so that each code is hashed once a
 * day across every server process, not at each pack (a hash costs tens of milliseconds).
 * The database keeps the codes themselves anyway: these rows tell nothing more.
 */
export const GatePackCodeHashSchema = defineEntity({
  name: 'GatePackCodeHash',
  tableName: 'gate_pack_code_hash',
  properties: {
    salt: () => p.manyToOne(GatePackSalt).primary().deleteRule('cascade'),
    passCode: p.string().length(8).primary(),
    /** Lowercase hex of the 32-byte hash. */
    hash: p.string().length(64),
  },
});
export class GatePackCodeHash extends GatePackCodeHashSchema.class {}
GatePackCodeHashSchema.setClass(GatePackCodeHash);

/** Every entity, in the order the ORM should discover them. */
export const entities = [
  UserSchema,
  SessionSchema,
  ApiTokenSchema,
  HouseSchema,
  GateSchema,
  VisitorInvitationSchema,
  RecurringPassSchema,
  PassEntrySchema,
  VisitorPhotoSchema,
  VisitorStatusCountSchema,
  VisitorSearchGramCountSchema,
  VisitorEventSchema,
  NotificationSchema,
  NotificationPreferenceSchema,
  PushSubscriptionSchema,
  VehicleSchema,
  PaymentSchema,
  AuditEventSchema,
  SignInMarkerSchema,
  IdempotencyKeySchema,
  GateReviewSchema,
  WebhookSchema,
  WebhookDeliverySchema,
  BlocklistEntrySchema,
  GatePackSaltSchema,
  GatePackCodeHashSchema,
];
