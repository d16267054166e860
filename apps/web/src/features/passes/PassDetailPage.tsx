/**
 * /passes/:id: one recurring pass (operations §1): its QR and code to share, the days and
 * hours, the dates and the status; Pause, Resume and Cancel (each confirmed first); and the
 * attendance of a chosen month (a month field): the days present, with the times in and out
 * in the community's zone, newest first.
 */
import { formatPassCode, type PassEntry } from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { Ban, Pause, Play } from 'lucide-react';
import { useId, useState } from 'react';

import { BackLink } from '../../components/BackLink';
import { Button } from '../../components/Button';
import { Card, EmptyState } from '../../components/Card';
import { useConfirm } from '../../components/ConfirmDialog';
import { ErrorBox } from '../../components/ErrorBox';
import { controlClasses } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { failureText } from '../../lib/failures';
import { formatDate, formatTime, houseLabel } from '../../lib/format';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useCommunityTimeZone, inZone } from '../../lib/time-zone';
import { useToast } from '../../lib/toasts';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { passScheduleLabel, passStatusClasses, passStatusLabel } from './pass-labels';

const messages = i18n('PassDetailPage', {
  back: 'Back to frequent visitors',
  loading: 'Loading the pass',
  failed: 'Could not load the pass',
  passCard: 'Pass',
  qrAlt: params('QR pass of {name}'),
  code: 'Pass code',
  codeHint: 'Share the QR or the code: the gate accepts either on the listed days and hours.',
  detailsCard: 'Details',
  house: 'House',
  host: 'Host',
  phone: 'Phone',
  purpose: 'Purpose',
  vehicle: 'Vehicle',
  none: 'None',
  schedule: 'Days and hours',
  dates: 'Valid',
  datesValue: params('{from} to {to}'),
  status: 'Status',
  insideNow: 'Inside now',
  pause: 'Pause',
  resume: 'Resume',
  cancel: 'Cancel pass',
  pauseTitle: 'Pause this pass?',
  pauseQuestion: params('{name} will not be let in until you resume the pass.'),
  cancelTitle: 'Cancel this pass?',
  cancelQuestion: params('{name} will no longer be let in with this pass. This cannot be undone.'),
  goBack: 'Go Back',
  paused: 'Pass paused',
  resumed: 'Pass resumed',
  cancelled: 'Pass cancelled',
  actionFailed: 'The pass could not be changed',
  attendanceCard: 'Attendance',
  month: 'Month',
  noEntries: 'No visits this month',
  daysPresent: params('Days present: {count}'),
  tableCaption: params('Visits in {month}, newest first'),
  day: 'Day',
  timeIn: 'In',
  timeOut: 'Out',
  stillInside: 'Still inside',
});

/** An entry's day and times, read in the community's zone. */
function entryCells(entry: PassEntry, timeZone: string) {
  const checkIn = inZone(new Date(entry.checkInTime), timeZone);
  return {
    day: formatDate(checkIn),
    timeIn: formatTime(checkIn),
    timeOut: entry.checkOutTime ? formatTime(inZone(new Date(entry.checkOutTime), timeZone)) : null,
    dayKey: `${checkIn.getFullYear()}-${checkIn.getMonth()}-${checkIn.getDate()}`,
  };
}

