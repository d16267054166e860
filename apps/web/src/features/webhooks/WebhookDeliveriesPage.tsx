/**
 * /webhooks/{id} (admin): one webhook's deliveries, newest first (docs/api.md#webhooks): status,
 * attempts, last status code or error, next attempt, created; Resend sends one again now
 * with the same webhook-id.
 */
import type { WebhookDelivery, WebhookDeliveryStatus } from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { History, RotateCw } from 'lucide-react';
import { useState } from 'react';

import { BackLink } from '../../components/BackLink';
import { Button } from '../../components/Button';
import { EmptyState } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { failureText } from '../../lib/failures';
import { formatInstant } from '../../lib/format';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useToast } from '../../lib/toasts';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('WebhookDeliveriesPage', {
  title: 'Deliveries',
  back: 'Back to Webhooks',
  loading: 'Loading deliveries',
  empty: 'No deliveries yet',
  emptyHint: 'Each visitor event this webhook subscribes to appears here.',
  tableLabel: 'Deliveries, newest first',
  event: 'Event',
  status: 'Status',
  attempts: 'Attempts',
  lastResult: 'Last status code or error',
  nextAttempt: 'Next attempt',
  createdAt: 'Created',
  actions: 'Actions',
  pending: 'Pending',
  delivered: 'Delivered',
  failed: 'Failed',
  none: '—',
  resend: 'Resend',
  resendDelivery: params('Resend delivery {id}'),
  resent: 'Sent again',
  refresh: 'Refresh',
});

const STATUS_STYLES: Record<WebhookDeliveryStatus, string> = {
  pending: 'bg-amber-50 text-amber-800 ring-amber-600/30',
  delivered: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
  failed: 'bg-red-50 text-red-800 ring-red-600/30',
};

function DeliveryStatusBadge({ status }: { status: WebhookDeliveryStatus }) {
  const t = useMessages(messages);
  return (
    <span className={clsx('inline-flex items-center rounded-full px-2.5 py-0.5 text-xs font-semibold whitespace-nowrap ring-1 ring-inset', STATUS_STYLES[status])} data-status={status}>
      {t[status]}
    </span>
  );
}

function lastResult(delivery: WebhookDelivery, none: string): string {
  if (delivery.lastStatusCode !== null) return String(delivery.lastStatusCode);
  return delivery.lastError ?? none;
}

/** The deliveries page of webhook `id`; the webhook's URL comes from the list. */
export function WebhookDeliveriesPage({ id }: { id: string }) {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const webhooks = useQuery(trpc.webhooks.list.queryOptions({ limit: 100 }));
  const webhook = webhooks.data?.items.find((item) => item.id === id);
  const deliveries = useQuery(trpc.webhooks.deliveries.queryOptions({ id, limit: 100 }, { refetchInterval: 10_000 }));
  const [actionError, setActionError] = useState<string | null>(null);
  const resend = useMutation(
    trpc.webhooks.resend.mutationOptions({
      onSuccess: async () => {
        showToast(t.resent);
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.deliveries.pathKey() });
      },
      onError: (error) => setActionError(failureText(error)),
    }),
  );

  const items = deliveries.data?.items ?? [];
  return (
    <>
      <PageHeader
        back={<BackLink href="/webhooks">{t.back}</BackLink>}
        title={t.title}
        subtitle={webhook ? <span className="font-mono [overflow-wrap:anywhere]">{webhook.url}</span> : undefined}
        actions={
          <Button variant="secondary" icon={<RotateCw aria-hidden="true" className="size-4" />} loading={deliveries.isFetching} onClick={() => void deliveries.refetch()}>
            {t.refresh}
          </Button>
        }
      />
      {actionError && <ErrorBox message={actionError} onDismiss={() => setActionError(null)} className="mb-6" />}
      {deliveries.isPending ? (
        <PageSpinner label={t.loading} />
      ) : deliveries.isError ? (
        <ErrorBox message={failureText(deliveries.error)} onRetry={() => void deliveries.refetch()} />
      ) : items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white">
          <EmptyState icon={<History aria-hidden="true" className="size-6" />} title={t.empty} hint={t.emptyHint} />
        </div>
      ) : (
        <div className="overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm">
          <table className="w-full text-left text-sm" aria-label={t.tableLabel}>
            <thead className="border-b border-slate-100 text-xs font-semibold tracking-wide text-slate-500 uppercase">
              <tr>
                <th scope="col" className="px-4 py-3">{t.event}</th>
                <th scope="col" className="px-4 py-3">{t.status}</th>
                <th scope="col" className="px-4 py-3">{t.attempts}</th>
                <th scope="col" className="px-4 py-3">{t.lastResult}</th>
                <th scope="col" className="px-4 py-3">{t.nextAttempt}</th>
                <th scope="col" className="px-4 py-3">{t.createdAt}</th>
                <th scope="col" className="px-4 py-3"><span className="sr-only">{t.actions}</span></th>
              </tr>
            </thead>
            <tbody className="divide-y divide-slate-100">
              {items.map((delivery) => (
                <tr key={delivery.id}>
                  <td className="px-4 py-3 font-mono text-slate-900">{delivery.event}</td>
                  <td className="px-4 py-3"><DeliveryStatusBadge status={delivery.status} /></td>
                  <td className="px-4 py-3 text-slate-700">{delivery.attempts}</td>
                  <td className="max-w-xs px-4 py-3 [overflow-wrap:anywhere] text-slate-700">{lastResult(delivery, t.none)}</td>
                  <td className="px-4 py-3 text-slate-700">{delivery.nextAttemptAt ? formatInstant(delivery.nextAttemptAt) : t.none}</td>
                  <td className="px-4 py-3 text-slate-700">{formatInstant(delivery.createdAt)}</td>
                  <td className="px-4 py-3 text-right">
                    <Button
                      variant="secondary"
                      size="sm"
                      className="min-h-11"
                      aria-label={t.resendDelivery({ id: delivery.id })}
                      loading={resend.isPending && resend.variables?.deliveryId === delivery.id}
                      icon={<RotateCw aria-hidden="true" className="size-4" />}
                      onClick={() => {
                        setActionError(null);
                        resend.mutate({ id, deliveryId: delivery.id });
                      }}
                    >
                      {t.resend}
                    </Button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      )}
    </>
  );
}
