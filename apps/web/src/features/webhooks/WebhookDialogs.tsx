/** The Add Webhook and Edit Webhook dialogs of /webhooks (docs/api.md#webhooks, admin). */
import {
  WEBHOOK_ALL_EVENTS,
  WEBHOOK_DESCRIPTION_MAX,
  WEBHOOK_EVENT_TYPES,
  WEBHOOK_URL_MAX,
  ZCreateWebhookRequest,
  ZUpdateWebhookRequest,
  type CreateWebhookRequest,
  type Webhook,
  type WebhookEventType,
} from '@gatehouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Copy, KeyRound } from 'lucide-react';
import { useState, type FormEvent } from 'react';

import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ErrorBox } from '../../components/ErrorBox';
import { CheckboxField, TextField } from '../../components/Field';
import { copyText } from '../../lib/clipboard';
import { failureText } from '../../lib/failures';
import { i18n, translateValidation, useMessages } from '../../lib/i18n';
import { useToast } from '../../lib/toasts';
import { useTRPC } from '../../lib/trpc-react';

const messages = i18n('WebhookDialogs', {
  cancel: 'Cancel',
  addTitle: 'Add Webhook',
  addDescription: 'Gatehouse sends visitor events to this URL as signed HTTP POST requests.',
  editTitle: 'Edit Webhook',
  url: 'Endpoint URL',
  urlHint: 'An http or https address the server can reach on the internet.',
  events: 'Events',
  allEvents: 'All events',
  allEventsHint: 'Every event type, including ones added later.',
  created: 'visitor.created: a visitor is invited or registered at the gate',
  updated: 'visitor.updated: a visitor changes (approved, checked in or out, cancelled…)',
  description: 'Description',
  descriptionHint: 'Optional. What this endpoint is for.',
  active: 'Active',
  activeHint: 'An inactive webhook receives nothing.',
  createWebhook: 'Create Webhook',
  creating: 'Creating…',
  saveChanges: 'Save Changes',
  saving: 'Saving…',
  saved: 'Webhook saved',
  secretTitle: 'Signing secret',
  secretWarning: 'Copy this secret now. It will not be shown again.',
  secretHint: 'Use it to verify the webhook-signature header of every request.',
  copy: 'Copy Secret',
  copied: 'Secret copied',
  done: 'Done',
});

/** The label of an event type (or of all events) in the current language. */
export function eventLabel(event: string): string {
  const t = messages.get();
  if (event === WEBHOOK_ALL_EVENTS) return t.allEvents;
  return event;
}

type FieldErrors = Partial<Record<'url' | 'events' | 'description', string>>;

/** The first message of each field of a failed parse, translated. */
function errorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as keyof FieldErrors;
    if (['url', 'events', 'description'].includes(field) && !errors[field]) errors[field] = translateValidation(issue.message);
  }
  return errors;
}

/** The form's fields: URL, the event checkboxes (All events, or some types), description. */
function WebhookFields({
  url,
  setUrl,
  events,
  setEvents,
  description,
  setDescription,
  errors,
}: {
  url: string;
  setUrl: (value: string) => void;
  events: string[];
  setEvents: (value: string[]) => void;
  description: string;
  setDescription: (value: string) => void;
  errors: FieldErrors;
}) {
  const t = useMessages(messages);
  const all = events.includes(WEBHOOK_ALL_EVENTS);
  const typeLabel: Record<WebhookEventType, string> = { 'visitor.created': t.created, 'visitor.updated': t.updated };
  const toggle = (event: string, checked: boolean) =>
    setEvents(checked ? [...events.filter((item) => item !== event), event] : events.filter((item) => item !== event));
  return (
    <>
      <TextField
        label={t.url}
        type="url"
        inputMode="url"
        autoComplete="off"
        placeholder="https://example.com/hooks/gatehouse"
        maxLength={WEBHOOK_URL_MAX}
        hint={t.urlHint}
        error={errors.url}
        value={url}
        onChange={(event) => setUrl(event.target.value)}
      />
      <fieldset className="flex flex-col gap-3" aria-describedby={errors.events ? 'webhook-events-error' : undefined}>
        <legend className="mb-1 text-sm font-medium text-slate-800">{t.events}</legend>
        <CheckboxField label={t.allEvents} hint={t.allEventsHint} checked={all} onChange={(event) => setEvents(event.target.checked ? [WEBHOOK_ALL_EVENTS] : [])} />
        {WEBHOOK_EVENT_TYPES.map((type) => (
          <CheckboxField
            key={type}
            label={typeLabel[type]}
            checked={all || events.includes(type)}
            disabled={all}
            onChange={(event) => toggle(type, event.target.checked)}
          />
        ))}
        {errors.events && (
          <p id="webhook-events-error" role="alert" className="text-sm text-red-700">
            {errors.events}
          </p>
        )}
      </fieldset>
      <TextField
        label={t.description}
        autoComplete="off"
        maxLength={WEBHOOK_DESCRIPTION_MAX}
        hint={t.descriptionHint}
        error={errors.description}
        value={description}
        onChange={(event) => setDescription(event.target.value)}
      />
    </>
  );
}

