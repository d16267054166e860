import { Session, User } from '@gatehouse/db';
import { databaseLegs } from '@gatehouse/db/testing';
import type * as Argon2 from '@node-rs/argon2';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';

import { sessionTokenHash } from '../src/services/sessions';
import { createHarness, failure, type Harness } from './support';

/**
 * Every argon2 verification the auth service runs, in order: the hash it was given, and
 * whether it has finished. The real `verify` still does the work.
 */
const verifications = vi.hoisted(() => ({ calls: [] as { hash: string; finished: boolean }[] }));
vi.mock('@node-rs/argon2', async (importOriginal) => {
  const argon2 = await importOriginal<typeof Argon2>();
  return {
    ...argon2,
    verify: async (...args: Parameters<typeof argon2.verify>) => {
      const call = { hash: String(args[0]), finished: false };
      verifications.calls.push(call);
      try {
        return await argon2.verify(...args);
      } finally {
        call.finished = true;
      }
    },
  };
});

const legs = await databaseLegs();

describe.each(legs)('auth procedures on $name', (leg) => {
  let h: Harness;
  beforeAll(async () => {
    h = await createHarness(leg, { rateLimits: { requestsPerAddressPerMinute: 60 } });
    // The account the sign-in tests use (a resident: the community still has no admin).
    await h.caller(null, '10.0.0.0').auth.signup({ name: 'Rita Resident', email: 'rita@example.com', phone: '+44 20 7946 0958', password: 'secret123' });
  });
  afterAll(() => h?.close());

  it('lets the first account bootstrap the community as admin, then refuses guard and admin sign-ups', async () => {
    // Sign-up offers what can succeed (docs/product.md#signing-up).
    expect((await h.caller().auth.signupOptions()).roles.sort()).toEqual(['admin', 'guard', 'resident']);
    const first = await h.caller(null, '10.0.0.1').auth.signup({
      name: '  Ada Admin ',
      email: ' ADA@Example.com ',
      phone: '+15551234567',
      password: 'secret123',
      role: 'admin',
    });
    expect(first.user).toMatchObject({ name: 'Ada Admin', email: 'ada@example.com', role: 'admin', isActive: true, houseId: null });
    expect(first.token.length).toBeGreaterThanOrEqual(43);
    expect(first.user).not.toHaveProperty('passwordHash');

    for (const role of ['guard', 'admin'] as const) {
      expect(
        await failure(
          h.caller(null, '10.0.0.1').auth.signup({ name: 'Eve Intruder', email: `eve-${role}@example.com`, phone: '+15551234567', password: 'secret123', role }),
        ),
      ).toEqual({ status: 403, message: 'Only an admin can create guard or admin accounts' });
    }
    expect(await h.em().count(User, { email: { $like: 'eve-%' } })).toBe(0);
    expect(await h.caller().auth.signupOptions()).toEqual({ roles: ['resident'] });
  });

  it('signs up residents by default and refuses a taken email, whatever its case', async () => {
    const resident = await h.caller(null, '10.0.0.2').auth.signup({ name: 'Sara Signup', email: 'sara@example.com', phone: '+44 20 7946 0958', password: 'secret123' });
    expect(resident.user.role).toBe('resident');
    expect(
      await failure(h.caller(null, '10.0.0.2').auth.signup({ name: 'Sara Two', email: 'SARA@example.com', phone: '+15551234567', password: 'secret123' })),
    ).toEqual({ status: 409, message: 'Email is already registered' });
  });

  it('stores only a hash of the token and an argon2id hash of the password', async () => {
    const { token, user } = await h.caller(null, '10.0.0.3').auth.login({ email: 'rita@example.com', password: 'secret123' });
    const em = h.em();
    const session = await em.findOneOrFail(Session, { tokenHash: sessionTokenHash(token) });
    expect(session.tokenHash).not.toContain(token);
    const stored = await em.findOneOrFail(User, { id: user.id }, { populate: ['passwordHash'] });
    expect(stored.passwordHash).toMatch(/^\$argon2id\$/);
  });

  it('answers an unknown email and a wrong password with the same 401', async () => {
    const unknown = await failure(h.caller(null, '10.0.0.4').auth.login({ email: 'nobody@example.com', password: 'secret123' }));
    const wrong = await failure(h.caller(null, '10.0.0.4').auth.login({ email: 'rita@example.com', password: 'wrong-password' }));
    expect(unknown).toEqual({ status: 401, message: 'Invalid email or password' });
    expect(wrong).toEqual(unknown);
  });

  it('validates login input with the client messages (a short password is 400, not 401)', async () => {
    expect(await failure(h.caller(null, '10.0.0.5').auth.login({ email: 'rita@example.com', password: '123' }))).toEqual({
      status: 400,
      message: 'Password must be at least 6 characters',
    });
  });

  it('returns the signed-in user from me, and 401 without, with an unknown or a revoked token', async () => {
    const { token } = await h.caller(null, '10.0.0.6').auth.login({ email: 'rita@example.com', password: 'secret123' });
    await expect(h.caller(token).auth.me()).resolves.toMatchObject({ user: { email: 'rita@example.com' } });
    expect(await failure(h.caller().auth.me())).toEqual({ status: 401, message: 'Authentication required' });
    expect(await failure(h.caller('not-a-token').auth.me())).toEqual({ status: 401, message: 'Authentication required' });
    await expect(h.caller(token).auth.logout()).resolves.toEqual({});
    expect(await failure(h.caller(token).auth.me())).toEqual({ status: 401, message: 'Authentication required' });
    await expect(h.caller(token).auth.logout()).resolves.toEqual({});
  });

  it('expires tokens after SESSION_TTL_DAYS', async () => {
    const { token } = await h.caller(null, '10.0.0.7').auth.login({ email: 'rita@example.com', password: 'secret123' });
    const start = h.now;
    try {
      // Kept in use (the idle limit is 7 days) until the last day of its 30-day lifetime.
      for (const day of [5, 10, 15, 20, 25, 29]) {
        h.now = new Date(start.getTime() + day * 86_400_000);
        await expect(h.caller(token).auth.me(), `day ${day}`).resolves.toMatchObject({ user: { email: 'rita@example.com' } });
      }
      h.now = new Date(start.getTime() + 30 * 86_400_000 + 1);
      expect((await failure(h.caller(token).auth.me())).status).toBe(401);
    } finally {
      h.now = start;
    }
  });

  it('ends a session left idle for SESSION_IDLE_DAYS, and keeps one in use', async () => {
    const { token } = await h.caller(null, '10.0.0.9').auth.login({ email: 'rita@example.com', password: 'secret123' });
    const start = h.now;
    try {
      // Used every 6 days: stays signed in past the 7-day idle limit.
      for (const day of [6, 12, 18]) {
        h.now = new Date(start.getTime() + day * 86_400_000);
        await expect(h.caller(token).auth.me(), `day ${day}`).resolves.toMatchObject({ user: { email: 'rita@example.com' } });
      }
      h.now = new Date(start.getTime() + (18 + 7) * 86_400_000 + 60_000);
      expect((await failure(h.caller(token).auth.me())).status).toBe(401);
    } finally {
      h.now = start;
    }
  });

  it('verifies a password exactly once, as costly, for an unknown email as for a wrong password (no account enumeration)', async () => {
    // An argon2 hash's algorithm and cost: `$argon2id$v=19$m=19456,t=2,p=1`.
    const cost = (hash: string) => hash.split('$').slice(0, 4).join('$');
    const login = async (email: string) => {
      verifications.calls.length = 0;
      const answer = await failure(h.caller(null, '10.0.0.10').auth.login({ email, password: 'not-the-password' }));
      return { answer, verified: verifications.calls.map((call) => ({ cost: cost(call.hash), finished: call.finished })) };
    };
    const wrong = await login('rita@example.com');
    const unknown = await login('nobody@example.com');
    expect(wrong.answer).toEqual({ status: 401, message: 'Invalid email or password' });
    expect(unknown.answer).toEqual(wrong.answer);
    // One verification each, against an argon2id hash of the stored passwords' cost, and
    // finished before the answer: skipping it, or a cheaper one, for unknown emails would
    // make them answer faster.
    const stored = await h.em().findOneOrFail(User, { email: 'rita@example.com' }, { populate: ['passwordHash'] });
    expect(cost(stored.passwordHash)).toMatch(/^\$argon2id\$v=\d+\$m=\d+,t=\d+,p=\d+$/);
    expect(wrong.verified).toEqual([{ cost: cost(stored.passwordHash), finished: true }]);
    expect(unknown.verified).toEqual(wrong.verified);
  });

  it('refuses an inactive account with 403 and stops its tokens at once', async () => {
    const { token, user } = await h.caller(null, '10.0.0.8').auth.signup({ name: 'Ian Inactive', email: 'ian@example.com', phone: '+15551234567', password: 'secret123' });
    await h.em().nativeUpdate(User, { id: user.id }, { isActive: false });
    expect((await failure(h.caller(token).auth.me())).status).toBe(401);
    expect(await failure(h.caller(null, '10.0.0.8').auth.login({ email: 'ian@example.com', password: 'secret123' }))).toEqual({
      status: 403,
      message: 'Account is inactive',
    });
  });

  it('after 10 failed sign-ins for an email, makes even the right password wait (429 with Retry-After)', async () => {
    await h.caller(null, '10.0.1.1').auth.signup({ name: 'Bruce Force', email: 'bruce@example.com', phone: '+15551234567', password: 'secret123' });
    for (let attempt = 0; attempt < 10; attempt += 1) {
      expect((await failure(h.caller(null, `10.0.2.${attempt}`).auth.login({ email: 'bruce@example.com', password: 'wrong-pass' }))).status).toBe(401);
    }
    const limited = await failure(h.caller(null, '10.0.3.1').auth.login({ email: 'bruce@example.com', password: 'secret123' }));
    expect(limited.status).toBe(429);
    expect(limited.message).toMatch(/^Too many attempts, try again in \d+ s$/);
    expect(limited.retryAfterSeconds).toBeGreaterThan(0);
  });

  it('allows at most 60 login and signup requests per client address per minute', async () => {
    const address = '10.9.9.9';
    const outcomes: number[] = [];
    for (let attempt = 0; attempt < 61; attempt += 1) {
      const result = await failure(h.caller(null, address).auth.login({ email: `x${attempt}@example.com`, password: 'secret123' }));
      outcomes.push(result.status);
    }
    expect(outcomes).toEqual([...Array<number>(60).fill(401), 429]);
    expect((await failure(h.caller(null, address).auth.signup({ name: 'Late Comer', email: 'late@example.com', phone: '+15551234567', password: 'secret123' }))).status).toBe(429);
  });
});

