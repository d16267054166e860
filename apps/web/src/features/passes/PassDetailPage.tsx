/**
 * /passes/:id: one recurring pass (docs/operations.md#frequent-visitors): its QR and code, with
 * Share, Download and
 * Print of the pass card; the days and hours, the dates and the status; for its host, whether
 * to be told when the holder arrives and leaves; Pause, Resume and Cancel (each confirmed
 * first); and the attendance of a chosen month (a month field): the days present, with the
 * times in and out in the community's zone, newest first.
 */
import { formatPassCode, qrFileName, type PassEntry } from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { Ban, Pause, Play } from 'lucide-react';
import { useId, useMemo, useState } from 'react';

import { BackLink } from '../../components/BackLink';
import { Button } from '../../components/Button';
import { Card, EmptyState } from '../../components/Card';
import { useConfirm } from '../../components/ConfirmDialog';
import { ErrorBox } from '../../components/ErrorBox';
import { CheckboxField, controlClasses } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { Spinner } from '../../components/Spinner';
import { failureText } from '../../lib/failures';
import { formatDate, formatTime, formatTimeWindow, houseLabel } from '../../lib/format';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useCommunityTimeZone, inZone } from '../../lib/time-zone';
import { useToast } from '../../lib/toasts';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { passCardFileName, type PassCardContent } from './pass-card';
import { formatMonth, passScheduleLabel, passStatusClasses, passStatusLabel, weekdaysLabel } from './pass-labels';
import { PassCreatedNotice, PassShareActions, useCommunityName } from './PassShareActions';

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
  notifyLabel: params('Tell me when {name} arrives and leaves'),
  notifyHint: 'A notification under the bell, and on your devices where push notifications are on.',
  notifyOn: params('You will be told when {name} arrives and leaves'),
  notifyOff: params('You will no longer be told when {name} arrives and leaves'),
  cardKind: 'Frequent visitor pass',
  cardHouse: params('House {house}'),
  cardFooter: 'Show the QR code at the gate, or read out the pass code.',
  shareTitle: params('Gate pass: {name}'),
  shareText: params('Gate pass for {name}: {days}, {time}, {from} to {to}, House {house}. Pass code: {code}'),
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
  const communityName = useCommunityName();
  const user = useCurrentUser();
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
  const notify = useMutation(
    trpc.passes.update.mutationOptions({
      onSuccess: async (updated) => {
        setActionError(null);
        showToast((updated.notifyOnArrival ? t.notifyOn : t.notifyOff)({ name: updated.name }), 'info');
        await queryClient.invalidateQueries({ queryKey: trpc.passes.pathKey() });
      },
      onError: onFailed,
    }),
  );
  const loaded = pass.data;
  const card = useMemo<PassCardContent | null>(
    () =>
      loaded && communityName !== null
        ? {
            communityName,
            kindLabel: t.cardKind,
            visitorName: loaded.name,
            when: [passScheduleLabel(loaded), t.datesValue({ from: formatDate(loaded.startDate), to: formatDate(loaded.endDate) })],
            house: t.cardHouse({ house: houseLabel(loaded.houseId) }),
            codeLabel: t.code,
            code: loaded.passCode,
            token: loaded.qrCodeToken,
            footer: t.cardFooter,
          }
        : null,
    [loaded, communityName, t],
  );

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
  // Only the host is told (the pass's one setting); while a change is sent it shows as asked.
  const isHost = data.hostId.id === user.id;
  const notifyOnArrival = notify.isPending && notify.variables ? Boolean(notify.variables.notifyOnArrival) : data.notifyOnArrival;
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
        {/* The print area: what paper gets where the browser cannot draw the pass card. */}
        <Card title={t.passCard} className="print-area">
          <div className="flex flex-col items-center gap-3 text-center">
            <PassCreatedNotice />
            <div className="hidden print:block">
              <p className="text-2xl font-bold text-slate-900">{data.name}</p>
              <p className="text-lg text-slate-800">{passScheduleLabel(data)}</p>
              <p className="text-lg text-slate-800">{t.datesValue({ from: formatDate(data.startDate), to: formatDate(data.endDate) })}</p>
              <p className="text-lg text-slate-800">{houseLabel(data.houseId)}</p>
            </div>
            <img src={data.qrCodeDataUrl} alt={t.qrAlt({ name: data.name })} className="size-56 max-w-full" />
            <p className="text-sm text-slate-600">{t.code}</p>
            <p className="font-mono text-2xl font-bold tracking-widest text-slate-900" data-testid="pass-code">
              {formatPassCode(data.passCode)}
            </p>
            <p className="text-sm text-slate-500">{t.codeHint}</p>
            <PassShareActions
              card={card}
              share={{
                title: t.shareTitle({ name: data.name }),
                text: t.shareText({
                  name: data.name,
                  days: weekdaysLabel(data.weekdays),
                  time: formatTimeWindow(data.timeFrom, data.timeTo),
                  from: formatDate(data.startDate),
                  to: formatDate(data.endDate),
                  house: houseLabel(data.houseId),
                  code: formatPassCode(data.passCode),
                }),
              }}
              fileName={passCardFileName(data.name, data.startDate)}
              fallbackImage={{ url: data.qrCodeDataUrl, fileName: qrFileName(data.name, data.startDate) }}
            />
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
          {isHost && (data.status === 'active' || data.status === 'paused') && (
            <CheckboxField
              className="mt-5 border-t border-slate-100 pt-5"
              label={t.notifyLabel({ name: data.name })}
              hint={t.notifyHint}
              checked={notifyOnArrival}
              disabled={notify.isPending}
              onChange={(event) => notify.mutate({ id: data.id, notifyOnArrival: event.target.checked })}
            />
          )}
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
              <caption className="sr-only">{t.tableCaption({ month: formatMonth(data.month) })}</caption>
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
