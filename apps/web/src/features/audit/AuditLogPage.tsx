/**
 * /audit (admins): the audit log, newest first: who did what, to what, when. Filters by
 * action, actor, kind of target (or one target) and days, all the server's and kept in the
 * address; 50 rows at a time; each row links to its target's page where one exists; Export
 * CSV exports the log under the same filters.
 */
import { AUDIT_ACTION_NAMES, AUDIT_TARGET_TYPES, PAGE_SIZES, type AuditEvent, type AuditListRequest } from '@gatehouse/shared';
import { useInfiniteQuery } from '@tanstack/react-query';
import { Filter, ScrollText, X } from 'lucide-react';
import { Link } from 'wouter';

import { Button } from '../../components/Button';
import { EmptyState } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { SelectField, TextField } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { failureText } from '../../lib/failures';
import { formatDate, formatInstant, todayIsoDate } from '../../lib/format';
import { count, i18n, params, useMessages } from '../../lib/i18n';
import { useUserOptions, userOptionLabel } from '../../lib/pickers';
import { useCommunityTimeZone } from '../../lib/time-zone';
import { useTRPCClient } from '../../lib/trpc';
import { useTRPC } from '../../lib/trpc-react';
import { addIsoDays, isDateFilter, isIdFilter, oneOf, useUrlFilters } from '../../lib/url-filters';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ExportCsvButton } from '../exports/ExportCsvButton';
import { auditActionLabel, auditLabelMessages, auditTargetHref, auditTargetTypeLabel, isNamedTargetType } from './audit-labels';

const messages = i18n('AuditLogPage', {
  title: 'Audit log',
  subtitle: 'Who did what, and when: sign-ins, changes and every move at the gate.',
  filters: 'Filters',
  action: 'Action',
  anyAction: 'Any action',
  actor: 'By',
  anyone: 'Anyone',
  targetType: 'About',
  anything: 'Anything',
  from: 'From',
  to: 'To',
  onlyTarget: params('Only: {target}'),
  showAllTargets: 'Show every target',
  clear: 'Clear filters',
  loading: 'Loading the audit log',
  empty: 'No events found',
  emptyHint: 'Try other filters or other days.',
  tableLabel: 'Audit events, newest first',
  when: 'When',
  what: 'What',
  who: 'By',
  target: 'About',
  nobody: 'Nobody signed in',
  viaToken: params('with the API token {name}'),
  gone: 'no longer exists',
  onlyThis: params('Show only events about {target}'),
  showing: params<{ shown: string }>(count({ one: 'Showing {shown} of {count} event', other: 'Showing {shown} of {count} events' })),
  showMore: 'Show more',
  exportRange: params('Events from {from} to {to}'),
});

/** The log's filters as the address names them (`?action=visitor.checked-in&from=2026-11-01`). */
const FILTERS = {
  action: oneOf(AUDIT_ACTION_NAMES),
  actor: isIdFilter,
  type: oneOf(AUDIT_TARGET_TYPES),
  target: isIdFilter,
  from: isDateFilter,
  to: isDateFilter,
};

/** A keyboard-scrollable region (WCAG 2.1.1): named, in the tab order. */
const SCROLL_REGION = { role: 'region', tabIndex: 0 } as const;

