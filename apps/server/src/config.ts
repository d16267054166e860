/**
 * Configuration from the environment: one zod schema parses every variable the server
 * reads (docs/configuration.md#environment-variables lists them), and its output type is the
 * configuration's type. A bad value stops the server at start with a message naming the
 * variable. No other module of the server reads `process.env`.
 */
import { existsSync } from 'node:fs';
import path from 'node:path';

import { DEFAULT_VISITOR_RETENTION_DAYS, isValidTimeZone, serverTimeZone, type ServiceConfig } from '@gatehouse/api';
import type { DatabaseTarget } from '@gatehouse/db';
import {
  DEFAULT_COMMUNITY_NAME,
  DEFAULT_EARLY_CHECKIN_MINUTES,
  DEFAULT_OVERSTAY_GRACE_MINUTES,
  DEFAULT_WALKIN_APPROVAL_MINUTES,
  DEFAULT_WALKIN_ESCALATE_SECONDS,
  ZSignupRequest,
} from '@gatehouse/shared';
import { z } from 'zod';

import { DEFAULT_API_RATE_LIMITS } from './api-rate-limits';
import type { LoggingEnv } from './logging';
import type { TlsSetting } from './tls';

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

// Each variable's issue message leaves out the variable's name: the error adds it in front
// (`PORT must be …`). An issue of the whole environment (variables set together) names them itself.

/** A variable's value, trimmed; absent when unset or blank. */
const text = z
  .string()
  .optional()
  .transform((value) => value?.trim() || undefined);

/** A yes/no variable (1/0, true/false, yes/no, on/off, any case); absent when unset. */
const yesNo = text.transform((value, ctx) => {
  if (value === undefined) return undefined;
  if (/^(1|true|yes|on)$/i.test(value)) return true;
  if (/^(0|false|no|off)$/i.test(value)) return false;
  ctx.addIssue({ code: 'custom', input: value, message: `must be true or false, not "${value}"` });
  return z.NEVER;
});

/** A whole number from `min` to `max` (digits only), `fallback` when unset. */
const wholeNumber = (min: number, max: number, fallback: number) =>
  text.transform((value, ctx) => {
    if (value === undefined) return fallback;
    const number = Number(value);
    if (!/^\d+$/.test(value) || !Number.isSafeInteger(number) || number < min || number > max) {
      ctx.addIssue({ code: 'custom', input: value, message: `must be a whole number from ${min} to ${max}, not "${value}"` });
      return z.NEVER;
    }
    return number;
  });

/** The minutes and seconds variables bound to a day. */
const DAY_MINUTES = 24 * 60;
/** The database time-outs: at most an hour (ms; 0 = no limit). */
const HOUR_MS = 3_600_000;
/** The general API rate limits (requests per minute). */
const MAX_RATE = 100_000_000;

