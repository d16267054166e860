/**
 * /reports (admin; docs/operations.md#reports-exports-and-inside-now): the committee's figures for
 * a range of community dates
 * (the last 30 days until another range is chosen): entries per day, hour and weekday, the
 * busiest houses, the kinds of entry, the key figures (walk-in approval times, average stay,
 * gate overrides, late check-ins) and entries per gate. Each figure is a chart with a table
 * of the same numbers beside it (`<table>` with a caption and header cells), the one screen
 * readers use and the one tests read (jsdom has no canvas). Chart.js comes with this page's
 * code (ReportChart.tsx), which App.tsx loads only when /reports is opened.
 */
import type { ReportEntryKind, ReportSummary } from '@gatehouse/shared';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { ChartColumn } from 'lucide-react';
import { useEffect, useId, useState, type FormEvent, type ReactNode } from 'react';

import { Button } from '../../components/Button';
import { Card, EmptyState } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { TextField } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { failureText } from '../../lib/failures';
import { formatDate, formatDayMonth, formatNumber, formatTime } from '../../lib/format';
import { i18n, locale, params, useMessages } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { ReportChart, type ReportChartProps } from './ReportChart';

const messages = i18n('ReportsPage', {
  title: 'Reports',
  subtitle: 'Entries at the gate, in the community’s time zone.',
  rangeLabel: 'Date range',
  from: 'From',
  to: 'To',
  show: 'Show',
  loading: 'Loading the report',
  range: params('{from} to {to} ({timeZone})'),
  noEntries: 'No entries in this range',
  noEntriesHint: 'Nobody checked in between these dates. Choose another range.',
  totalEntries: 'Entries',
  entries: 'Entries',
  visits: 'Visits',
  perDay: 'Visits per day',
  date: 'Date',
  perHour: 'Entries by hour of the day',
  hour: 'Hour',
  perWeekday: 'Entries by weekday',
  weekday: 'Weekday',
  monday: 'Monday',
  tuesday: 'Tuesday',
  wednesday: 'Wednesday',
  thursday: 'Thursday',
  friday: 'Friday',
  saturday: 'Saturday',
  sunday: 'Sunday',
  busiestHouses: 'Busiest houses',
  house: 'House',
  houseLabel: params('{houseNumber}, block {block}'),
  byKind: 'Walk-ins, invitations and recurring passes',
  kind: 'Kind',
  invitation: 'Invitations',
  walkIn: 'Walk-ins',
  recurring: 'Recurring passes',
  byGate: 'Entries by gate',
  gate: 'Gate',
  noGate: 'No gate recorded',
  keyFigures: 'Key figures',
  figure: 'Figure',
  value: 'Value',
  approvalMedian: 'Walk-in approval time, median',
  approvalP90: 'Walk-in approval time, 90th percentile',
  approvedWalkIns: 'Walk-ins approved',
  averageStay: 'Average stay',
  stays: 'Visits that have left',
  gateOverrideShare: 'Entries approved by a gate override',
  lateCheckInShare: 'Check-ins more than 15 minutes after their approval',
  minutes: params('{minutes} min'),
  minutesUnit: 'Minutes',
  shareOf: params('{share} ({part} of {whole})'),
  notMeasured: 'Not measured',
  emptyFigure: 'Nothing to show for this range.',
});

type Texts = ReturnType<typeof messages.get>;

const WEEKDAY_KEYS = ['monday', 'tuesday', 'wednesday', 'thursday', 'friday', 'saturday', 'sunday'] as const;
const KIND_KEYS: Record<ReportEntryKind, 'invitation' | 'walkIn' | 'recurring'> = {
  invitation: 'invitation',
  'walk-in': 'walkIn',
  recurring: 'recurring',
};

/** An hour of the day as the user's clock shows it: `9:00 AM` in English, `9:00` in Spanish. */
const hourLabel = (hour: number) => formatTime(`${String(hour).padStart(2, '0')}:00`);

/** A share from 0 to 1 as a percentage in the user's language, one decimal at most. */
function percent(share: number): string {
  return new Intl.NumberFormat(locale.get(), { style: 'percent', maximumFractionDigits: 1 }).format(share);
}

/**
 * One figure: a heading, its chart and its table (same rows) side by side on wide screens.
 * `rows` are `[label, value]`; with none, a short note instead of an empty chart.
 * `axisLabels`: shorter labels for the chart's axis (a day without its year), one per row.
 */
