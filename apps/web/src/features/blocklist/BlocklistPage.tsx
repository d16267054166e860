/**
 * /blocklist (admin, docs/operations.md#blocklist): the people the gate must not let in, matched by
 * phone
 * number or licence plate: list, add (name, phone, plate, reason; the server's own schema
 * checks the form) and remove (confirmed). The gate sees a match's reason, never who added it.
 */
import {
  BLOCKLIST_REASON_MAX,
  MAX_LENGTH,
  ZCreateBlocklistEntryRequest,
  type BlocklistEntry,
  type CreateBlocklistEntryRequest,
} from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Plus, Trash2 } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '../../components/Button';
import { EmptyState } from '../../components/Card';
import { useConfirm } from '../../components/ConfirmDialog';
import { Dialog } from '../../components/Dialog';
import { ErrorBox } from '../../components/ErrorBox';
import { controlClasses, TextField } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { failureText } from '../../lib/failures';
import { formatInstant } from '../../lib/format';
import { count, i18n, params, translateValidation, useMessages } from '../../lib/i18n';
import { useToast } from '../../lib/toasts';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('BlocklistPage', {
  title: 'Blocklist',
  subtitle: 'People the gate must not let in, by phone number or licence plate. Guards see the reason only.',
  add: 'Add to Blocklist',
  loading: 'Loading the blocklist',
  empty: 'Nobody is on the blocklist',
  emptyHint: 'Add a person by phone number or licence plate to have the gate refuse them.',
  total: count({ one: '{count} entry', other: '{count} entries' }),
  listLabel: 'Blocklist entries',
  phone: 'Phone',
  plate: 'Licence plate',
  reason: 'Reason',
  added: params('Added by {name} on {when}'),
  remove: 'Remove',
  removeEntry: params('Remove {name} from the blocklist'),
  removeTitle: 'Remove from the blocklist?',
  removeQuestion: params('Remove {name} from the blocklist? The gate will let them in again.'),
  removed: 'Removed from the blocklist',
  none: 'None',
  // The add dialog.
  addTitle: 'Add to Blocklist',
  addDescription: 'Give a phone number, a licence plate, or both: the gate matches either.',
  name: 'Name',
  phoneHint: 'Matched with spaces and dashes ignored.',
  reasonHint: 'Shown to the guard at the gate.',
  cancel: 'Cancel',
  save: 'Add Entry',
  saving: 'Adding…',
  saved: 'Added to the blocklist',
});

type FieldErrors = Partial<Record<'name' | 'phone' | 'licensePlate' | 'reason', string>>;

/** The first message of each field of a failed parse, translated. */
function errorsOf(issues: readonly { path: PropertyKey[]; message: string }[]): FieldErrors {
  const errors: FieldErrors = {};
  for (const issue of issues) {
    const field = String(issue.path[0] ?? '') as keyof FieldErrors;
    if (['name', 'phone', 'licensePlate', 'reason'].includes(field) && !errors[field]) errors[field] = translateValidation(issue.message);
  }
  return errors;
}

