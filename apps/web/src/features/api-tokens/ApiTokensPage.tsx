/**
 * /api-tokens (admin): the API tokens of integrations (docs/api.md#api-tokens): the list with
 * each token's role, prefix, dates and status, a New Token dialog that shows the token
 * once with Copy, and Revoke with a confirmation.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  API_TOKEN_NAME_MAX,
  API_TOKEN_ROLES,
  COPIED_CONFIRMATION_MS,
  apiTokenExpiryProblem,
  ZCreateApiTokenRequest,
  type ApiToken,
  type CreatedApiToken,
} from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { Check, Copy, KeyRound, Plus, Trash2 } from 'lucide-react';
import { useEffect, useRef, useState } from 'react';
import { z } from 'zod';

import { Button } from '../../components/Button';
import { EmptyState } from '../../components/Card';
import { useConfirm } from '../../components/ConfirmDialog';
import { Dialog } from '../../components/Dialog';
import { ErrorBox } from '../../components/ErrorBox';
import { SelectField, TextField } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { RoleBadge } from '../../components/StatusBadge';
import { copyText } from '../../lib/clipboard';
import { failureText } from '../../lib/failures';
import { formatInstant, roleLabel } from '../../lib/format';
import { useSubmitValidatedForm } from '../../lib/forms';
import { count, i18n, params, useMessages } from '../../lib/i18n';
import { useCommunityTimeZone, zonedInstant } from '../../lib/time-zone';
import { useToast } from '../../lib/toasts';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('ApiTokensPage', {
  title: 'API tokens',
  subtitle: 'Tokens for integrations such as a gate barrier, a kiosk or a script. A token has its role’s rights on the API, but cannot sign in or manage users.',
  newToken: 'New Token',
  loading: 'Loading API tokens',
  empty: 'No API tokens yet',
  emptyHint: 'Create one for each integration, so that each can be revoked on its own.',
  listLabel: 'API tokens',
  total: count({ one: '{count} token', other: '{count} tokens' }),
  prefix: 'Prefix:',
  created: params('Created {date}'),
  expires: params('Expires {date}'),
  neverExpires: 'Never expires',
  lastUsed: params('Last used {date}'),
  neverUsed: 'Never used',
  revoke: 'Revoke',
  revokeToken: params('Revoke {name}'),
  revokeTitle: 'Revoke API token?',
  revokeQuestion: params('Revoke {name}? Every call made with it is refused at once. This cannot be undone.'),
  revoked: params('{name} revoked'),
  active: 'Active',
  statusRevoked: 'Revoked',
  statusExpired: 'Expired',
});

const dialogMessages = i18n('ApiTokenDialog', {
  title: 'New API token',
  description: 'Name the integration that will use it, and choose its role.',
  name: 'Name',
  namePlaceholder: 'Barrier at Gate 1',
  role: 'Role',
  roleHint: 'Guard: the gate (scan, check in and out). Admin: everything an admin may do on the API.',
  expiry: 'Expires on (optional)',
  expiryHint: 'The token stops working at the end of this day. Leave it empty for a token that does not expire.',
  cancel: 'Cancel',
  create: 'Create Token',
  creating: 'Creating…',
  createdTitle: 'API token created',
  createdDescription: params('The token for {name}.'),
  warning: 'Copy this token now. It will not be shown again.',
  token: 'Token',
  copy: 'Copy',
  copied: 'Copied!',
  copyFailed: 'Could not copy the token',
  done: 'Done',
});

type TokenStatus = 'active' | 'revoked' | 'expired';

/** A token's status: revoked, else expired once its expiry has passed, else active. */
export function apiTokenStatus(token: Pick<ApiToken, 'revokedAt' | 'expiresAt'>, now: Date = new Date()): TokenStatus {
  if (token.revokedAt) return 'revoked';
  if (token.expiresAt && new Date(token.expiresAt).getTime() <= now.getTime()) return 'expired';
  return 'active';
}

const BADGE =
  'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset whitespace-nowrap';
