/**
 * Who may call which procedure: the role part of the permission matrix of
 * docs/security.md#who-may-do-what, as data, in one place. Each procedure is 'public', 'signed-in'
 * (any role) or a list of roles; callers outside it get 401 or 403. Rules about *which
 * objects* a caller may touch (their own house, their own vehicle, themselves) live in
 * the services, and answer 404 for objects outside the caller's reach.
 */
import type { Role } from '@gatehouse/shared';

export type Access = 'public' | 'signed-in' | readonly Role[];

const ADMIN = ['admin'] as const;
const GATE = ['guard', 'admin'] as const;
const HOSTS = ['resident', 'admin'] as const;

export const ACCESS = {
  auth: {
    signup: 'public',
    signupOptions: 'public',
    login: 'public',
    logout: 'public',
    me: 'signed-in',
    revokeOtherSessions: 'signed-in',
    changePassword: 'signed-in',
    setCommunity: 'signed-in',
  },
  /**
   * docs/api.md#operators: being an operator is a property of the account, not a role of a
   * membership, so the operators' procedures are 'signed-in' here and the service checks the
   * operator (`assertOperator`: 403 'Only operators can do this'; never with an API token).
   */
  communities: {
    /** The caller's own memberships; with `all=true`, every community (operators: service rule). */
    list: 'signed-in',
    /** Operators (service rule). */
    create: 'signed-in',
    /** Operators (service rule). */
    update: 'signed-in',
  },
  users: {
    list: ADMIN,
    /** Self for everyone, anyone for admins (service rule). */
    byId: 'signed-in',
    create: ADMIN,
    /** Self (name, phone) for everyone, every field for admins (service rule). */
    update: 'signed-in',
    deactivate: ADMIN,
  },
  houses: {
    list: 'signed-in',
    byId: 'signed-in',
    create: ADMIN,
    update: ADMIN,
    delete: ADMIN,
    addResident: ADMIN,
    removeResident: ADMIN,
    /**
     * docs/operations.md#dues-ledger: follows payments (residents: their own house only, service
     * rule).
     */
    balance: HOSTS,
  },
  vehicles: {
    /** Residents: their own house's only (service rule). */
    list: 'signed-in',
    byId: 'signed-in',
    /** Residents: their own house, as owner (service rule). */
    create: HOSTS,
    /** Residents: vehicles they own (service rule). */
    update: HOSTS,
    delete: HOSTS,
  },
  visitors: {
    invite: HOSTS,
    list: 'signed-in',
    myInvitations: 'signed-in',
    byId: 'signed-in',
    activity: 'signed-in',
    cancel: HOSTS,
    scan: GATE,
    checkIn: GATE,
    checkOut: GATE,
    /**
     * docs/gate.md#walk-ins: the gate registers a walk-in; the house's residents (service rule) or
     * an admin decide.
     */
    walkIn: GATE,
    /** A guard only with a reason (service rule: a gate override). */
    approve: ['resident', 'guard', 'admin'],
    reject: HOSTS,
    /**
     * docs/gate.md#walk-ins: the gate adds a photo (pending or approved visitors: state machine
     * rule).
     */
    putPhoto: GATE,
    /** Whoever may read the visitor (service rule). */
    photo: 'signed-in',
    /**
     * docs/gate.md#live-updates: each reader gets the events of the visitors they may read (service
     * rule).
     */
    events: 'signed-in',
    /** The gate settings the web app shows count-downs with (no REST path). */
    settings: 'signed-in',
    /** docs/privacy.md#retention-and-erasure: erasing one visitor's personal data on request. */
    erase: ADMIN,
    /**
     * docs/operations.md#reports-exports-and-inside-now: the CSV export; a resident only their
     * house's (service rule), guards none.
     */
    exportCsv: HOSTS,
    /**
     * docs/operations.md#blocklist: a visitor's refused check-ins with the blocklist's reasons: the
     * gate,
     * which sees a match's reason when it scans, and the admins; never residents.
     */
    blocklistRefusals: GATE,
  },
  /**
   * docs/operations.md#frequent-visitors: recurring passes follow visitors (a resident their
   * house's or hosted ones: service rule).
   */
  passes: {
    create: HOSTS,
    list: 'signed-in',
    byId: 'signed-in',
    update: HOSTS,
    pause: HOSTS,
    resume: HOSTS,
    cancel: HOSTS,
  },
  audit: {
    list: ADMIN,
    /** docs/operations.md#reports-exports-and-inside-now: the audit log as CSV. */
    exportCsv: ADMIN,
  },
  /**
   * docs/api.md#api-tokens: API tokens, made and revoked by admins (never with a token:
   * API_TOKEN_FORBIDDEN_ROUTERS).
   */
  apiTokens: {
    list: ADMIN,
    create: ADMIN,
    revoke: ADMIN,
  },
  /** docs/gate.md#notifications: everyone their own notifications (service rule). */
  notifications: {
    list: 'signed-in',
    count: 'signed-in',
    markRead: 'signed-in',
    settings: 'signed-in',
    updateSettings: 'signed-in',
    subscribePush: 'signed-in',
    unsubscribePush: 'signed-in',
  },
  /** docs/gate.md#the-gate-offline: the gate tablet working offline. */
  gate: {
    /**
     * docs/gate.md#the-gate-pack: the passes a gate verifies offline (hashes, never tokens, codes,
     * phones or e-mails).
     */
    pack: GATE,
    /** docs/gate.md#needs-review: the Needs review list, shared by the gate and the admins. */
    listReviews: GATE,
    createReview: GATE,
    dismissReview: GATE,
    /** docs/gate.md#needs-review: only an admin records that the person did pass the gate. */
    recordReview: ADMIN,
    /**
     * docs/operations.md#reports-exports-and-inside-now: Inside now, the evacuation roll call
     * (guards and admins).
     */
    inside: GATE,
  },
  /**
   * docs/operations.md#reports-exports-and-inside-now: the reports page's figures, the committee's
   * (admins).
   */
  reports: {
    summary: ADMIN,
  },
  /**
   * docs/operations.md#gates: the gates; every signed-in user lists them (the tablet chooses its
   * own), admins manage them.
   */
  gates: {
    list: 'signed-in',
    create: ADMIN,
    update: ADMIN,
  },
  /**
   * docs/operations.md#blocklist: the community blocklist, admins only (the gate sees a match's
   * reason through the scan).
   */
  blocklist: {
    list: ADMIN,
    create: ADMIN,
    remove: ADMIN,
  },
  /** docs/api.md#webhooks: webhooks are the admins' (and never an API token's). */
  webhooks: {
    list: ADMIN,
    create: ADMIN,
    update: ADMIN,
    delete: ADMIN,
    deliveries: ADMIN,
    resend: ADMIN,
  },
  payments: {
    /** Residents: their own house's only (service rule). */
    list: HOSTS,
    byId: HOSTS,
    create: ADMIN,
    /** docs/operations.md#dues-ledger: raise dues for many houses at once. */
    bulk: ADMIN,
    update: ADMIN,
    complete: ADMIN,
    fail: ADMIN,
  },
} as const satisfies Record<string, Record<string, Access>>;

