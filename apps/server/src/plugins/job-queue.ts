/**
 * The job queue (pg-boss) of this process: the webhook sender and, on the same queue,
 * the daily visitor retention run. Nothing starts when no webhook options are given
 * (tests that do not need it start nothing).
 */
import {
  DEFAULT_VISITOR_RETENTION_DAYS,
  startVisitorRetentionJob,
  WebhookDispatcher,
  type ServiceConfig,
  type VisitorRetentionJobOptions,
  type WebhookDispatcherOptions,
} from '@gatehouse/api';
import type { Database } from '@gatehouse/db';
import type { FastifyPluginAsync } from 'fastify';
import fp from 'fastify-plugin';

declare module 'fastify' {
  interface FastifyInstance {
    /** This process's webhook sender, when the app was built with webhook options; else null. */
    webhookDispatcher: WebhookDispatcher | null;
  }
}

export interface JobQueueOptions {
  db: Database;
  service: ServiceConfig;
  /** Send webhook deliveries from this process (`allowPrivate` is the service's `webhookAllowPrivate`); absent: no queue. */
  webhooks?: Omit<WebhookDispatcherOptions, 'allowPrivate' | 'onError' | 'jobs'> | undefined;
  /** Run the daily retention job on the same queue (needs `webhooks`); absent: no job in this process. */
  retention?: Omit<VisitorRetentionJobOptions, 'timeZone' | 'retentionDays' | 'onRun'> | undefined;
}

const jobQueue: FastifyPluginAsync<JobQueueOptions> = async (app, { db, service, webhooks, retention }) => {
  const webhookDispatcher = webhooks
    ? new WebhookDispatcher(db, {
        ...webhooks,
        allowPrivate: service.webhookAllowPrivate ?? false,
        onError: (error) => app.log.warn({ err: error }, 'sending webhook deliveries failed'),
        ...(retention
          ? {
              jobs: (boss) =>
                startVisitorRetentionJob(boss, db, {
                  ...retention,
                  timeZone: service.timeZone,
                  retentionDays: service.visitorRetentionDays ?? DEFAULT_VISITOR_RETENTION_DAYS,
                  onRun: (result) => app.log.info({ anonymised: result.anonymised, cutoff: result.cutoff }, 'visitor retention run'),
                }),
            }
          : {}),
      })
    : null;
  app.decorate('webhookDispatcher', webhookDispatcher);
  app.addHook('onClose', async () => {
    await webhookDispatcher?.close();
  });
  // The job queue starts last, when the app is made ready (app.ready(), listen(), inject()):
  // a later step of buildApp that throws leaves no pg-boss running, and a start that fails
  // stops what it started and fails ready(), the close hook above already registered.
  app.addHook('onReady', async () => {
    await webhookDispatcher?.start();
  });
};

/** Decorates the app (hence fastify-plugin). */
export default fp(jobQueue, { name: 'gatehouse-job-queue', fastify: '5.x' });