export function PassDetailPage({ id }: { id: string }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const confirm = useConfirm();
  const { showToast } = useToast();
  const timeZone = useCommunityTimeZone();
  const monthId = useId();
  const [month, setMonth] = useState<string | undefined>(undefined);
  const [actionError, setActionError] = useState<string | null>(null);
  const pass = useQuery({ ...trpc.passes.byId.queryOptions({ id, ...(month ? { month } : {}) }), placeholderData: (previous) => previous });
  useDocumentTitle(pass.data?.name ?? t.passCard);

  const onMoved = (message: string) => async () => {
    setActionError(null);
    showToast(message);
    await queryClient.invalidateQueries({ queryKey: trpc.passes.pathKey() });
  };
  const onFailed = (error: unknown) => setActionError(failureText(error, t.actionFailed));
  const pause = useMutation(trpc.passes.pause.mutationOptions({ onSuccess: onMoved(t.paused), onError: onFailed }));
  const resume = useMutation(trpc.passes.resume.mutationOptions({ onSuccess: onMoved(t.resumed), onError: onFailed }));
  const cancel = useMutation(trpc.passes.cancel.mutationOptions({ onSuccess: onMoved(t.cancelled), onError: onFailed }));

  if (pass.isPending) {
    return (
      <div className="flex justify-center py-12">
        <Spinner label={t.loading} />
      </div>
    );
  }
  if (pass.isError) {
    return (
      <div className="mx-auto max-w-3xl">
        <PageHeader back={<BackLink href="/passes">{t.back}</BackLink>} title={t.passCard} />
        <ErrorBox message={failureText(pass.error, t.failed)} onRetry={() => void pass.refetch()} />
      </div>
    );
  }
  const data = pass.data;
  const busy = pause.isPending || resume.isPending || cancel.isPending;
  const rows = data.entries.map((entry) => ({ entry, ...entryCells(entry, timeZone) }));
  const daysPresent = new Set(rows.map((row) => row.dayKey)).size;

  const onPause = async () => {
    if (await confirm({ title: t.pauseTitle, message: t.pauseQuestion({ name: data.name }), confirmLabel: t.pause, dismissLabel: t.goBack, tone: 'primary' })) {
      pause.mutate({ id: data.id });
    }
  };
  const onCancel = async () => {
    if (await confirm({ title: t.cancelTitle, message: t.cancelQuestion({ name: data.name }), confirmLabel: t.cancel, dismissLabel: t.goBack })) {
      cancel.mutate({ id: data.id });
    }
  };

  return (
    <div className="mx-auto max-w-4xl">
      <PageHeader
        back={<BackLink href="/passes">{t.back}</BackLink>}
        title={data.name}
        subtitle={passScheduleLabel(data)}
        actions={
          <>
            {data.status === 'active' && (
              <Button variant="secondary" size="lg" disabled={busy} loading={pause.isPending} onClick={() => void onPause()} icon={<Pause aria-hidden="true" className="size-5" />}>
                {t.pause}
              </Button>
            )}
            {data.status === 'paused' && (
              <Button size="lg" disabled={busy} loading={resume.isPending} onClick={() => resume.mutate({ id: data.id })} icon={<Play aria-hidden="true" className="size-5" />}>
                {t.resume}
              </Button>
            )}
            {(data.status === 'active' || data.status === 'paused') && (
              <Button variant="danger" size="lg" disabled={busy} loading={cancel.isPending} onClick={() => void onCancel()} icon={<Ban aria-hidden="true" className="size-5" />}>
                {t.cancel}
              </Button>
            )}
          </>
        }
      />
      {actionError && <ErrorBox message={actionError} onDismiss={() => setActionError(null)} />}

      <div className="mt-6 grid grid-cols-1 gap-6 md:grid-cols-[minmax(0,20rem)_1fr]">
        <Card title={t.passCard}>
          <div className="flex flex-col items-center gap-3 text-center">
            <img src={data.qrCodeDataUrl} alt={t.qrAlt({ name: data.name })} className="size-56 max-w-full" />
            <p className="text-sm text-slate-600">{t.code}</p>
            <p className="font-mono text-2xl font-bold tracking-widest text-slate-900" data-testid="pass-code">
              {formatPassCode(data.passCode)}
            </p>
            <p className="text-sm text-slate-500">{t.codeHint}</p>
          </div>
        </Card>
        <Card title={t.detailsCard}>
          <dl className="grid grid-cols-1 gap-4 sm:grid-cols-2">
            <Fact term={t.status}>
              <span className={clsx('rounded-full px-3 py-1 text-sm font-medium ring-1', passStatusClasses(data.status))}>{passStatusLabel(data.status)}</span>
              {data.inside && <span className="ml-2 text-sm font-medium text-emerald-800">{t.insideNow}</span>}
            </Fact>
            <Fact term={t.schedule}>{passScheduleLabel(data)}</Fact>
            <Fact term={t.dates}>{t.datesValue({ from: formatDate(data.startDate), to: formatDate(data.endDate) })}</Fact>
            <Fact term={t.house}>{houseLabel(data.houseId)}</Fact>
            <Fact term={t.host}>{data.hostId.name}</Fact>
            <Fact term={t.phone}>{data.phone}</Fact>
            <Fact term={t.purpose}>{data.purpose ?? t.none}</Fact>
            <Fact term={t.vehicle}>{data.vehicleLicensePlate ?? t.none}</Fact>
          </dl>
        </Card>
      </div>

      <Card className="mt-6" title={t.attendanceCard} description={t.daysPresent({ count: String(daysPresent) })}>
        <div className="mb-4 flex max-w-xs flex-col gap-1.5">
          <label htmlFor={monthId} className="text-sm font-medium text-slate-800">
            {t.month}
          </label>
          <input id={monthId} type="month" value={month ?? data.month} onChange={(event) => setMonth(event.target.value || undefined)} className={controlClasses(false)} />
        </div>
        {rows.length === 0 ? (
          <EmptyState title={t.noEntries} />
        ) : (
          <div className="overflow-x-auto">
            <table className="w-full text-left text-sm">
              <caption className="sr-only">{t.tableCaption({ month: data.month })}</caption>
              <thead className="border-b border-slate-200 text-slate-600">
                <tr>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t.day}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t.timeIn}
                  </th>
                  <th scope="col" className="px-3 py-2 font-medium">
                    {t.timeOut}
                  </th>
                </tr>
              </thead>
              <tbody className="divide-y divide-slate-100">
                {rows.map((row) => (
                  <tr key={row.entry.id}>
                    <th scope="row" className="px-3 py-2 font-medium whitespace-nowrap text-slate-900">
                      {row.day}
                    </th>
                    <td className="px-3 py-2 whitespace-nowrap text-slate-700">{row.timeIn}</td>
                    <td className="px-3 py-2 whitespace-nowrap text-slate-700">{row.timeOut ?? t.stillInside}</td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </Card>
    </div>
  );
}

function Fact({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div>
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-1 text-base text-slate-900">{children}</dd>
    </div>
  );
}
