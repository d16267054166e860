/**
 * Business constants of the product (docs/product.md#constants-and-formats) and the input bounds of
 * docs/api.md#input-limits. Every screen and procedure reads them from here.
 */

/** Client request time-out in milliseconds (docs/product.md#constants-and-formats). */
export const REQUEST_TIMEOUT_MS = 30_000;

/**
 * localStorage keys of the session (docs/api.md#objects, docs/product.md#constants-and-formats).
 */
export const STORAGE_KEYS = {
  token: 'auth_token',
  user: 'current_user',
} as const;

/**
 * Password and name minimum lengths in characters (docs/product.md#forms-and-their-messages,
 * docs/product.md#constants-and-formats).
 */
export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MIN_LENGTH = 2;

/**
 * Search debounce in milliseconds and the Copied! confirmation in milliseconds
 * (docs/product.md#constants-and-formats).
 */
export const SEARCH_DEBOUNCE_MS = 300;
export const COPIED_CONFIRMATION_MS = 2_000;

/** Page sizes of the lists and pickers (docs/product.md#constants-and-formats). */
export const PAGE_SIZES = {
  dashboard: 5,
  guardDashboard: 10,
  visitors: 50,
  activeVisitors: 100,
  houses: 100,
  users: 100,
  pickers: 100,
  vehicles: 50,
  adminDashboardVehicles: 5,
  payments: 50,
} as const;

/**
 * Server-side list bounds (docs/api.md#visitors-and-their-statuses,
 * docs/api.md#lists-and-pagination): default 50, clamped to 1..100.
 */
export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 100;

/** Default invitation window, 24-hour HH:MM (docs/product.md#constants-and-formats). */
export const DEFAULT_VISIT_TIME_FROM = '09:00';
export const DEFAULT_VISIT_TIME_TO = '17:00';

/** Characters of the pass token shown at each end (docs/product.md#constants-and-formats). */
export const TOKEN_DISPLAY_CHARS = 8;

/**
 * Most entries in the mobile bottom bar and in the desktop top bar
 * (docs/product.md#constants-and-formats).
 */
export const MAX_NAV_ENTRIES = 5;

/** Maximum lengths of text fields, in characters (docs/api.md#input-limits). */
export const MAX_LENGTH = {
  name: 100,
  email: 254,
  password: 128,
  purpose: 500,
  description: 500,
  notes: 1000,
  houseNumber: 20,
  block: 20,
  street: 200,
  licensePlate: 16,
  make: 50,
  model: 50,
  color: 50,
  q: 100,
  /**
   * A phone number is at most 15 digits plus an optional +, spaces and dashes
   * (docs/api.md#input-limits).
   */
  phone: 32,
  /** Pass tokens are 43 characters (256 bits, base64url); anything much longer cannot be one. */
  token: 200,
} as const;

/** Default of EARLY_CHECKIN_MINUTES (docs/configuration.md#environment-variables). */
export const DEFAULT_EARLY_CHECKIN_MINUTES = 60;

/**
 * Minutes a resident has to decide a walk-in before it expires
 * (docs/configuration.md#environment-variables, WALKIN_APPROVAL_MINUTES).
 */
export const DEFAULT_WALKIN_APPROVAL_MINUTES = 10;
/**
 * Seconds after which the guard's waiting card offers the residents' phones and the gate approval
 * (docs/configuration.md#environment-variables: WALKIN_ESCALATE_SECONDS).
 */
export const DEFAULT_WALKIN_ESCALATE_SECONDS = 60;
/**
 * Minutes past `visitTimeTo` after which a checked-in visitor shows as overstaying
 * (docs/configuration.md#environment-variables: OVERSTAY_GRACE_MINUTES).
 */
export const DEFAULT_OVERSTAY_GRACE_MINUTES = 30;
/** The community's name on the passes residents share, until COMMUNITY_NAME names it. */
export const DEFAULT_COMMUNITY_NAME = 'My Community';

/**
 * Pass codes (docs/gate.md#verifying-a-pass): 6 digits, or 8 once the community has more than
 * 100,000
 * passes not yet in a final status, so that a new code is still easy to find.
 */
export const PASS_CODE_DIGITS = 6;
export const PASS_CODE_DIGITS_LARGE = 8;
export const PASS_CODE_LARGE_ABOVE_OPEN_PASSES = 100_000;

/**
 * Failed scans (unknown token or code) per signed-in user in any 10 minutes
 * (docs/gate.md#verifying-a-pass).
 */
export const FAILED_SCANS_LIMIT = 20;
export const FAILED_SCANS_WINDOW_MS = 10 * 60_000;

// COMMUNITY_STATUSES and COMMUNITY_SLUG_PATTERN are in schemas/communities.ts, beside the only
// schemas that use them: this module is in the web app's first chunk, which /login loads.
export const COMMUNITY_SLUG_MAX = 40;
/** The slug of the community an existing deployment's data is migrated into, and a fresh one starts with. */
export const FIRST_COMMUNITY_SLUG = 'default';
/** Default of a new community's `currency` (ISO 4217). */
export const DEFAULT_CURRENCY = 'USD';
/**
 * What a community keeps that was a server-wide environment variable (docs/api.md#communities);
 * the variables stay the defaults of a new community.
 */
export interface CommunitySettings {
  earlyCheckInMinutes: number;
  walkInApprovalMinutes: number;
  walkInEscalateSeconds: number;
  visitorRetentionDays: number;
  /** ISO 4217 code. */
  currency: string;
  allowSignup: boolean;
}
