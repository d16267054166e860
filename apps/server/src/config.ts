/**
 * Configuration from the environment, exactly as server-contract §3 lists it. A bad
 * value stops the server at start with a message naming the variable.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

import type { TlsSetting } from './tls';
import {
  DEFAULT_COMMUNITY_NAME,
  DEFAULT_EARLY_CHECKIN_MINUTES,
  DEFAULT_OVERSTAY_GRACE_MINUTES,
  DEFAULT_WALKIN_APPROVAL_MINUTES,
  DEFAULT_WALKIN_ESCALATE_SECONDS,
  ZSignupRequest,
} from '@gatehouse/shared';
import { DEFAULT_VISITOR_RETENTION_DAYS, isValidTimeZone, serverTimeZone } from '@gatehouse/api';
import type { DatabaseTarget } from '@gatehouse/db';
import type { z } from 'zod';

import { DEFAULT_API_RATE_LIMITS } from './api-rate-limits';

/** Everything the server reads from its environment. */
export interface ServerConfig {
  port: number;
  host: string;
  database: DatabaseTarget;
  seedDemo: boolean;
  bootstrapAdmin: z.output<typeof ZSignupRequest> | null;
  /** COMMUNITY_NAME: the name on the passes residents share (default 'My Community'). */
  communityName: string;
  timeZone: string;
  earlyCheckinMinutes: number;
  walkinApprovalMinutes: number;
  walkinEscalateSeconds: number;
  overstayGraceMinutes: number;
  sessionTtlDays: number;
  sessionIdleDays: number;
  /** Longest a database statement may run, and wait for a lock, before the request gets 503 (ms; 0 = no limit). */
  statementTimeoutMs: number;
  lockTimeoutMs: number;
  /** The general API rate limit: requests (tRPC calls) per minute per client address and per user. */
  rateLimitPerAddressPerMinute: number;
  rateLimitPerUserPerMinute: number;
  /** Web Push (live-gate §4): VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY, VAPID_SUBJECT; null = off. */
  vapid: { publicKey: string; privateKey: string; subject: string } | null;
  /** WEBHOOK_ALLOW_PRIVATE (integrations §3): webhooks may point at loopback and private addresses. */
  webhookAllowPrivate: boolean;
  /** VISITOR_RETENTION_DAYS (operations §6): days after a visit ends before the visitor is anonymised. */
  visitorRetentionDays: number;
  /** HTTPS (live-gate §0): PEM files, a self-signed certificate kept in DATA_DIR/tls, or plain HTTP (null). */
  tls: TlsSetting;
  /** The built web app (apps/web/dist); not served when missing. */
  webRoot: string;
  repoRoot: string;
}

/** Raised for a bad environment; the message names the variable. */
export class ConfigError extends Error {
  override name = 'ConfigError';
}

/** The repository root: the nearest folder upwards holding turbo.json, else the working directory. */
export function findRepoRoot(start = import.meta.dirname ?? process.cwd()): string {
  for (let folder = start; ; folder = path.dirname(folder)) {
    if (existsSync(path.join(folder, 'turbo.json'))) return folder;
    if (path.dirname(folder) === folder) return process.cwd();
  }
}

function parseBoolean(name: string, value: string): boolean {
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  throw new ConfigError(`${name} must be true or false, not "${value}"`);
}

function parseInteger(name: string, value: string, min: number, max: number): number {
  const number = Number(value);
  if (!/^\d+$/.test(value.trim()) || !Number.isSafeInteger(number) || number < min || number > max) {
    throw new ConfigError(`${name} must be a whole number from ${min} to ${max}, not "${value}"`);
  }
  return number;
}

