/**
 * /webhooks (admin): the endpoints that receive visitor events (docs/api.md#webhooks): list,
 * add (the secret shown once), edit, activate or deactivate, delete (confirmed), and each
 * one's deliveries (/webhooks/{id}).
 */
import { type Webhook } from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { History, Pause, Pencil, Play, Plus, Trash2, Webhook as WebhookIcon } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';

import { Button, buttonClasses } from '../../components/Button';
import { EmptyState } from '../../components/Card';
import { useConfirm } from '../../components/ConfirmDialog';
import { ErrorBox } from '../../components/ErrorBox';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { ActiveBadge } from '../../components/StatusBadge';
import { failureText } from '../../lib/failures';
import { formatInstant } from '../../lib/format';
import { count, i18n, params, useMessages } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { CreateWebhookDialog, EditWebhookDialog, eventLabel } from './WebhookDialogs';

const messages = i18n('WebhooksPage', {
  title: 'Webhooks',
  subtitle: 'Send visitor events to other systems as signed HTTP requests.',
  addWebhook: 'Add Webhook',
  loading: 'Loading webhooks',
  empty: 'No webhooks yet',
  emptyHint: 'Add an endpoint to receive visitor events as they happen.',
  total: count({ one: '{count} webhook', other: '{count} webhooks' }),
  listLabel: 'Webhooks',
  events: 'Events:',
  created: params('Added {when}'),
  edit: 'Edit',
  editWebhook: params('Edit {url}'),
  activate: 'Activate',
  activateWebhook: params('Activate {url}'),
  deactivate: 'Deactivate',
  deactivateWebhook: params('Deactivate {url}'),
  deliveries: 'Deliveries',
  deliveriesOf: params('Deliveries of {url}'),
  delete: 'Delete',
  deleteWebhook: params('Delete {url}'),
  deleteTitle: 'Delete webhook?',
  deleteQuestion: params('Delete the webhook for {url}? It stops receiving events and its deliveries are removed.'),
});

function WebhookRow({
  webhook,
  busy,
  onEdit,
  onToggle,
  onDelete,
}: {
  webhook: Webhook;
  busy: boolean;
  onEdit: () => void;
  onToggle: () => void;
  onDelete: () => void;
}) {
  const t = useMessages(messages);
  return (
    <li className="flex flex-col gap-3 px-5 py-4 lg:flex-row lg:items-center lg:gap-4">
      <div className="min-w-0 flex-1">
        <h2 className="font-mono text-sm font-semibold [overflow-wrap:anywhere] text-slate-900">{webhook.url}</h2>
        {webhook.description && <p className="mt-0.5 text-sm text-slate-600">{webhook.description}</p>}
        <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
          <span>
            <span className="sr-only">{t.events} </span>
            {webhook.events.map(eventLabel).join(', ')}
          </span>
          <span>{t.created({ when: formatInstant(webhook.createdAt) })}</span>
        </p>
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <ActiveBadge isActive={webhook.isActive} />
      </div>
      <div className="flex flex-wrap gap-2 lg:justify-end">
        <Link
          href={`/webhooks/${webhook.id}`}
          className={buttonClasses('secondary', 'sm', 'min-h-11')}
          aria-label={t.deliveriesOf({ url: webhook.url })}
        >
          <History aria-hidden="true" className="size-4" />
          {t.deliveries}
        </Link>
        <Button variant="secondary" size="sm" className="min-h-11" aria-label={t.editWebhook({ url: webhook.url })} icon={<Pencil aria-hidden="true" className="size-4" />} onClick={onEdit}>
          {t.edit}
        </Button>
        <Button
          variant="secondary"
          size="sm"
          className="min-h-11"
          loading={busy}
          aria-label={webhook.isActive ? t.deactivateWebhook({ url: webhook.url }) : t.activateWebhook({ url: webhook.url })}
          icon={webhook.isActive ? <Pause aria-hidden="true" className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
          onClick={onToggle}
        >
          {webhook.isActive ? t.deactivate : t.activate}
        </Button>
        <Button variant="danger-ghost" size="sm" className="min-h-11" aria-label={t.deleteWebhook({ url: webhook.url })} icon={<Trash2 aria-hidden="true" className="size-4" />} onClick={onDelete}>
          {t.delete}
        </Button>
      </div>
    </li>
  );
}

/** The webhooks page (admin). Server refusals show in the shared error box. */
export function WebhooksPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const webhooks = useQuery(trpc.webhooks.list.queryOptions({ limit: 100 }));
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<Webhook | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  const refresh = {
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.pathKey() });
    },
    onError: (error: unknown) => setActionError(failureText(error)),
  };
  const update = useMutation(trpc.webhooks.update.mutationOptions(refresh));
  const remove = useMutation(trpc.webhooks.delete.mutationOptions(refresh));

  const onDelete = async (webhook: Webhook) => {
    if (!(await confirm({ title: t.deleteTitle, message: t.deleteQuestion({ url: webhook.url }), confirmLabel: t.delete }))) return;
    setActionError(null);
    remove.mutate({ id: webhook.id });
  };
  const onToggle = (webhook: Webhook) => {
    setActionError(null);
    update.mutate({ id: webhook.id, isActive: !webhook.isActive });
  };

  const items = webhooks.data?.items ?? [];
  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setCreating(true)}>
            {t.addWebhook}
          </Button>
        }
      />
      {actionError && <ErrorBox message={actionError} onDismiss={() => setActionError(null)} className="mb-6" />}
      {webhooks.isPending ? (
        <PageSpinner label={t.loading} />
      ) : webhooks.isError ? (
        <ErrorBox message={failureText(webhooks.error)} onRetry={() => void webhooks.refetch()} />
      ) : items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white">
          <EmptyState icon={<WebhookIcon aria-hidden="true" className="size-6" />} title={t.empty} hint={t.emptyHint} />
        </div>
      ) : (
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <p className="border-b border-slate-100 px-5 py-3 text-sm text-slate-500">{t.total(webhooks.data.total)}</p>
          <ul className="divide-y divide-slate-100" aria-label={t.listLabel}>
            {items.map((webhook) => (
              <WebhookRow
                key={webhook.id}
                webhook={webhook}
                busy={update.isPending && update.variables?.id === webhook.id}
                onEdit={() => setEditing(webhook)}
                onToggle={() => onToggle(webhook)}
                onDelete={() => void onDelete(webhook)}
              />
            ))}
          </ul>
        </div>
      )}
      {creating && <CreateWebhookDialog onClose={() => setCreating(false)} />}
      {editing && <EditWebhookDialog webhook={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