function Figure({
  title,
  chart,
  rowHeader,
  valueHeader,
  rows,
  axisLabels,
}: {
  title: string;
  chart: Omit<ReportChartProps, 'labels' | 'values' | 'ariaLabel' | 'tableId'>;
  rowHeader: string;
  valueHeader: string;
  rows: Array<[string, number]>;
  axisLabels?: string[];
}) {
  const t = useMessages(messages);
  const tableId = useId();
  return (
    <Card title={title}>
      {rows.length === 0 || rows.every(([, value]) => value === 0) ? (
        <p className="text-sm text-slate-500">{t.emptyFigure}</p>
      ) : (
        <div className="grid gap-5 lg:grid-cols-[minmax(0,3fr)_minmax(0,2fr)]">
          <div className="relative h-64 min-w-0">
            <ReportChart {...chart} labels={axisLabels ?? rows.map(([label]) => label)} values={rows.map(([, value]) => value)} ariaLabel={title} tableId={tableId} />
          </div>
          <FigureTable id={tableId} caption={title} headers={[rowHeader, valueHeader]} rows={rows.map(([label, value]) => [label, formatNumber(value)])} />
        </div>
      )}
    </Card>
  );
}

/** An accessible table: a caption, column headers (`scope="col"`) and row headers (`scope="row"`). */
function FigureTable({
  id,
  caption,
  headers,
  rows,
  scrolls = true,
}: {
  id?: string;
  caption: string;
  headers: [string, string];
  rows: Array<[string, ReactNode]>;
  /** Long tables (30 days, 24 hours) scroll inside a box as high as their chart; short ones show whole. */
  scrolls?: boolean;
}) {
  return (
    // A box that scrolls is focusable and named, so a keyboard can scroll it (WCAG 2.1.1).
    <div
      className={clsx('overflow-auto rounded-xl border border-slate-100 focus-visible:outline-2 focus-visible:outline-brand-600', scrolls && 'max-h-64')}
      {...(scrolls ? { tabIndex: 0, role: 'region', 'aria-label': caption } : {})}
    >
      <table id={id} className="w-full text-left text-sm">
        <caption className="sr-only">{caption}</caption>
        <thead className="sticky top-0 bg-slate-50 text-slate-600">
          <tr>
            <th scope="col" className="px-3 py-2 font-medium">
              {headers[0]}
            </th>
            <th scope="col" className="px-3 py-2 text-right font-medium">
              {headers[1]}
            </th>
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {rows.map(([label, value], index) => (
            <tr key={`${label}-${index}`}>
              <th scope="row" className="px-3 py-1.5 font-normal text-slate-700">
                {label}
              </th>
              <td className="px-3 py-1.5 text-right tabular-nums text-slate-900">{value}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/** Minutes as `12.5 min`, or "Not measured". */
function minutesText(t: Texts, minutes: number | null): string {
  return minutes === null ? t.notMeasured : t.minutes({ minutes: formatNumber(minutes) });
}

/** A share with its parts, `14.3% (1 of 7)`, or "Not measured" when there is no whole. */
function shareText(t: Texts, share: number | null, part: number, whole: number): string {
  return share === null ? t.notMeasured : t.shareOf({ share: percent(share), part: formatNumber(part), whole: formatNumber(whole) });
}

/** The key figures: one table of the single numbers, with the two shares drawn as bars. */
function KeyFigures({ summary }: { summary: ReportSummary }) {
  const t = useMessages(messages);
  const tableId = useId();
  const { walkInApproval, averageStay, gateOverrides, lateCheckIns } = summary;
  const rows: Array<[string, string]> = [
    [t.approvalMedian, minutesText(t, walkInApproval.medianMinutes)],
    [t.approvalP90, minutesText(t, walkInApproval.p90Minutes)],
    [t.approvedWalkIns, formatNumber(walkInApproval.approved)],
    [t.averageStay, minutesText(t, averageStay.averageMinutes)],
    [t.stays, formatNumber(averageStay.stays)],
    [t.gateOverrideShare, shareText(t, gateOverrides.share, gateOverrides.overrides, gateOverrides.entries)],
    [t.lateCheckInShare, shareText(t, lateCheckIns.share, lateCheckIns.late, lateCheckIns.checkIns)],
  ];
  return (
    <Card title={t.keyFigures}>
      <div className="grid gap-5 lg:grid-cols-[minmax(0,2fr)_minmax(0,3fr)]">
        <div className="relative h-64 min-w-0">
          <ReportChart
            kind="bar-horizontal"
            labels={[t.approvalMedian, t.approvalP90, t.averageStay]}
            values={[walkInApproval.medianMinutes ?? 0, walkInApproval.p90Minutes ?? 0, averageStay.averageMinutes ?? 0]}
            seriesLabel={t.minutesUnit}
            ariaLabel={t.keyFigures}
            tableId={tableId}
          />
        </div>
        <FigureTable id={tableId} caption={t.keyFigures} headers={[t.figure, t.value]} rows={rows} scrolls={false} />
      </div>
    </Card>
  );
}

/** The range form: two labelled dates and Show. Shows the range the server answered for until changed. */
function RangeForm({ shown, onSubmit }: { shown: { from: string; to: string } | undefined; onSubmit: (range: { from: string; to: string }) => void }) {
  const t = useMessages(messages);
  const [from, setFrom] = useState('');
  const [to, setTo] = useState('');
  // The default range is the server's (the community's today): fill the fields with it once known.
  useEffect(() => {
    if (shown && from === '' && to === '') {
      setFrom(shown.from);
      setTo(shown.to);
    }
  }, [shown, from, to]);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit({ from, to });
  };
  return (
    <form onSubmit={submit} aria-label={t.rangeLabel} className="mb-6 flex flex-wrap items-end gap-3 rounded-2xl border border-slate-200 bg-white p-4 shadow-sm">
      <TextField label={t.from} type="date" name="from" value={from} onChange={(event) => setFrom(event.target.value)} className="min-w-40" inputClassName="min-h-11" />
      <TextField label={t.to} type="date" name="to" value={to} onChange={(event) => setTo(event.target.value)} className="min-w-40" inputClassName="min-h-11" />
      <Button type="submit" className="min-h-11">
        {t.show}
      </Button>
    </form>
  );
}

/** The reports page (admin). A refused range shows the server's words in the error box. */
export function ReportsPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const trpc = useTRPC();
  const [range, setRange] = useState<{ from?: string; to?: string }>({});
  const report = useQuery({ ...trpc.reports.summary.queryOptions(range), placeholderData: keepPreviousData });
  const summary = report.data;

  return (
    <>
      <PageHeader title={t.title} subtitle={t.subtitle} />
      <RangeForm shown={summary} onSubmit={(next) => setRange({ ...(next.from ? { from: next.from } : {}), ...(next.to ? { to: next.to } : {}) })} />
      {report.isError && <ErrorBox message={failureText(report.error)} onRetry={() => void report.refetch()} className="mb-6" />}
      {report.isPending ? (
        <PageSpinner label={t.loading} />
      ) : summary ? (
        <ReportFigures summary={summary} />
      ) : null}
    </>
  );
}

/** Every figure of `summary`. */
function ReportFigures({ summary }: { summary: ReportSummary }) {
  const t = useMessages(messages);
  return (
    <div className="flex flex-col gap-6">
      <p className="text-sm text-slate-600">
        {t.range({ from: formatDate(summary.from), to: formatDate(summary.to), timeZone: summary.timeZone })} · {t.totalEntries}:{' '}
        <strong className="text-slate-900">{formatNumber(summary.totalEntries)}</strong>
      </p>
      {summary.totalEntries === 0 && (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white">
          <EmptyState icon={<ChartColumn aria-hidden="true" className="size-6" />} title={t.noEntries} hint={t.noEntriesHint} />
        </div>
      )}
      <Figure
        title={t.perDay}
        chart={{ kind: 'line', seriesLabel: t.visits }}
        rowHeader={t.date}
        valueHeader={t.visits}
        rows={summary.visitsPerDay.map((day) => [formatDate(day.date), day.visits])}
        axisLabels={summary.visitsPerDay.map((day) => formatDayMonth(day.date))}
      />
      <div className="grid gap-6 xl:grid-cols-2">
        <Figure
          title={t.perHour}
          chart={{ kind: 'bar', seriesLabel: t.entries }}
          rowHeader={t.hour}
          valueHeader={t.entries}
          rows={summary.entriesByHour.map((row) => [hourLabel(row.hour), row.entries])}
        />
        <Figure
          title={t.perWeekday}
          chart={{ kind: 'bar', seriesLabel: t.entries }}
          rowHeader={t.weekday}
          valueHeader={t.entries}
          rows={summary.entriesByWeekday.map((row) => [t[WEEKDAY_KEYS[row.weekday - 1] ?? 'monday'], row.entries])}
        />
      </div>
      <div className="grid gap-6 xl:grid-cols-2">
        <Figure
          title={t.busiestHouses}
          chart={{ kind: 'bar-horizontal', seriesLabel: t.visits }}
          rowHeader={t.house}
          valueHeader={t.visits}
          rows={summary.busiestHouses.map((house) => [t.houseLabel({ houseNumber: house.houseNumber, block: house.block }), house.visits])}
        />
        <Figure
          title={t.byKind}
          chart={{ kind: 'doughnut', seriesLabel: t.entries }}
          rowHeader={t.kind}
          valueHeader={t.entries}
          rows={summary.byKind.map((row) => [t[KIND_KEYS[row.kind]], row.entries])}
        />
      </div>
      <KeyFigures summary={summary} />
      <Figure
        title={t.byGate}
        chart={{ kind: 'bar-horizontal', seriesLabel: t.entries }}
        rowHeader={t.gate}
        valueHeader={t.entries}
        rows={summary.byGate.map((row) => [row.gate?.name ?? t.noGate, row.entries])}
      />
    </div>
  );
}