const STATUS_STYLES: Record<TokenStatus, { className: string; dot: string }> = {
  active: { className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30', dot: 'bg-emerald-500' },
  revoked: { className: 'bg-red-50 text-red-800 ring-red-600/30', dot: 'bg-red-500' },
  expired: { className: 'bg-slate-100 text-slate-700 ring-slate-500/30', dot: 'bg-slate-400' },
};

function TokenStatusBadge({ status }: { status: TokenStatus }) {
  const t = useMessages(messages);
  const label = { active: t.active, revoked: t.statusRevoked, expired: t.statusExpired }[status];
  return (
    <span className={clsx(BADGE, STATUS_STYLES[status].className)} data-status={status}>
      <span aria-hidden="true" className={clsx('size-1.5 rounded-full', STATUS_STYLES[status].dot)} />
      {label}
    </span>
  );
}

function TokenRow({ token, busy, onRevoke }: { token: ApiToken; busy: boolean; onRevoke: () => void }) {
  const t = useMessages(messages);
  const timeZone = useCommunityTimeZone();
  const status = apiTokenStatus(token);
  return (
    <li className="flex flex-col gap-3 px-5 py-4 md:flex-row md:items-center md:gap-4">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <span aria-hidden="true" className="flex size-9 shrink-0 items-center justify-center rounded-full bg-slate-100 text-slate-600">
          <KeyRound className="size-4" />
        </span>
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900">{token.name}</h2>
          <p className="text-sm text-slate-600">
            <span className="sr-only">{t.prefix} </span>
            <code className="font-mono">{token.prefix}…</code>
          </p>
          <p className="mt-1 flex flex-wrap gap-x-3 gap-y-1 text-sm text-slate-500">
            <span>{t.created({ date: formatInstant(token.createdAt, timeZone) })}</span>
            <span>{token.expiresAt ? t.expires({ date: formatInstant(token.expiresAt, timeZone) }) : t.neverExpires}</span>
            <span>{token.lastUsedAt ? t.lastUsed({ date: formatInstant(token.lastUsedAt, timeZone) }) : t.neverUsed}</span>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 pl-12 md:pl-0">
        <RoleBadge role={token.role} />
        <TokenStatusBadge status={status} />
      </div>
      <div className="flex flex-wrap gap-2 pl-12 md:w-36 md:justify-end md:pl-0">
        {status !== 'revoked' && (
          <Button
            variant="danger-ghost"
            size="sm"
            className="min-h-11"
            aria-label={t.revokeToken({ name: token.name })}
            loading={busy}
            icon={<Trash2 aria-hidden="true" className="size-4" />}
            onClick={onRevoke}
          >
            {t.revoke}
          </Button>
        )}
      </div>
    </li>
  );
}

/** The form's own shape: the expiry is a date (YYYY-MM-DD) in the community's zone, or empty. */
const ZTokenForm = z.object({
  name: ZCreateApiTokenRequest.shape.name,
  role: ZCreateApiTokenRequest.shape.role,
  expiryDate: z.string(),
});
type TokenForm = z.input<typeof ZTokenForm>;

/** The end (23:59:59.999) of `date` in `timeZone`, as an ISO instant. */
function endOfDay(date: string, timeZone: string): Date {
  return new Date(zonedInstant(date, '23:59', timeZone).getTime() + 59_999);
}

/** Shows the new token once, with Copy (docs/api.md#api-tokens: the token is shown this once). */
function CreatedToken({ created, onClose }: { created: CreatedApiToken; onClose: () => void }) {
  const t = useMessages(dialogMessages);
  const [copied, setCopied] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const timer = useRef<ReturnType<typeof setTimeout> | undefined>(undefined);
  useEffect(() => () => clearTimeout(timer.current), []);
  const copy = async () => {
    setProblem(null);
    try {
      await copyText(created.token);
      setCopied(true);
      clearTimeout(timer.current);
      timer.current = setTimeout(() => setCopied(false), COPIED_CONFIRMATION_MS);
    } catch (error) {
      setProblem(error instanceof Error ? error.message : t.copyFailed);
    }
  };
  return (
    <Dialog title={t.createdTitle} description={t.createdDescription({ name: created.name })} onClose={onClose}>
      <div className="flex flex-col gap-5">
        <p role="alert" className="rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-sm font-medium text-amber-900">
          {t.warning}
        </p>
        <TextField label={t.token} value={created.token} readOnly inputClassName="font-mono" onFocus={(event) => event.currentTarget.select()} />
        {problem && <ErrorBox message={problem} onDismiss={() => setProblem(null)} headingLevel={3} />}
        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t.done}
          </Button>
          <Button
            icon={copied ? <Check aria-hidden="true" className="size-4" /> : <Copy aria-hidden="true" className="size-4" />}
            onClick={() => void copy()}
          >
            {copied ? t.copied : t.copy}
          </Button>
        </div>
      </div>
    </Dialog>
  );
}

/**
 * New API token (docs/api.md#api-tokens): name, role (guard or admin) and an optional expiry date,
 * checked by the shared rules (in the future, at most 2 years ahead); then the token,
 * shown once, with Copy. Server refusals show in the error box.
 */
