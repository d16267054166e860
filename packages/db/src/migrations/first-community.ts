/**
 * The first community of a deployment (docs/security.md#communities): the one the migration to
 * many communities moves an existing database's rows into, and the one a fresh deployment starts
 * with. Its name, time zone and settings come from the server's configuration, handed to the
 * migration through `applyMigrations(database, { firstCommunity })` (a migration class takes no
 * arguments, so they wait here while the migrations run).
 */
import {
  DEFAULT_COMMUNITY_NAME,
  DEFAULT_CURRENCY,
  DEFAULT_EARLY_CHECKIN_MINUTES,
  DEFAULT_WALKIN_APPROVAL_MINUTES,
  DEFAULT_WALKIN_ESCALATE_SECONDS,
  type CommunitySettings,
} from '@gatehouse/shared';

/** What the server configures of its first community. */
export interface FirstCommunityDefaults {
  name: string;
  /** IANA zone (COMMUNITY_TIMEZONE). */
  timeZone: string;
  settings: CommunitySettings;
}

/** Days after a visit before its visitor is anonymised, unless configured (VISITOR_RETENTION_DAYS). */
const DEFAULT_VISITOR_RETENTION_DAYS = 180;

let configured: FirstCommunityDefaults | null = null;

/** Sets (or, with null, clears) what the next migrations make the first community of. */
export function setFirstCommunityDefaults(defaults: FirstCommunityDefaults | null): void {
  configured = defaults;
}

/**
 * The first community's name, zone and settings: the configured ones, else 'My Community' in the
 * process's zone (the server's own default for COMMUNITY_TIMEZONE) with the built-in defaults.
 */
export function firstCommunityDefaults(): FirstCommunityDefaults {
  return (
    configured ?? {
      name: DEFAULT_COMMUNITY_NAME,
      timeZone: Intl.DateTimeFormat().resolvedOptions().timeZone || 'UTC',
      settings: {
        earlyCheckInMinutes: DEFAULT_EARLY_CHECKIN_MINUTES,
        walkInApprovalMinutes: DEFAULT_WALKIN_APPROVAL_MINUTES,
        walkInEscalateSeconds: DEFAULT_WALKIN_ESCALATE_SECONDS,
        visitorRetentionDays: DEFAULT_VISITOR_RETENTION_DAYS,
        currency: DEFAULT_CURRENCY,
        allowSignup: true,
      },
    }
  );
}