/** Every variable the server reads, and what it makes of them. */
const ServerEnv = z
  .object({
    DATABASE_URL: text.refine((url) => url === undefined || /^postgres(ql)?:\/\//.test(url), 'must be a postgres:// or postgresql:// URL'),
    DATA_DIR: text,
    TLS: text.refine((mode) => mode === undefined || mode === 'self-signed', 'must be "self-signed" (or unset, with TLS_CERT and TLS_KEY for your own certificate)'),
    TLS_CERT: text,
    TLS_KEY: text,
    VAPID_PUBLIC_KEY: text,
    VAPID_PRIVATE_KEY: text,
    VAPID_SUBJECT: text.refine((subject) => subject === undefined || /^(mailto:|https:\/\/)/.test(subject), 'must be a mailto: or https: URL'),
    // It is printed on a pass card: one line of a sensible length.
    COMMUNITY_NAME: text
      .transform((name) => name ?? DEFAULT_COMMUNITY_NAME)
      .refine((name) => name.length <= 100 && ![...name].some((character) => character < ' '), 'must be one line of at most 100 characters'),
    COMMUNITY_TIMEZONE: text.transform((zone, ctx) => {
      const timeZone = zone ?? serverTimeZone();
      if (isValidTimeZone(timeZone)) return timeZone;
      ctx.addIssue({ code: 'custom', input: timeZone, message: `"${timeZone}" is not an IANA time zone` });
      return z.NEVER;
    }),
    ADMIN_EMAIL: text,
    // The password is taken as typed: spaces are its own.
    ADMIN_PASSWORD: z.string().optional(),
    ADMIN_NAME: text,
    ADMIN_PHONE: text,
    PORT: wholeNumber(0, 65_535, 3000),
    HOST: text.transform((host) => host ?? '127.0.0.1'),
    SEED_DEMO: yesNo,
    EARLY_CHECKIN_MINUTES: wholeNumber(0, DAY_MINUTES, DEFAULT_EARLY_CHECKIN_MINUTES),
    WEBHOOK_ALLOW_PRIVATE: yesNo.transform((allow) => allow ?? false),
    // At most about 100 years: a bound that keeps the cutoff a valid date.
    VISITOR_RETENTION_DAYS: wholeNumber(1, 36_500, DEFAULT_VISITOR_RETENTION_DAYS),
    WALKIN_APPROVAL_MINUTES: wholeNumber(1, DAY_MINUTES, DEFAULT_WALKIN_APPROVAL_MINUTES),
    WALKIN_ESCALATE_SECONDS: wholeNumber(0, DAY_MINUTES * 60, DEFAULT_WALKIN_ESCALATE_SECONDS),
    OVERSTAY_GRACE_MINUTES: wholeNumber(0, DAY_MINUTES, DEFAULT_OVERSTAY_GRACE_MINUTES),
    SESSION_TTL_DAYS: wholeNumber(1, 3650, 30),
    SESSION_IDLE_DAYS: wholeNumber(1, 3650, 7),
    DATABASE_STATEMENT_TIMEOUT_MS: wholeNumber(0, HOUR_MS, 5000),
    DATABASE_LOCK_TIMEOUT_MS: wholeNumber(0, HOUR_MS, 3000),
    RATE_LIMIT_PER_ADDRESS_PER_MINUTE: wholeNumber(1, MAX_RATE, DEFAULT_API_RATE_LIMITS.perAddressPerMinute),
    RATE_LIMIT_PER_USER_PER_MINUTE: wholeNumber(1, MAX_RATE, DEFAULT_API_RATE_LIMITS.perUserPerMinute),
    // The logger's variables are read as they are (logging.ts decides what they mean).
    LOG_LEVEL: z.string().optional(),
    LOG_PRETTY: z.string().optional(),
    NODE_ENV: z.string().optional(),
  })
  .transform((env, ctx) => {
    const issue = (message: string) => {
      ctx.addIssue({ code: 'custom', input: env, message });
      return z.NEVER;
    };
    const repoRoot = findRepoRoot();
    const dataDir = path.resolve(repoRoot, env.DATA_DIR ?? '.data');
    const database: DatabaseTarget = env.DATABASE_URL
      ? { kind: 'postgresql', url: env.DATABASE_URL }
      : { kind: 'pglite', dataDir: env.DATA_DIR?.startsWith('memory://') ? 'memory://' : dataDir };

    if ((env.TLS_CERT === undefined) !== (env.TLS_KEY === undefined)) return issue('TLS_CERT and TLS_KEY must be set together');
    if (env.TLS && env.TLS_CERT) return issue('Set either TLS=self-signed or TLS_CERT and TLS_KEY, not both');
    /** HTTPS: PEM files, a self-signed certificate kept in DATA_DIR/tls, or plain HTTP (null). */
    const tls: TlsSetting =
      env.TLS_CERT && env.TLS_KEY
        ? { kind: 'files', certPath: path.resolve(repoRoot, env.TLS_CERT), keyPath: path.resolve(repoRoot, env.TLS_KEY) }
        : env.TLS
          ? { kind: 'self-signed', dir: path.join(database.kind === 'pglite' && database.dataDir === 'memory://' ? path.resolve(repoRoot, '.data') : dataDir, 'tls') }
          : null;

    const vapidValues = [env.VAPID_PUBLIC_KEY, env.VAPID_PRIVATE_KEY, env.VAPID_SUBJECT];
    if (vapidValues.some((value) => value !== undefined) && !vapidValues.every((value) => value !== undefined)) {
      return issue('VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set together');
    }
    /** Web Push: the VAPID keys and subject; null = off. */
    const vapid =
      env.VAPID_PUBLIC_KEY && env.VAPID_PRIVATE_KEY && env.VAPID_SUBJECT
        ? { publicKey: env.VAPID_PUBLIC_KEY, privateKey: env.VAPID_PRIVATE_KEY, subject: env.VAPID_SUBJECT }
        : null;

    let bootstrapAdmin: z.output<typeof ZSignupRequest> | null = null;
    if (env.ADMIN_EMAIL) {
      const parsed = ZSignupRequest.safeParse({
        email: env.ADMIN_EMAIL,
        password: env.ADMIN_PASSWORD,
        name: env.ADMIN_NAME ?? 'Administrator',
        phone: env.ADMIN_PHONE ?? '+10000000000',
        role: 'admin',
      });
      if (!parsed.success) {
        const first = parsed.error.issues[0];
        return issue(`ADMIN_${String(first?.path[0] ?? 'EMAIL').toUpperCase()}: ${first?.message}`);
      }
      bootstrapAdmin = parsed.data;
    }

    /** What the procedures are configured with (the service settings of every context). */
    const service = {
      communityName: env.COMMUNITY_NAME,
      timeZone: env.COMMUNITY_TIMEZONE,
      earlyCheckinMinutes: env.EARLY_CHECKIN_MINUTES,
      walkinApprovalMinutes: env.WALKIN_APPROVAL_MINUTES,
      walkinEscalateSeconds: env.WALKIN_ESCALATE_SECONDS,
      overstayGraceMinutes: env.OVERSTAY_GRACE_MINUTES,
      webPushPublicKey: vapid?.publicKey ?? null,
      sessionTtlDays: env.SESSION_TTL_DAYS,
      sessionIdleDays: env.SESSION_IDLE_DAYS,
      webhookAllowPrivate: env.WEBHOOK_ALLOW_PRIVATE,
      visitorRetentionDays: env.VISITOR_RETENTION_DAYS,
    } satisfies ServiceConfig;

    return {
      service,
      port: env.PORT,
      host: env.HOST,
      database,
      /** Seed the demo community into an empty database: by default only for the embedded one. */
      seedDemo: env.SEED_DEMO ?? !env.DATABASE_URL,
      bootstrapAdmin,
      /** The account made an operator at start (ADMIN_EMAIL, docs/api.md#operators), lower-cased; null when unset. */
      operatorEmail: bootstrapAdmin?.email ?? null,
      /** Longest a database statement may run, and wait for a lock, before the request gets 503 (ms; 0 = no limit). */
      statementTimeoutMs: env.DATABASE_STATEMENT_TIMEOUT_MS,
      lockTimeoutMs: env.DATABASE_LOCK_TIMEOUT_MS,
      /** The general API rate limit: requests (tRPC calls) per minute per client address and per user. */
      rateLimitPerAddressPerMinute: env.RATE_LIMIT_PER_ADDRESS_PER_MINUTE,
      rateLimitPerUserPerMinute: env.RATE_LIMIT_PER_USER_PER_MINUTE,
      vapid,
      tls,
      logging: { LOG_LEVEL: env.LOG_LEVEL, LOG_PRETTY: env.LOG_PRETTY, NODE_ENV: env.NODE_ENV } satisfies LoggingEnv,
      /** The built web app (apps/web/dist); not served when missing. */
      webRoot: path.join(repoRoot, 'apps', 'web', 'dist'),
      repoRoot,
    };
  });

/** Everything the server reads from its environment: the schema's output. */
export type ServerConfig = z.output<typeof ServerEnv>;

/** Reads the server's variables from `env`. Throws ConfigError (naming the variable) on a bad value. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): ServerConfig {
  const parsed = ServerEnv.safeParse(env);
  if (parsed.success) return parsed.data;
  const first = parsed.error.issues[0];
  const variable = first?.path[0];
  throw new ConfigError(variable === undefined ? (first?.message ?? 'Bad configuration') : `${String(variable)} ${first?.message}`);
}