/** Adds an entry (`POST /api/blocklist`), checked first by the server's own schema. */
function AddEntryDialog({ onClose }: { onClose: () => void }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const reasonId = useId();
  const [form, setForm] = useState<CreateBlocklistEntryRequest>({ name: '', phone: '', licensePlate: '', reason: '' });
  const [errors, setErrors] = useState<FieldErrors>({});
  const [serverError, setServerError] = useState<string | null>(null);
  const create = useMutation(
    trpc.blocklist.create.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.blocklist.list.pathKey() });
        showToast(t.saved);
        onClose();
      },
      onError: (error) => setServerError(failureText(error)),
    }),
  );
  const set = (field: keyof CreateBlocklistEntryRequest) => (value: string) => {
    setForm((current) => ({ ...current, [field]: value }));
    setErrors((current) => ({ ...current, [field]: undefined }));
  };
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setServerError(null);
    const parsed = ZCreateBlocklistEntryRequest.safeParse(form);
    if (!parsed.success) {
      setErrors(errorsOf(parsed.error.issues));
      return;
    }
    setErrors({});
    create.mutate(form);
  };
  return (
    <Dialog title={t.addTitle} description={t.addDescription} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {serverError && <ErrorBox message={serverError} onDismiss={() => setServerError(null)} headingLevel={3} />}
        <TextField label={t.name} value={form.name} maxLength={MAX_LENGTH.name} autoComplete="off" error={errors.name} onChange={(event) => set('name')(event.target.value)} />
        <TextField
          label={t.phone}
          type="tel"
          value={form.phone ?? ''}
          maxLength={MAX_LENGTH.phone}
          autoComplete="off"
          hint={t.phoneHint}
          error={errors.phone}
          onChange={(event) => set('phone')(event.target.value)}
        />
        <TextField
          label={t.plate}
          value={form.licensePlate ?? ''}
          maxLength={MAX_LENGTH.licensePlate}
          autoComplete="off"
          error={errors.licensePlate}
          onChange={(event) => set('licensePlate')(event.target.value)}
        />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={reasonId} className="text-sm font-medium text-slate-800">
            {t.reason}
          </label>
          <textarea
            id={reasonId}
            value={form.reason}
            rows={3}
            maxLength={BLOCKLIST_REASON_MAX}
            onChange={(event) => set('reason')(event.target.value)}
            aria-invalid={errors.reason ? true : undefined}
            aria-describedby={errors.reason ? `${reasonId}-error` : `${reasonId}-hint`}
            className={controlClasses(Boolean(errors.reason), 'min-h-20')}
          />
          {errors.reason ? (
            <p id={`${reasonId}-error`} role="alert" className="text-sm font-medium text-red-600">
              {errors.reason}
            </p>
          ) : (
            <p id={`${reasonId}-hint`} className="text-sm text-slate-500">
              {t.reasonHint}
            </p>
          )}
        </div>
        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {create.isPending ? t.saving : t.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function EntryRow({ entry, busy, onRemove }: { entry: BlocklistEntry; busy: boolean; onRemove: () => void }) {
  const t = useMessages(messages);
  return (
    <li className="flex flex-col gap-3 px-5 py-4 lg:flex-row lg:items-center lg:gap-4">
      <div className="min-w-0 flex-1">
        <h2 className="text-base font-semibold break-words text-slate-900">{entry.name}</h2>
        <dl className="mt-1 grid grid-cols-1 gap-x-6 gap-y-1 text-sm sm:grid-cols-[auto_1fr]">
          <dt className="font-medium text-slate-600">{t.phone}</dt>
          <dd className="break-words text-slate-900">{entry.phone ?? t.none}</dd>
          <dt className="font-medium text-slate-600">{t.plate}</dt>
          <dd className="break-words text-slate-900">{entry.licensePlate ?? t.none}</dd>
          <dt className="font-medium text-slate-600">{t.reason}</dt>
          <dd className="break-words text-slate-900">{entry.reason}</dd>
        </dl>
        <p className="mt-1 text-sm text-slate-500">{t.added({ name: entry.addedBy?.name ?? '—', when: formatInstant(entry.createdAt) })}</p>
      </div>
      <div className="flex flex-wrap gap-2 lg:justify-end">
        <Button
          variant="danger-ghost"
          size="sm"
          className="min-h-11"
          loading={busy}
          aria-label={t.removeEntry({ name: entry.name })}
          icon={<Trash2 aria-hidden="true" className="size-4" />}
          onClick={onRemove}
        >
          {t.remove}
        </Button>
      </div>
    </li>
  );
}

/** The blocklist page (admin). Server refusals show in the shared error box. */
export function BlocklistPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { showToast } = useToast();
  const list = useQuery(trpc.blocklist.list.queryOptions({ limit: 100 }));
  const [adding, setAdding] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const remove = useMutation(
    trpc.blocklist.remove.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.blocklist.list.pathKey() });
        showToast(t.removed);
      },
      onError: (error) => setActionError(failureText(error)),
    }),
  );
  const onRemove = async (entry: BlocklistEntry) => {
    if (!(await confirm({ title: t.removeTitle, message: t.removeQuestion({ name: entry.name }), confirmLabel: t.remove }))) return;
    setActionError(null);
    remove.mutate({ id: entry.id });
  };

  const items = list.data?.items ?? [];
  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setAdding(true)}>
            {t.add}
          </Button>
        }
      />
      {actionError && <ErrorBox message={actionError} onDismiss={() => setActionError(null)} className="mb-6" />}
      {list.isPending ? (
        <PageSpinner label={t.loading} />
      ) : list.isError ? (
        <ErrorBox message={failureText(list.error)} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white">
          <EmptyState icon={<Ban aria-hidden="true" className="size-6" />} title={t.empty} hint={t.emptyHint} />
        </div>
      ) : (
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <p className="border-b border-slate-100 px-5 py-3 text-sm text-slate-500">{t.total(list.data.total)}</p>
          <ul className="divide-y divide-slate-100" aria-label={t.listLabel}>
            {items.map((entry) => (
              <EntryRow key={entry.id} entry={entry} busy={remove.isPending && remove.variables?.id === entry.id} onRemove={() => void onRemove(entry)} />
            ))}
          </ul>
        </div>
      )}
      {adding && <AddEntryDialog onClose={() => setAdding(false)} />}
    </>
  );
}