function DialogActions({ onCancel, submitLabel, busyLabel, busy }: { onCancel: () => void; submitLabel: string; busyLabel: string; busy: boolean }) {
  const t = useMessages(messages);
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel}>
        {t.cancel}
      </Button>
      <Button type="submit" loading={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}

/**
 * Adds a webhook (`POST /api/webhooks`): URL, events (All events or some types) and a
 * description, checked by the server's own schema; then shows the signing secret once,
 * with a Copy button, since the server never shows it again.
 */
export function CreateWebhookDialog({ onClose }: { onClose: () => void }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [url, setUrl] = useState('');
  const [events, setEvents] = useState<string[]>([WEBHOOK_ALL_EVENTS]);
  const [description, setDescription] = useState('');
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const [secret, setSecret] = useState<string | null>(null);

  const create = useMutation(
    trpc.webhooks.create.mutationOptions({
      onSuccess: async (created) => {
        setSecret(created.secret);
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.pathKey() });
      },
      onError: (error) => setServerError(failureText(error)),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    // The checkboxes hold only known types and `*`; the schema checks them again.
    const input: CreateWebhookRequest = { url, events: events as CreateWebhookRequest['events'], description };
    const parsed = ZCreateWebhookRequest.safeParse(input);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(input);
  };

  if (secret) {
    return (
      <Dialog title={t.secretTitle} description={t.secretHint} onClose={onClose}>
        <div className="flex flex-col gap-5">
          <p role="alert" className="flex items-start gap-2 rounded-xl bg-amber-50 p-3 text-sm font-medium text-amber-900 ring-1 ring-amber-600/30">
            <KeyRound aria-hidden="true" className="mt-0.5 size-4 shrink-0" />
            {t.secretWarning}
          </p>
          <code className="block rounded-xl bg-slate-100 p-3 font-mono text-sm break-all text-slate-900" data-testid="webhook-secret">
            {secret}
          </code>
          <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
            <Button
              variant="secondary"
              icon={<Copy aria-hidden="true" className="size-4" />}
              onClick={() => {
                copyText(secret).then(
                  () => showToast(t.copied),
                  (error: unknown) => setServerError(failureText(error)),
                );
              }}
            >
              {t.copy}
            </Button>
            <Button onClick={onClose}>{t.done}</Button>
          </div>
          {serverError && <ErrorBox message={serverError} onDismiss={() => setServerError(null)} headingLevel={3} />}
        </div>
      </Dialog>
    );
  }

  return (
    <Dialog title={t.addTitle} description={t.addDescription} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {serverError && <ErrorBox message={serverError} onDismiss={() => setServerError(null)} headingLevel={3} />}
        <WebhookFields url={url} setUrl={setUrl} events={events} setEvents={setEvents} description={description} setDescription={setDescription} errors={errors} />
        <DialogActions onCancel={onClose} submitLabel={t.createWebhook} busyLabel={t.creating} busy={create.isPending} />
      </form>
    </Dialog>
  );
}

/** Changes a webhook (`PUT /api/webhooks/{id}`, partial): URL (checked again), events, description, active. */
export function EditWebhookDialog({ webhook, onClose }: { webhook: Webhook; onClose: () => void }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [url, setUrl] = useState(webhook.url);
  const [events, setEvents] = useState<string[]>(webhook.events);
  const [description, setDescription] = useState(webhook.description ?? '');
  const [isActive, setIsActive] = useState(webhook.isActive);
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);

  const update = useMutation(
    trpc.webhooks.update.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.webhooks.list.pathKey() });
        showToast(t.saved);
        onClose();
      },
      onError: (error) => setServerError(failureText(error)),
    }),
  );

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const input = { id: webhook.id, url, events: events as CreateWebhookRequest['events'], description, isActive };
    const parsed = ZUpdateWebhookRequest.safeParse(input);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    update.mutate(input);
  };

  return (
    <Dialog title={t.editTitle} description={webhook.url} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {serverError && <ErrorBox message={serverError} onDismiss={() => setServerError(null)} headingLevel={3} />}
        <WebhookFields url={url} setUrl={setUrl} events={events} setEvents={setEvents} description={description} setDescription={setDescription} errors={errors} />
        <CheckboxField label={t.active} hint={t.activeHint} checked={isActive} onChange={(event) => setIsActive(event.target.checked)} />
        <DialogActions onCancel={onClose} submitLabel={t.saveChanges} busyLabel={t.saving} busy={update.isPending} />
      </form>
    </Dialog>
  );
}