/** Reads server-contract §3's variables from `env`. Throws ConfigError on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const read = (name: string) => {
    const value = env[name]?.trim();
    return value ? value : undefined;
  };
  const repoRoot = findRepoRoot();
  const databaseUrl = read('DATABASE_URL');
  if (databaseUrl && !/^postgres(ql)?:\/\//.test(databaseUrl)) {
    throw new ConfigError('DATABASE_URL must be a postgres:// or postgresql:// URL');
  }
  const dataDir = path.resolve(repoRoot, read('DATA_DIR') ?? '.data');
  const database: DatabaseTarget = databaseUrl
    ? { kind: 'postgresql', url: databaseUrl }
    : { kind: 'pglite', dataDir: read('DATA_DIR')?.startsWith('memory://') ? 'memory://' : dataDir };

  const tlsCert = read('TLS_CERT');
  const tlsKey = read('TLS_KEY');
  const tlsMode = read('TLS');
  if ((tlsCert === undefined) !== (tlsKey === undefined)) throw new ConfigError('TLS_CERT and TLS_KEY must be set together');
  if (tlsMode !== undefined && tlsMode !== 'self-signed') throw new ConfigError('TLS must be "self-signed" (or unset, with TLS_CERT and TLS_KEY for your own certificate)');
  if (tlsMode && tlsCert) throw new ConfigError('Set either TLS=self-signed or TLS_CERT and TLS_KEY, not both');
  const tls: TlsSetting = tlsCert && tlsKey
    ? { kind: 'files', certPath: path.resolve(repoRoot, tlsCert), keyPath: path.resolve(repoRoot, tlsKey) }
    : tlsMode
      ? { kind: 'self-signed', dir: path.join(database.kind === 'pglite' && database.dataDir === 'memory://' ? path.resolve(repoRoot, '.data') : dataDir, 'tls') }
      : null;

  const vapidValues = [read('VAPID_PUBLIC_KEY'), read('VAPID_PRIVATE_KEY'), read('VAPID_SUBJECT')];
  if (vapidValues.some((value) => value !== undefined) && !vapidValues.every((value) => value !== undefined)) {
    throw new ConfigError('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set together');
  }
  const [vapidPublicKey, vapidPrivateKey, vapidSubject] = vapidValues;
  if (vapidSubject && !/^(mailto:|https:\/\/)/.test(vapidSubject)) throw new ConfigError('VAPID_SUBJECT must be a mailto: or https: URL');
  const vapid = vapidPublicKey && vapidPrivateKey && vapidSubject ? { publicKey: vapidPublicKey, privateKey: vapidPrivateKey, subject: vapidSubject } : null;

  const communityName = read('COMMUNITY_NAME') ?? DEFAULT_COMMUNITY_NAME;
  // It is printed on a pass card: one line of a sensible length.
  if (communityName.length > 100 || [...communityName].some((character) => character < ' ')) {
    throw new ConfigError('COMMUNITY_NAME must be one line of at most 100 characters');
  }

  const timeZone = read('COMMUNITY_TIMEZONE') ?? serverTimeZone();
  if (!isValidTimeZone(timeZone)) throw new ConfigError(`COMMUNITY_TIMEZONE "${timeZone}" is not an IANA time zone`);

  const adminEmail = read('ADMIN_EMAIL');
  let bootstrapAdmin: ServerConfig['bootstrapAdmin'] = null;
  if (adminEmail) {
    const parsed = ZSignupRequest.safeParse({
      email: adminEmail,
      password: env.ADMIN_PASSWORD,
      name: read('ADMIN_NAME') ?? 'Administrator',
      phone: read('ADMIN_PHONE') ?? '+10000000000',
      role: 'admin',
    });
    if (!parsed.success) {
      const issue = parsed.error.issues[0];
      throw new ConfigError(`ADMIN_${String(issue?.path[0] ?? 'EMAIL').toUpperCase()}: ${issue?.message}`);
    }
    bootstrapAdmin = parsed.data;
  }

  return {
    port: parseInteger('PORT', read('PORT') ?? '3000', 0, 65_535),
    host: read('HOST') ?? '127.0.0.1',
    database,
    seedDemo: read('SEED_DEMO') ? parseBoolean('SEED_DEMO', read('SEED_DEMO')!) : !databaseUrl,
    bootstrapAdmin,
    communityName,
    timeZone,
    earlyCheckinMinutes: parseInteger(
      'EARLY_CHECKIN_MINUTES',
      read('EARLY_CHECKIN_MINUTES') ?? String(DEFAULT_EARLY_CHECKIN_MINUTES),
      0,
      24 * 60,
    ),
    tls,
    vapid,
    webhookAllowPrivate: read('WEBHOOK_ALLOW_PRIVATE') ? parseBoolean('WEBHOOK_ALLOW_PRIVATE', read('WEBHOOK_ALLOW_PRIVATE')!) : false,
    // At most about 100 years: a bound that keeps the cutoff a valid date.
    visitorRetentionDays: parseInteger(
      'VISITOR_RETENTION_DAYS',
      read('VISITOR_RETENTION_DAYS') ?? String(DEFAULT_VISITOR_RETENTION_DAYS),
      1,
      36_500,
    ),
    walkinApprovalMinutes: parseInteger(
      'WALKIN_APPROVAL_MINUTES',
      read('WALKIN_APPROVAL_MINUTES') ?? String(DEFAULT_WALKIN_APPROVAL_MINUTES),
      1,
      24 * 60,
    ),
    walkinEscalateSeconds: parseInteger(
      'WALKIN_ESCALATE_SECONDS',
      read('WALKIN_ESCALATE_SECONDS') ?? String(DEFAULT_WALKIN_ESCALATE_SECONDS),
      0,
      24 * 60 * 60,
    ),
    overstayGraceMinutes: parseInteger(
      'OVERSTAY_GRACE_MINUTES',
      read('OVERSTAY_GRACE_MINUTES') ?? String(DEFAULT_OVERSTAY_GRACE_MINUTES),
      0,
      24 * 60,
    ),
    sessionTtlDays: parseInteger('SESSION_TTL_DAYS', read('SESSION_TTL_DAYS') ?? '30', 1, 3650),
    sessionIdleDays: parseInteger('SESSION_IDLE_DAYS', read('SESSION_IDLE_DAYS') ?? '7', 1, 3650),
    statementTimeoutMs: parseInteger('DATABASE_STATEMENT_TIMEOUT_MS', read('DATABASE_STATEMENT_TIMEOUT_MS') ?? '5000', 0, 3_600_000),
    lockTimeoutMs: parseInteger('DATABASE_LOCK_TIMEOUT_MS', read('DATABASE_LOCK_TIMEOUT_MS') ?? '3000', 0, 3_600_000),
    rateLimitPerAddressPerMinute: parseInteger(
      'RATE_LIMIT_PER_ADDRESS_PER_MINUTE',
      read('RATE_LIMIT_PER_ADDRESS_PER_MINUTE') ?? String(DEFAULT_API_RATE_LIMITS.perAddressPerMinute),
      1,
      100_000_000,
    ),
    rateLimitPerUserPerMinute: parseInteger(
      'RATE_LIMIT_PER_USER_PER_MINUTE',
      read('RATE_LIMIT_PER_USER_PER_MINUTE') ?? String(DEFAULT_API_RATE_LIMITS.perUserPerMinute),
      1,
      100_000_000,
    ),
    webRoot: path.join(repoRoot, 'apps', 'web', 'dist'),
    repoRoot,
  };
}