/**
 * What a call made with an API token may never do, whatever the token's role
 * (docs/api.md#api-tokens): sign in, sign up, sign out or change a password (`auth.*`, which
 * includes `auth.me`), read or manage users (`users.*`), or manage API tokens and webhooks
 * (`apiTokens.*`, `webhooks.*`); nor read a person's own notifications or push
 * subscriptions (`notifications.*`: a token acts as its creator, but it is a system, not
 * that person, and must not read their inbox). Whole routers, by name, so a procedure added to one of
 * them later is refused too. Enforced by the procedure middleware (trpc.ts), for tRPC and
 * REST alike: 403 FORBIDDEN `API_TOKEN_FORBIDDEN_MESSAGE`.
 */
export const API_TOKEN_FORBIDDEN_ROUTERS: readonly string[] = ['auth', 'users', 'apiTokens', 'webhooks', 'notifications'];

/**
 * Procedures of other routers that manage users all the same, refused to API tokens for
 * the same reason: who lives in a house is a person's account (`houses.addResident`,
 * `houses.removeResident` move a user in or out); and an operator's changes to communities
 * (`communities.create`, `communities.update`, docs/api.md#operators): a token acts in one community.
 */
export const API_TOKEN_FORBIDDEN_PROCEDURES: readonly string[] = ['houses.addResident', 'houses.removeResident', 'communities.create', 'communities.update'];

/** The 403 text of a call an API token may not make. */
export const API_TOKEN_FORBIDDEN_MESSAGE = 'API tokens cannot do this';

/** Whether a call made with an API token may call the procedure at `path` (`domain.procedure`). */
export function apiTokenMayCall(path: string): boolean {
  const domain = path.split('.', 1)[0] ?? '';
  return !API_TOKEN_FORBIDDEN_ROUTERS.includes(domain) && !API_TOKEN_FORBIDDEN_PROCEDURES.includes(path);
}