describe.each(legs)('signing out other sessions on $name', (leg) => {
  it('revokes every other session of the user and keeps the current one', async () => {
    const h = await createHarness(leg);
    try {
      const first = await h.caller().auth.signup({ name: 'Sal Sessions', email: 'sal@example.com', phone: '+15551234567', password: 'secret123' });
      const second = await h.caller().auth.login({ email: 'sal@example.com', password: 'secret123' });
      const third = await h.caller().auth.login({ email: 'sal@example.com', password: 'secret123' });
      const other = await h.caller().auth.signup({ name: 'Other Person', email: 'other@example.com', phone: '+15551234567', password: 'secret123' });
      await expect(h.caller(second.token).auth.revokeOtherSessions()).resolves.toEqual({ revoked: 2 });
      await expect(h.caller(second.token).auth.me()).resolves.toMatchObject({ user: { id: first.user.id, email: 'sal@example.com' } });
      expect((await failure(h.caller(first.token).auth.me())).status).toBe(401);
      expect((await failure(h.caller(third.token).auth.me())).status).toBe(401);
      await expect(h.caller(other.token).auth.me()).resolves.toMatchObject({ user: { id: other.user.id, email: 'other@example.com' } });
    } finally {
      await h.close();
    }
  }, 30_000);
});

describe.each(legs)('concurrent sign-ups on $name', (leg) => {
  it('create one account from 20 concurrent sign-ups with one email', async () => {
    const h = await createHarness(leg);
    try {
      const attempts = await Promise.allSettled(
        Array.from({ length: 20 }, (_, index) =>
          h.caller(null, `10.7.0.${index}`).auth.signup({ name: 'Twin Person', email: index % 2 ? 'twin@example.com' : 'TWIN@example.com', phone: '+15551234567', password: 'secret123' }),
        ),
      );
      expect(attempts.filter((attempt) => attempt.status === 'fulfilled')).toHaveLength(1);
      for (const attempt of attempts) {
        if (attempt.status === 'rejected') expect(await failure(Promise.reject(attempt.reason))).toEqual({ status: 409, message: 'Email is already registered' });
      }
      expect(await h.em().count(User, { email: 'twin@example.com' })).toBe(1);
    } finally {
      await h.close();
    }
  });
});
