/**
 * Business constants of the product (product-spec §9) and the input bounds of
 * server-contract §1a. Every screen and procedure reads them from here.
 */

/** Client request time-out in milliseconds (product-spec §9). */
export const REQUEST_TIMEOUT_MS = 30_000;

/** localStorage keys of the session (product-spec §3, §9). */
export const STORAGE_KEYS = {
  token: 'auth_token',
  user: 'current_user',
} as const;

/** Password and name minimum lengths in characters (product-spec §5, §9). */
export const PASSWORD_MIN_LENGTH = 6;
export const NAME_MIN_LENGTH = 2;

/** Search debounce in milliseconds and the Copied! confirmation in milliseconds (product-spec §9). */
export const SEARCH_DEBOUNCE_MS = 300;
export const COPIED_CONFIRMATION_MS = 2_000;

/** Page sizes of the lists and pickers (product-spec §9). */
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

/** Server-side list bounds (server-contract §6, §8): default 50, clamped to 1..100. */
export const LIST_DEFAULT_LIMIT = 50;
export const LIST_MAX_LIMIT = 100;

/** Default invitation window, 24-hour HH:MM (product-spec §9). */
export const DEFAULT_VISIT_TIME_FROM = '09:00';
export const DEFAULT_VISIT_TIME_TO = '17:00';

/** Characters of the pass token shown at each end (product-spec §9). */
export const TOKEN_DISPLAY_CHARS = 8;

/** Most entries in the mobile bottom bar and in the desktop top bar (product-spec §9). */
export const MAX_NAV_ENTRIES = 5;

/** Maximum lengths of text fields, in characters (server-contract §1a). */
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
  /** Not in the contract's table: a phone number is at most 15 digits plus an optional +, spaces and dashes. */
  phone: 32,
  /** Pass tokens are 43 characters (256 bits, base64url); anything much longer cannot be one. */
  token: 200,
} as const;

/** Default of EARLY_CHECKIN_MINUTES (server-contract §3). */
export const DEFAULT_EARLY_CHECKIN_MINUTES = 60;

/** Minutes a resident has to decide a walk-in before it expires (live-gate §5, WALKIN_APPROVAL_MINUTES). */
export const DEFAULT_WALKIN_APPROVAL_MINUTES = 10;
/** Seconds after which the guard's waiting card offers the residents' phones and the gate approval (live-gate §5: WALKIN_ESCALATE_SECONDS). */
export const DEFAULT_WALKIN_ESCALATE_SECONDS = 60;
/** Minutes past `visitTimeTo` after which a checked-in visitor shows as overstaying (live-gate §5: OVERSTAY_GRACE_MINUTES). */
export const DEFAULT_OVERSTAY_GRACE_MINUTES = 30;
/** The community's name on the passes residents share, until COMMUNITY_NAME names it. */
export const DEFAULT_COMMUNITY_NAME = 'My Community';

/**
 * Pass codes (live-gate §1): 6 digits, or 8 once the community has more than 100,000
 * passes not yet in a final status, so that a new code is still easy to find.
 */
export const PASS_CODE_DIGITS = 6;
export const PASS_CODE_DIGITS_LARGE = 8;
export const PASS_CODE_LARGE_ABOVE_OPEN_PASSES = 100_000;

/** Failed scans (unknown token or code) per signed-in user in any 10 minutes (live-gate §1). */
export const FAILED_SCANS_LIMIT = 20;
export const FAILED_SCANS_WINDOW_MS = 10 * 60_000;
