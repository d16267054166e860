/**
 * /gates (admin): the community's gates (docs/operations.md#gates): the list (active and inactive,
 * by
 * name), add a gate, rename one, switch one off or on. A gate switched off stays on the
 * visits it recorded; no tablet can check anyone in or out at it any more. The server's
 * refusals (a taken name, 400s) show under the form or in the shared error box.
 */
import { type Gate, ZCreateGateRequest } from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { DoorOpen, Pause, Pencil, Play, Plus } from 'lucide-react';
import { useId, useState, type FormEvent } from 'react';

import { Button } from '../../components/Button';
import { EmptyState } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { ActiveBadge } from '../../components/StatusBadge';
import { failureText } from '../../lib/failures';
import { formatInstant } from '../../lib/format';
import { count, i18n, params, translateValidation, useMessages } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('GatesPage', {
  title: 'Gates',
  subtitle: 'The entrances of the community. Guards choose their gate on the tablet; every check-in and check-out records it.',
  loading: 'Loading gates',
  addTitle: 'Add a gate',
  name: 'Gate name',
  add: 'Add Gate',
  empty: 'No gates yet',
  emptyHint: 'Add the community’s gates so that each check-in and check-out records where it happened.',
  total: count({ one: '{count} gate', other: '{count} gates' }),
  listLabel: 'Gates',
  created: params('Added {when}'),
  rename: 'Rename',
  renameGate: params('Rename {name}'),
  newName: params('New name for {name}'),
  save: 'Save',
  cancel: 'Cancel',
  activate: 'Activate',
  activateGate: params('Activate {name}'),
  deactivate: 'Deactivate',
  deactivateGate: params('Deactivate {name}'),
  added: params('{name} added'),
});

/** The admin's form to add a gate; the name is checked with the server's own schema. */
function AddGateForm() {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const inputId = useId();
  const errorId = useId();
  const [name, setName] = useState('');
  const [error, setError] = useState<string | null>(null);
  const [added, setAdded] = useState<string | null>(null);
  const create = useMutation(
    trpc.gates.create.mutationOptions({
      onSuccess: async (gate) => {
        setName('');
        setAdded(gate.name);
        await queryClient.invalidateQueries({ queryKey: trpc.gates.list.pathKey() });
      },
      onError: (failure) => setError(failureText(failure)),
    }),
  );
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    setAdded(null);
    const parsed = ZCreateGateRequest.safeParse({ name });
    const issue = parsed.success ? undefined : parsed.error.issues[0];
    if (issue) return setError(translateValidation(issue.message));
    setError(null);
    if (parsed.success) create.mutate(parsed.data);
  };
  return (
    <form onSubmit={onSubmit} noValidate className="mb-6 rounded-2xl border border-slate-200 bg-white px-5 py-4 shadow-sm">
      <h2 className="text-base font-semibold text-slate-900">{t.addTitle}</h2>
      <div className="mt-3 flex flex-col gap-3 sm:flex-row sm:items-end">
        <div className="flex-1">
          <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
            {t.name}
          </label>
          <input
            id={inputId}
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={80}
            autoComplete="off"
            aria-invalid={error ? true : undefined}
            aria-describedby={error ? errorId : undefined}
            className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
          />
        </div>
        <Button type="submit" className="min-h-11" loading={create.isPending} icon={<Plus aria-hidden="true" className="size-4" />}>
          {t.add}
        </Button>
      </div>
      {error && (
        <p id={errorId} role="alert" className="mt-2 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      {added && (
        <p role="status" className="mt-2 text-sm text-emerald-800">
          {t.added({ name: added })}
        </p>
      )}
    </form>
  );
}

