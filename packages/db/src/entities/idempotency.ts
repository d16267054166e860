/** The REST API's idempotency keys (docs/gate.md#recording-moves-offline). */
import { defineEntity, p } from '@mikro-orm/core';

import { User } from './users-sessions';
import { community, tenantFilters } from './tenancy';

/**
 * An `Idempotency-Key` a signed-in user sent with a state-changing POST of the REST API
 * (docs/gate.md#recording-moves-offline), and the first answer to it: a repeat with the same key,
 * caller, method
 * and path within 24 hours gets that answer again instead of doing the work twice. The
 * caller is the user's sessions (`caller` empty) or one API token (`api-token:<id>`,
 * docs/api.md#api-tokens): a token acts as its creator, but never gets an answer kept for the
 * creator's own calls or another token's. While
 * the first request runs, `responseStatus` is null. The body is compared as parsed JSON,
 * by `requestHash` (SHA-256 of its canonical JSON). Answers of 5xx are not kept (the row is
 * removed), and rows older than a day are purged.
 */
export const IdempotencyKeySchema = defineEntity({
  name: 'IdempotencyKey',
  tableName: 'idempotency_key',
  filters: tenantFilters,
  properties: {
    /** A new id for every attempt that claims the key (a taken-over claim gets a new one). */
    community,
    id: p.uuid().primary(),
    user: () => p.manyToOne(User).deleteRule('cascade'),
    /** '' for the user's own sessions, `api-token:<uuid>` for a call made with an API token. */
    caller: p.string().length(50).default(''),
    /** 1 to 100 printable ASCII characters. */
    key: p.string().length(100),
    method: p.string().length(8),
    /** The request's path, without its query (longer paths are not stored: no route has one). */
    path: p.string().length(1000),
    requestHash: p.string().length(64),
    /**
     * The caller's access when the answer was made (the role, and a resident's house): a
     * repeat under other access is refused, not given the answer. Null on keys kept before.
     */
    access: p.string().length(64).nullable(),
    createdAt: p.datetime(),
    responseStatus: p.smallint().nullable(),
    /** The JSON text of the first answer, as sent. */
    responseBody: p.text().nullable(),
    completedAt: p.datetime().nullable(),
  },
  uniques: [{ name: 'idempotency_key_user_caller_key_method_path_unique', properties: ['user', 'caller', 'key', 'method', 'path'] }],
  indexes: [{ name: 'idempotency_key_created_at_index', properties: ['createdAt'] }],
});
export class IdempotencyKey extends IdempotencyKeySchema.class {}
IdempotencyKeySchema.setClass(IdempotencyKey);