/** The audit log screen (admins; the route is guarded). */
export function AuditLogPage() {
  const t = useMessages(messages);
  // Re-render the labels in a new language.
  useMessages(auditLabelMessages.actionMessages);
  useMessages(auditLabelMessages.targetMessages);
  useDocumentTitle(t.title);
  const trpc = useTRPC();
  const client = useTRPCClient();
  const timeZone = useCommunityTimeZone();
  const users = useUserOptions();
  const [filters, setFilters] = useUrlFilters(FILTERS);

  const input: AuditListRequest = {
    limit: PAGE_SIZES.visitors,
    ...(filters.action ? { action: filters.action as AuditListRequest['action'] } : {}),
    ...(filters.actor ? { actorId: filters.actor } : {}),
    ...(filters.type ? { targetType: filters.type as AuditListRequest['targetType'] } : {}),
    ...(filters.target ? { targetId: filters.target } : {}),
    ...(filters.from ? { from: filters.from } : {}),
    ...(filters.to ? { to: filters.to } : {}),
  };
  const query = useInfiniteQuery({
    queryKey: trpc.audit.list.queryKey(input),
    initialPageParam: 0,
    queryFn: ({ pageParam }) => client.audit.list.query({ ...input, ...(pageParam > 0 ? { offset: pageParam } : {}) }),
    getNextPageParam: (last, pages) => {
      const loaded = pages.reduce((sum, page) => sum + page.items.length, 0);
      return loaded < last.total && last.items.length > 0 ? loaded : undefined;
    },
    placeholderData: (previous) => previous,
  });
  const events = query.data?.pages.flatMap((page) => page.items) ?? [];
  const total = query.data?.pages.at(-1)?.total ?? 0;
  const filtered = Object.values(filters).some(Boolean);
  // Export: the chosen days, else the last 366 (the most an export takes; the log has no future).
  const today = todayIsoDate(new Date(), timeZone);
  const exportTo = filters.to ?? (filters.from && addIsoDays(filters.from, 365) < today ? addIsoDays(filters.from, 365) : today);
  const exportFrom = filters.from ?? addIsoDays(exportTo, -365);
  const targetLabel = filters.target
    ? (events.find((event) => event.targetId === filters.target)?.targetLabel ?? (filters.type ? auditTargetTypeLabel(filters.type) : filters.target))
    : undefined;
  // The chosen actor stays a choice even when the user list (its first 100) does not hold them.
  const userChoices = users.data?.items ?? [];
  const chosenActor =
    filters.actor && !userChoices.some((user) => user.id === filters.actor)
      ? { id: filters.actor, name: events.find((event) => event.actor?.id === filters.actor)?.actor?.name ?? filters.actor }
      : undefined;

  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <ExportCsvButton
            path="/api/audit/export.csv"
            filters={{
              from: exportFrom,
              to: exportTo,
              action: filters.action,
              actorId: filters.actor,
              targetType: filters.type,
              targetId: filters.target,
            }}
            fallbackName={`audit-${exportFrom}-to-${exportTo}.csv`}
            description={t.exportRange({ from: formatDate(exportFrom), to: formatDate(exportTo) })}
          />
        }
      />

      {/* Two columns on a phone (the days side by side), one row from a tablet's width on. */}
      <div role="group" aria-label={t.filters} className="mb-6 grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
        <SelectField label={t.action} className="col-span-2 sm:w-56" value={filters.action ?? ''} onChange={(event) => setFilters({ action: event.target.value })}>
          <option value="">{t.anyAction}</option>
          {[...AUDIT_ACTION_NAMES]
            .sort((a, b) => auditActionLabel(a).localeCompare(auditActionLabel(b)))
            .map((action) => (
              <option key={action} value={action}>
                {auditActionLabel(action)}
              </option>
            ))}
        </SelectField>
        <SelectField label={t.actor} className="col-span-2 sm:w-64" value={filters.actor ?? ''} onChange={(event) => setFilters({ actor: event.target.value })}>
          <option value="">{t.anyone}</option>
          {chosenActor && <option value={chosenActor.id}>{chosenActor.name}</option>}
          {userChoices.map((user) => (
            <option key={user.id} value={user.id}>
              {userOptionLabel(user)}
            </option>
          ))}
        </SelectField>
        <SelectField
          label={t.targetType}
          className="col-span-2 sm:w-48"
          value={filters.type ?? ''}
          onChange={(event) => setFilters({ type: event.target.value, target: undefined })}
        >
          <option value="">{t.anything}</option>
          {AUDIT_TARGET_TYPES.map((type) => (
            <option key={type} value={type}>
              {auditTargetTypeLabel(type)}
            </option>
          ))}
        </SelectField>
        <TextField label={t.from} type="date" className="min-w-0 sm:w-40" value={filters.from ?? ''} max={filters.to} onChange={(event) => setFilters({ from: event.target.value })} />
        <TextField label={t.to} type="date" className="min-w-0 sm:w-40" value={filters.to ?? ''} min={filters.from} onChange={(event) => setFilters({ to: event.target.value })} />
        {filtered && (
          <Button
            variant="ghost"
            className="col-span-2 min-h-11 justify-self-start"
            icon={<X aria-hidden="true" className="size-4" />}
            onClick={() => setFilters({ action: undefined, actor: undefined, type: undefined, target: undefined, from: undefined, to: undefined })}
          >
            {t.clear}
          </Button>
        )}
      </div>

      {targetLabel && (
        <p className="mb-4 flex flex-wrap items-center gap-2 text-sm text-slate-700">
          <span className="rounded-full bg-brand-50 px-3 py-1 font-medium text-brand-800">{t.onlyTarget({ target: targetLabel })}</span>
          <Button variant="ghost" size="sm" onClick={() => setFilters({ target: undefined })}>
            {t.showAllTargets}
          </Button>
        </p>
      )}

      {query.isPending ? (
        <PageSpinner label={t.loading} />
      ) : query.isError ? (
        <ErrorBox message={failureText(query.error)} onRetry={() => void query.refetch()} />
      ) : events.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white">
          <EmptyState icon={<ScrollText aria-hidden="true" className="size-6" />} title={t.empty} hint={filtered ? t.emptyHint : undefined} />
        </div>
      ) : (
        <>
          {/* On a phone, one card per event; from a tablet's width on, the table. */}
          <ol aria-label={t.tableLabel} className="flex flex-col gap-3 md:hidden">
            {events.map((event) => (
              <AuditCard key={event.id} event={event} timeZone={timeZone} onlyTarget={(type, id) => setFilters({ type, target: id })} />
            ))}
          </ol>
          {/* A region that may scroll sideways: focusable, so that keys scroll it too. */}
          <div className="hidden overflow-x-auto rounded-2xl border border-slate-200 bg-white shadow-sm md:block" {...SCROLL_REGION} aria-label={t.tableLabel}>
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t.tableLabel}</caption>
              <thead className="border-b border-slate-100 text-xs font-semibold tracking-wide text-slate-500 uppercase">
                <tr>
                  <th scope="col" className="px-4 py-3">{t.when}</th>
                  <th scope="col" className="px-4 py-3">{t.what}</th>
                  <th scope="col" className="px-4 py-3">{t.who}</th>
                  <th scope="col" className="px-4 py-3">{t.target}</th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {events.map((event) => (
                  <AuditRow key={event.id} event={event} timeZone={timeZone} onlyTarget={(type, id) => setFilters({ type, target: id })} />
                ))}
              </tbody>
            </table>
          </div>
          <div className="mt-6 flex flex-col items-center gap-3">
            <p className="text-sm text-slate-600" role="status">
              {t.showing({ shown: String(events.length) })(total)}
            </p>
            {query.hasNextPage && (
              <Button variant="secondary" size="lg" loading={query.isFetchingNextPage} onClick={() => void query.fetchNextPage()}>
                {t.showMore}
              </Button>
            )}
          </div>
        </>
      )}
    </>
  );
}

