export { appRouter, createCaller, type AppRouter } from './root';
export { restRoutes, type RestRoute, type RestRequestParts, type ProcedurePath } from './rest';
export {
  buildOpenApiDocument,
  errorStatusesOf,
  openApiPathOf,
  operationIdOf,
  ERROR_RESPONSE_NAMES,
  type DocumentedErrorStatus,
  type OpenApiDocument,
  type OpenApiOperation,
  type OpenApiOptions,
} from './openapi';
export { accessRefusal, createInnerContext, KEEP_ALIVE_MS, type Context, type InnerContext, type ServiceConfig } from './trpc';
export {
  MAX_STREAMS_PER_SESSION,
  MAX_STREAMS_PER_USER,
  pruneVisitorEvents,
  STREAM_ACCESS_CHANGED_MESSAGE,
  TOO_MANY_STREAMS_MESSAGE,
  VisitorEventHub,
  type VisitorStreamItem,
} from './services/visitor-events';
export {
  answeredDetails,
  describeError,
  errorCodeOf,
  httpError,
  INTERNAL_ERROR_MESSAGE,
  UNAVAILABLE_MESSAGE,
  UNAVAILABLE_RETRY_AFTER_SECONDS,
  UNSUPPORTED_MEDIA_TYPE_MESSAGE,
  type ErrorDescription,
  type ErrorDetail,
} from './errors';
export { FailedScanLog, recordAudit } from './services/audit';
export {
  EXPORT_BUSY_MESSAGE,
  EXPORT_BUSY_RETRY_AFTER_SECONDS,
  EXPORT_PAGE_SIZE,
  EXPORT_STALL_TIMEOUT_MS,
  EXPORT_STALLED_MESSAGE,
  ExportLimiter,
  MAX_CONCURRENT_EXPORTS,
  type CsvExport,
} from './services/exports';
export {
  callerAccess,
  idempotencyKeyOf,
  purgeIdempotencyKeys,
  withIdempotencyKey,
  IDEMPOTENCY_WAIT,
  type IdempotentRequest,
  type StoredAnswer,
} from './services/idempotency';
export { sessionResolver, type AuthenticatedSession } from './services/sessions';
export {
  createMemoryAuthRateLimits,
  createPostgresAuthRateLimits,
  DEFAULT_AUTH_RATE_LIMITS,
  type AuthRateLimits,
  type AuthRateLimitOptions,
} from './lib/rate-limits';
export { communityDate, communityTime, isValidTimeZone, serverTimeZone } from './lib/time';
export { ensureBootstrapAdmin, hashPassword } from './services/auth';
export { applyExpiry, newPassToken, passQrDataUrl } from './services/visitors';
export { warmGatePackCodeHashes } from './services/gate-code-hash';
export { ensureOperator, forEachActiveCommunity, type JobCommunity } from './services/communities';
export { DEMO_ACCOUNTS, DEMO_PASSWORD, hasDemoAccounts, isDatabaseEmpty, seedDemoCommunity } from './seed/demo';
export { PushDispatcher, pushPayload, type VapidKeys, type PushPayload } from './services/web-push';
export {
  DEFAULT_WEBHOOK_RETRY_DELAYS_MS,
  nextRetryDelayMs,
  signWebhook,
  WebhookDispatcher,
  WEBHOOK_TIMEOUT_MS,
  type WebhookDispatcherOptions,
} from './services/webhook-dispatcher';
export { isNonPublicAddress, resolveWebhookUrl, type HostResolver } from './services/webhook-addresses';
export {
  anonymiseEndedVisitors,
  DEFAULT_VISITOR_RETENTION_DAYS,
  eraseVisitor,
  startVisitorRetentionJob,
  VISITOR_RETENTION_CRON,
  VISITOR_RETENTION_QUEUE,
  type RetentionResult,
  type VisitorRetentionJobOptions,
} from './services/visitor-privacy';
