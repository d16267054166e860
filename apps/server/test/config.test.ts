import { describe, expect, it } from 'vitest';

import { ConfigError, loadConfig } from '../src/config';

describe('configuration (docs/configuration.md#environment-variables)', () => {
  it('has the documented defaults', () => {
    const config = loadConfig({});
    expect(config).toMatchObject({
      port: 3000,
      host: '127.0.0.1',
      seedDemo: true,
      bootstrapAdmin: null,
      operatorEmail: null,
      service: {
        earlyCheckinMinutes: 60,
        walkinApprovalMinutes: 10,
        walkinEscalateSeconds: 60,
        overstayGraceMinutes: 30,
        sessionTtlDays: 30,
        sessionIdleDays: 7,
        visitorRetentionDays: 180,
        webhookAllowPrivate: false,
        webPushPublicKey: null,
      },
      vapid: null,
      tls: null,
      statementTimeoutMs: 5000,
      lockTimeoutMs: 3000,
      rateLimitPerAddressPerMinute: 1200,
      rateLimitPerUserPerMinute: 600,
      logging: { LOG_LEVEL: undefined, LOG_PRETTY: undefined, NODE_ENV: undefined },
    });
    expect(config.database).toEqual({ kind: 'pglite', dataDir: `${config.repoRoot}/.data` });
    expect(config.service.timeZone).toBe(Intl.DateTimeFormat().resolvedOptions().timeZone);
    expect(config.service.communityName).toBe('My Community');
  });

  it('reads the community’s name for the passes residents share (COMMUNITY_NAME)', () => {
    expect(loadConfig({ COMMUNITY_NAME: '  Palm Grove Residency ' }).service.communityName).toBe('Palm Grove Residency');
    expect(loadConfig({ COMMUNITY_NAME: '   ' }).service.communityName).toBe('My Community');
  });

  it('uses PostgreSQL with DATABASE_URL, where the demo seed is off by default', () => {
    const config = loadConfig({ DATABASE_URL: 'postgresql://postgres@127.0.0.1:5432/gatehouse' });
    expect(config.database).toEqual({ kind: 'postgresql', url: 'postgresql://postgres@127.0.0.1:5432/gatehouse' });
    expect(config.seedDemo).toBe(false);
    expect(loadConfig({ DATABASE_URL: 'postgres://h/db', SEED_DEMO: 'true' }).seedDemo).toBe(true);
  });

  it('reads every variable', () => {
    const config = loadConfig({
      PORT: '8080',
      HOST: '0.0.0.0',
      DATA_DIR: '/tmp/gatehouse-data',
      SEED_DEMO: 'off',
      ADMIN_EMAIL: ' Boss@Example.com ',
      ADMIN_PASSWORD: 'long-secret',
      ADMIN_NAME: 'Bo Boss',
      ADMIN_PHONE: '+15551230000',
      COMMUNITY_TIMEZONE: 'Asia/Manila',
      EARLY_CHECKIN_MINUTES: '15',
      SESSION_TTL_DAYS: '7',
      SESSION_IDLE_DAYS: '2',
      VISITOR_RETENTION_DAYS: '30',
    });
    expect(config).toMatchObject({
      port: 8080,
      host: '0.0.0.0',
      database: { kind: 'pglite', dataDir: '/tmp/gatehouse-data' },
      seedDemo: false,
      bootstrapAdmin: { email: 'boss@example.com', password: 'long-secret', name: 'Bo Boss', phone: '+15551230000', role: 'admin' },
      // docs/api.md#operators: ADMIN_EMAIL's account is made an operator at start.
      operatorEmail: 'boss@example.com',
      service: { timeZone: 'Asia/Manila', earlyCheckinMinutes: 15, sessionTtlDays: 7, sessionIdleDays: 2, visitorRetentionDays: 30 },
    });
  });

  it('reads the time-outs, rate limits, Web Push keys and the logger’s variables', () => {
    const config = loadConfig({
      WALKIN_APPROVAL_MINUTES: '5',
      WALKIN_ESCALATE_SECONDS: '0',
      OVERSTAY_GRACE_MINUTES: '45',
      WEBHOOK_ALLOW_PRIVATE: 'yes',
      DATABASE_STATEMENT_TIMEOUT_MS: '0',
      DATABASE_LOCK_TIMEOUT_MS: '250',
      RATE_LIMIT_PER_ADDRESS_PER_MINUTE: '50',
      RATE_LIMIT_PER_USER_PER_MINUTE: '20',
      VAPID_PUBLIC_KEY: 'pub',
      VAPID_PRIVATE_KEY: 'priv',
      VAPID_SUBJECT: 'mailto:ops@example.com',
      LOG_LEVEL: 'debug',
      LOG_PRETTY: 'false',
      NODE_ENV: 'production',
    });
    expect(config).toMatchObject({
      service: { walkinApprovalMinutes: 5, walkinEscalateSeconds: 0, overstayGraceMinutes: 45, webhookAllowPrivate: true, webPushPublicKey: 'pub' },
      statementTimeoutMs: 0,
      lockTimeoutMs: 250,
      rateLimitPerAddressPerMinute: 50,
      rateLimitPerUserPerMinute: 20,
      vapid: { publicKey: 'pub', privateKey: 'priv', subject: 'mailto:ops@example.com' },
      logging: { LOG_LEVEL: 'debug', LOG_PRETTY: 'false', NODE_ENV: 'production' },
    });
  });

  it.each([
    [{ PORT: 'eighty' }, /PORT must be a whole number/],
    [{ PORT: '70000' }, /PORT must be a whole number from 0 to 65535/],
    [{ SEED_DEMO: 'maybe' }, /SEED_DEMO must be true or false/],
    [{ COMMUNITY_NAME: 'x'.repeat(101) }, /COMMUNITY_NAME must be one line of at most 100 characters/],
    [{ COMMUNITY_NAME: 'Palm\nGrove' }, /COMMUNITY_NAME must be one line/],
    [{ COMMUNITY_TIMEZONE: 'Mars/Olympus' }, /COMMUNITY_TIMEZONE "Mars\/Olympus" is not an IANA time zone/],
    [{ DATABASE_URL: 'mysql://x' }, /DATABASE_URL must be a postgres/],
    [{ ADMIN_EMAIL: 'a@b.co', ADMIN_PASSWORD: '123' }, /ADMIN_PASSWORD: Password must be at least 6 characters/],
    [{ SESSION_TTL_DAYS: '0' }, /SESSION_TTL_DAYS/],
    [{ VISITOR_RETENTION_DAYS: '0' }, /VISITOR_RETENTION_DAYS must be a whole number from 1 to 36500, not "0"/],
    [{ VISITOR_RETENTION_DAYS: '-5' }, /VISITOR_RETENTION_DAYS must be a whole number/],
    [{ VISITOR_RETENTION_DAYS: '90.5' }, /VISITOR_RETENTION_DAYS must be a whole number/],
    [{ VISITOR_RETENTION_DAYS: 'half a year' }, /VISITOR_RETENTION_DAYS must be a whole number/],
    [{ WEBHOOK_ALLOW_PRIVATE: 'sometimes' }, /WEBHOOK_ALLOW_PRIVATE must be true or false, not "sometimes"/],
    [{ RATE_LIMIT_PER_USER_PER_MINUTE: '0' }, /RATE_LIMIT_PER_USER_PER_MINUTE must be a whole number from 1 to 100000000/],
    [{ DATABASE_LOCK_TIMEOUT_MS: '3600001' }, /DATABASE_LOCK_TIMEOUT_MS must be a whole number from 0 to 3600000/],
    [{ VAPID_PUBLIC_KEY: 'pub' }, /VAPID_PUBLIC_KEY, VAPID_PRIVATE_KEY and VAPID_SUBJECT must be set together/],
    [{ VAPID_PUBLIC_KEY: 'p', VAPID_PRIVATE_KEY: 'q', VAPID_SUBJECT: 'ops@example.com' }, /VAPID_SUBJECT must be a mailto: or https: URL/],
  ])('refuses %j with a message naming the variable', (env, message) => {
    expect(() => loadConfig(env)).toThrow(ConfigError);
    expect(() => loadConfig(env)).toThrow(message);
  });
});
