/**
 * /passes: Frequent visitors (docs/operations.md#frequent-visitors). A resident sees their house's
 * recurring
 * passes (an admin every house's): who, which days and hours, until when, and the status;
 * each opens its page with the QR, the code and the attendance. New pass opens the form.
 */
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { CalendarClock, Plus } from 'lucide-react';
import { Link } from 'wouter';

import { ButtonLink } from '../../components/Button';
import { Card, EmptyState } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { failureText } from '../../lib/failures';
import { formatDate, houseLabel } from '../../lib/format';
import { count, i18n, params, useMessages } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { passScheduleLabel, passStatusClasses, passStatusLabel } from './pass-labels';

const messages = i18n('PassesPage', {
  title: 'Frequent visitors',
  subtitle: 'Daily help, drivers, tutors and carers: one pass for the days and hours they come.',
  newPass: 'New pass',
  loading: 'Loading passes',
  failed: 'Could not load the passes',
  empty: 'No frequent visitors yet',
  emptyHint: 'Create a pass for someone who comes on the same days every week.',
  total: count({ one: '{count} pass', other: '{count} passes' }),
  listLabel: 'Recurring passes',
  until: params('Until {date}'),
  house: params('House {house}'),
});

export function PassesPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const trpc = useTRPC();
  const passes = useQuery(trpc.passes.list.queryOptions({ limit: 100 }));

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <ButtonLink href="/passes/create" size="lg" icon={<Plus aria-hidden="true" className="size-5" />}>
            {t.newPass}
          </ButtonLink>
        }
      />
      {passes.isPending ? (
        <div className="flex justify-center py-12">
          <Spinner label={t.loading} />
        </div>
      ) : passes.isError ? (
        <ErrorBox message={failureText(passes.error, t.failed)} onRetry={() => void passes.refetch()} />
      ) : passes.data.items.length === 0 ? (
        <Card>
          <EmptyState icon={<CalendarClock aria-hidden="true" className="size-6" />} title={t.empty} hint={t.emptyHint} />
        </Card>
      ) : (
        <Card padded={false} title={t.total(passes.data.total)}>
          <ul aria-label={t.listLabel} className="divide-y divide-slate-100">
            {passes.data.items.map((pass) => (
              <li key={pass.id}>
                <Link
                  href={`/passes/${pass.id}`}
                  className="flex min-h-16 flex-wrap items-center justify-between gap-3 px-5 py-4 hover:bg-slate-50 focus-visible:bg-slate-50"
                >
                  <span className="min-w-0">
                    <span className="block text-base font-semibold break-words text-slate-900">{pass.name}</span>
                    <span className="block text-sm text-slate-600">{passScheduleLabel(pass)}</span>
                    <span className="block text-sm text-slate-500">
                      {t.house({ house: houseLabel(pass.houseId) })} · {t.until({ date: formatDate(pass.endDate) })}
                    </span>
                  </span>
                  <span className={clsx('rounded-full px-3 py-1 text-sm font-medium ring-1', passStatusClasses(pass.status))}>
                    {passStatusLabel(pass.status)}
                  </span>
                </Link>
              </li>
            ))}
          </ul>
        </Card>
      )}
    </div>
  );
}