/** One gate: its name (or the rename form), state, and actions. */
function GateRow({ gate, onError }: { gate: Gate; onError: (message: string | null) => void }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const inputId = useId();
  const [renaming, setRenaming] = useState(false);
  const [name, setName] = useState(gate.name);
  const update = useMutation(
    trpc.gates.update.mutationOptions({
      onSuccess: async () => {
        setRenaming(false);
        onError(null);
        await queryClient.invalidateQueries({ queryKey: trpc.gates.list.pathKey() });
      },
      onError: (failure) => onError(failureText(failure)),
    }),
  );
  const onRename = (event: FormEvent) => {
    event.preventDefault();
    update.mutate({ id: gate.id, name });
  };
  return (
    <li className="flex flex-col gap-3 px-5 py-4 lg:flex-row lg:items-center lg:gap-4">
      {renaming ? (
        <form onSubmit={onRename} className="flex min-w-0 flex-1 flex-col gap-2 sm:flex-row sm:items-end">
          <div className="flex-1">
            <label htmlFor={inputId} className="block text-sm font-medium text-slate-700">
              {t.newName({ name: gate.name })}
            </label>
            <input
              id={inputId}
              value={name}
              onChange={(event) => setName(event.target.value)}
              maxLength={80}
              autoComplete="off"
              className="mt-1 block min-h-11 w-full rounded-lg border border-slate-300 px-3 py-2 text-base text-slate-900 focus:border-brand-600 focus:outline-none focus:ring-2 focus:ring-brand-600/30"
            />
          </div>
          <div className="flex gap-2">
            <Button type="submit" size="sm" className="min-h-11" loading={update.isPending}>
              {t.save}
            </Button>
            <Button
              variant="secondary"
              size="sm"
              className="min-h-11"
              onClick={() => {
                setRenaming(false);
                setName(gate.name);
              }}
            >
              {t.cancel}
            </Button>
          </div>
        </form>
      ) : (
        <div className="min-w-0 flex-1">
          <h2 className="text-base font-semibold [overflow-wrap:anywhere] text-slate-900">{gate.name}</h2>
          <p className="mt-0.5 text-sm text-slate-500">{t.created({ when: formatInstant(gate.createdAt) })}</p>
        </div>
      )}
      <div className="flex flex-wrap items-center gap-2">
        <ActiveBadge isActive={gate.isActive} />
      </div>
      {!renaming && (
        <div className="flex flex-wrap gap-2 lg:justify-end">
          <Button
            variant="secondary"
            size="sm"
            className="min-h-11"
            aria-label={t.renameGate({ name: gate.name })}
            icon={<Pencil aria-hidden="true" className="size-4" />}
            onClick={() => {
              setName(gate.name);
              setRenaming(true);
            }}
          >
            {t.rename}
          </Button>
          <Button
            variant="secondary"
            size="sm"
            className="min-h-11"
            loading={update.isPending}
            aria-label={gate.isActive ? t.deactivateGate({ name: gate.name }) : t.activateGate({ name: gate.name })}
            icon={gate.isActive ? <Pause aria-hidden="true" className="size-4" /> : <Play aria-hidden="true" className="size-4" />}
            onClick={() => update.mutate({ id: gate.id, isActive: !gate.isActive })}
          >
            {gate.isActive ? t.deactivate : t.activate}
          </Button>
        </div>
      )}
    </li>
  );
}

/** The gates page (admin). */
export function GatesPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const trpc = useTRPC();
  const gates = useQuery(trpc.gates.list.queryOptions());
  const [actionError, setActionError] = useState<string | null>(null);
  const items = gates.data?.items ?? [];
  return (
    <>
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <AddGateForm />
      {actionError && <ErrorBox message={actionError} onDismiss={() => setActionError(null)} className="mb-6" />}
      {gates.isPending ? (
        <PageSpinner label={t.loading} />
      ) : gates.isError ? (
        <ErrorBox message={failureText(gates.error)} onRetry={() => void gates.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState icon={<DoorOpen aria-hidden="true" className="size-6" />} title={t.empty} hint={t.emptyHint} />
      ) : (
        <section className="rounded-2xl border border-slate-200 bg-white shadow-sm">
          <p className="border-b border-slate-100 px-5 py-3 text-sm text-slate-600">{t.total(items.length)}</p>
          <ul className="divide-y divide-slate-100" aria-label={t.listLabel}>
            {items.map((gate) => (
              <GateRow key={gate.id} gate={gate} onError={setActionError} />
            ))}
          </ul>
        </section>
      )}
    </>
  );
}