function CreateTokenDialog({ onClose }: { onClose: () => void }) {
  const t = useMessages(dialogMessages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const timeZone = useCommunityTimeZone();
  const [serverError, setServerError] = useState<string | null>(null);
  const [created, setCreated] = useState<CreatedApiToken | null>(null);
  const { form, field, errors } = useSubmitValidatedForm<TokenForm, unknown, z.output<typeof ZTokenForm>>({
    resolver: zodResolver(
      ZTokenForm.superRefine(({ expiryDate }, context) => {
        if (!expiryDate) return;
        const problem = apiTokenExpiryProblem(endOfDay(expiryDate, timeZone), new Date());
        if (problem) context.addIssue({ code: 'custom', path: ['expiryDate'], message: problem });
      }),
    ),
    defaultValues: { name: '', role: 'guard', expiryDate: '' },
  });
  const create = useMutation(
    trpc.apiTokens.create.mutationOptions({
      onSuccess: async (token) => {
        await queryClient.invalidateQueries({ queryKey: trpc.apiTokens.pathKey() });
        setCreated(token);
      },
      onError: (error) => setServerError(failureText(error)),
    }),
  );
  const onSubmit = form.handleSubmit(({ name, role, expiryDate }) => {
    setServerError(null);
    create.mutate({ name, role, ...(expiryDate ? { expiresAt: endOfDay(expiryDate, timeZone).toISOString() } : {}) });
  });

  if (created) return <CreatedToken created={created} onClose={onClose} />;
  return (
    <Dialog title={t.title} description={t.description} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {serverError && <ErrorBox message={serverError} onDismiss={() => setServerError(null)} headingLevel={3} />}
        <TextField
          label={t.name}
          autoComplete="off"
          placeholder={t.namePlaceholder}
          maxLength={API_TOKEN_NAME_MAX}
          error={errors.name?.message}
          {...field('name')}
        />
        <SelectField label={t.role} hint={t.roleHint} error={errors.role?.message} {...field('role')}>
          {API_TOKEN_ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </SelectField>
        <TextField label={t.expiry} type="date" hint={t.expiryHint} error={errors.expiryDate?.message} {...field('expiryDate')} />
        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {create.isPending ? t.creating : t.create}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/**
 * The API tokens (admin; docs/api.md#api-tokens), newest first, each with its role, prefix,
 * created, expiry and last use in the community's zone, and its status (Active, Revoked,
 * Expired). New Token opens the dialog; Revoke asks first, then revokes at once.
 */
export function ApiTokensPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const confirm = useConfirm();
  const tokens = useQuery(trpc.apiTokens.list.queryOptions({ limit: 100 }));
  const [creating, setCreating] = useState(false);
  const [actionError, setActionError] = useState<string | null>(null);
  const revoke = useMutation(
    trpc.apiTokens.revoke.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.apiTokens.pathKey() });
      },
      onError: (error) => setActionError(failureText(error)),
    }),
  );
  const onRevoke = async (token: ApiToken) => {
    if (!(await confirm({ title: t.revokeTitle, message: t.revokeQuestion({ name: token.name }), confirmLabel: t.revoke }))) return;
    setActionError(null);
    revoke.mutate({ id: token.id }, { onSuccess: () => showToast(t.revoked({ name: token.name })) });
  };
  const items = tokens.data?.items ?? [];

  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <Button icon={<Plus aria-hidden="true" className="size-4" />} onClick={() => setCreating(true)}>
            {t.newToken}
          </Button>
        }
      />
      {actionError && <ErrorBox message={actionError} onDismiss={() => setActionError(null)} className="mb-6" />}
      {tokens.isPending ? (
        <PageSpinner label={t.loading} />
      ) : tokens.isError ? (
        <ErrorBox message={failureText(tokens.error)} onRetry={() => void tokens.refetch()} />
      ) : items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white">
          <EmptyState icon={<KeyRound aria-hidden="true" className="size-6" />} title={t.empty} hint={t.emptyHint} />
        </div>
      ) : (
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <p className="border-b border-slate-100 px-5 py-3 text-sm text-slate-500">{t.total(tokens.data.total)}</p>
          <ul className="divide-y divide-slate-100" aria-label={t.listLabel}>
            {items.map((token) => (
              <TokenRow
                key={token.id}
                token={token}
                busy={revoke.isPending && revoke.variables?.id === token.id}
                onRevoke={() => void onRevoke(token)}
              />
            ))}
          </ul>
        </div>
      )}
      {creating && <CreateTokenDialog onClose={() => setCreating(false)} />}
    </>
  );
}