/** Who acted: the user (or the email a sign-in was tried with), and the API token of the call. */
function Actor({ event }: { event: AuditEvent }) {
  const t = useMessages(messages);
  return (
    <>
      {event.actor?.name ?? event.actorEmail ?? <span className="text-slate-500">{t.nobody}</span>}
      {event.apiToken && <span className="block text-xs text-slate-500">{t.viaToken({ name: event.apiToken.name })}</span>}
    </>
  );
}

/** What the event was about: its name, linked to its page where one exists, its kind, and a button to keep only its events. */
function Target({ event, onlyTarget }: { event: AuditEvent; onlyTarget: (type: string, id: string) => void }) {
  const t = useMessages(messages);
  if (!event.targetType || !event.targetId) return <span className="text-slate-400">—</span>;
  const typeLabel = auditTargetTypeLabel(event.targetType);
  const name = event.targetLabel ?? typeLabel;
  const href = auditTargetHref(event.targetType, event.targetId, event.targetLabel !== null);
  return (
    <div className="flex items-start justify-between gap-2">
      <div className="min-w-0">
        {href ? (
          <Link href={href} className="font-medium text-brand-700 underline-offset-2 [overflow-wrap:anywhere] hover:underline">
            {name}
          </Link>
        ) : (
          <span className="font-medium text-slate-900 [overflow-wrap:anywhere]">{name}</span>
        )}
        <span className="block text-xs text-slate-500">
          {typeLabel}
          {event.targetLabel === null && isNamedTargetType(event.targetType) && ` · ${t.gone}`}
        </span>
      </div>
      <Button
        variant="ghost"
        size="sm"
        className="min-h-11 min-w-11 shrink-0 justify-center px-0"
        aria-label={t.onlyThis({ target: name })}
        title={t.onlyThis({ target: name })}
        icon={<Filter aria-hidden="true" className="size-4" />}
        onClick={() => onlyTarget(event.targetType!, event.targetId!)}
      />
    </div>
  );
}

/** One event as a table row: when, what, by whom, about what. */
function AuditRow({ event, timeZone, onlyTarget }: { event: AuditEvent; timeZone: string; onlyTarget: (type: string, id: string) => void }) {
  return (
    <tr className="align-top">
      <td className="px-4 py-3 whitespace-nowrap text-slate-700">{formatInstant(event.occurredAt, timeZone)}</td>
      <td className="px-4 py-3 font-medium text-slate-900">{auditActionLabel(event.action)}</td>
      <td className="px-4 py-3 text-slate-700">
        <Actor event={event} />
      </td>
      <td className="px-4 py-3">
        <Target event={event} onlyTarget={onlyTarget} />
      </td>
    </tr>
  );
}

/** One event as a phone's card: what and when, then by whom and about what, each named. */
function AuditCard({ event, timeZone, onlyTarget }: { event: AuditEvent; timeZone: string; onlyTarget: (type: string, id: string) => void }) {
  const t = useMessages(messages);
  return (
    <li className="rounded-2xl border border-slate-200 bg-white p-4 text-sm shadow-sm">
      <p className="font-semibold text-slate-900">{auditActionLabel(event.action)}</p>
      <p className="text-slate-500">{formatInstant(event.occurredAt, timeZone)}</p>
      <dl className="mt-2 grid grid-cols-[max-content_minmax(0,1fr)] items-start gap-x-3 gap-y-1">
        <dt className="text-slate-500">{t.who}</dt>
        <dd className="text-slate-700">
          <Actor event={event} />
        </dd>
        <dt className="pt-0.5 text-slate-500">{t.target}</dt>
        <dd>
          <Target event={event} onlyTarget={onlyTarget} />
        </dd>
      </dl>
    </li>
  );
}
