/**
 * The entities of Gatehouse, written with MikroORM's `defineEntity` (no decorators, no
 * reflection), one file per domain; the SQL of their triggers and functions is in ../sql.
 * Every rule the product states about stored data is also a database constraint (NOT NULL,
 * CHECK, UNIQUE, foreign keys), so a bug in the code cannot store a row the rules forbid.
 * Relations are declared lazily (`() => …`) because entities of different files point at
 * each other (users and houses, for one).
 */
import { AuditEventSchema } from './audit';
import { CommunitySchema, MembershipSchema } from './communities';
import { NotificationPreferenceSchema, NotificationSchema, PushSubscriptionSchema, VisitorEventSchema } from './events-notifications';
import { BlocklistEntrySchema, GatePackCodeHashSchema, GatePackSaltSchema, GateReviewSchema, GateSchema } from './gates-blocklist';
import { HouseSchema, VehicleSchema } from './houses-vehicles';
import { IdempotencyKeySchema } from './idempotency';
import { PassEntrySchema, RecurringPassSchema } from './passes';
import { PaymentSchema } from './payments';
import { SessionSchema, SignInMarkerSchema, UserSchema } from './users-sessions';
import { VisitorSearchGramCountSchema, VisitorStatusCountSchema } from './visitor-counts';
import { VisitorInvitationSchema, VisitorPhotoSchema } from './visitors';
import { ApiTokenSchema, WebhookDeliverySchema, WebhookSchema } from './webhooks-tokens';

export * from './audit';
export * from './communities';
export * from './tenancy';
export * from './events-notifications';
export * from './gates-blocklist';
export * from './houses-vehicles';
export * from './idempotency';
export * from './passes';
export * from './payments';
export * from './users-sessions';
export * from './visitor-counts';
export * from './visitors';
export * from './webhooks-tokens';

/** Every entity, in the order the ORM should discover them. */
export const entities = [
  CommunitySchema,
  MembershipSchema,
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
