/** Who signs in: users, their sessions, and the addresses they signed in from. */
import { defineEntity, p } from '@mikro-orm/core';
import { MAX_LENGTH, ROLES } from '@gatehouse/shared';

import { createdAt, id, updatedAt } from './common';
import { Community } from './communities';
import { House } from './houses-vehicles';
import { APP_USER_ACCESS_CHANGED, SESSION_ACCESS_CHANGED } from '../sql/access-changed';
import { APP_USER_FIRST_COMMUNITY_MEMBERSHIP } from '../sql/memberships';

/**
 * A person who signs in: admin, resident or guard (docs/api.md#objects,
 * docs/api.md#sign-in-sessions-and-users).
 */
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
    /** A user lives in at most one house (docs/security.md#who-may-do-what). */
    house: () => p.manyToOne(House).nullable().deleteRule('set null').index(),
    isActive: p.boolean().default(true),
    /**
     * Runs the deployment (docs/api.md#operators): creates, renames, suspends and resumes
     * communities. The first account of a deployment is one, and so is ADMIN_EMAIL's.
     */
    isOperator: p.boolean().default(false),
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
    // The account's role, house and state are its first community's membership (kept in step
    // by this trigger, sql/memberships.ts) until every user path writes memberships itself.
    {
      name: 'app_user_first_community_membership',
      timing: 'after',
      events: ['insert', 'update'],
      forEach: 'row',
      body: APP_USER_FIRST_COMMUNITY_MEMBERSHIP,
    },
    {
      name: 'app_user_access_changed',
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      body: APP_USER_ACCESS_CHANGED,
    },
  ],
});
export class User extends UserSchema.class {}
UserSchema.setClass(User);

/**
 * A sign-in session. The bearer token itself is never stored: only its SHA-256 hash
 * (docs/api.md#sign-in-sessions-and-users).
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
    /**
     * The community a request of this session acts in when it names none (`X-Community-Id`,
     * docs/api.md#communities): set at sign-in, changed by `POST /api/auth/community`.
     */
    community: () => p.manyToOne(Community).nullable().deleteRule('set null'),
  },
  // A revoked session's live streams end at once, in every server process (the NOTIFY, at commit).
  triggers: [
    {
      name: 'session_access_changed',
      timing: 'after',
      events: ['update'],
      forEach: 'row',
      body: SESSION_ACCESS_CHANGED,
    },
  ],
});
export class Session extends SessionSchema.class {}
SessionSchema.setClass(Session);

/**
 * An address an account has signed in from successfully, kept only as a SHA-256 marker
 * of (user, address). Once an email's failed sign-ins have tripped its limit, the right
 * password still gets through from such an address (docs/security.md#password-guessing).
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
