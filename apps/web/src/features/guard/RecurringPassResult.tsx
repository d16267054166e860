/**
 * A scanned recurring pass at the gate (docs/operations.md#frequent-visitors): who, which house and
 * host, the
 * days and daily window, the dates and whether they are inside now; Check In when the pass
 * is active and not inside, Check Out when inside. A refusal from the server (outside the
 * window, paused, already inside) is shown as the reason, as an alert, with a heading,
 * colour and icon.
 */
import type { RecurringPassWithEntries } from '@gatehouse/shared';
import clsx from 'clsx';
import { CalendarClock, CheckCircle2, LogIn, LogOut, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';

import { Button } from '../../components/Button';
import { formatDate } from '../../lib/format';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useCommunityTimeZone } from '../../lib/time-zone';
import { passScheduleLabel, passStatusClasses, passStatusLabel } from '../passes/pass-labels';
import { insideSinceMessage } from './gate-messages';

const messages = i18n('RecurringPassResult', {
  kind: 'Recurring pass',
  verified: 'Recurring pass verified',
  inside: 'Recurring pass inside',
  refused: 'Pass refused',
  notUsable: params('This pass is {status}: it cannot be checked in.'),
  checkDetails: 'Check the details against the visitor before letting them in.',
  insideNow: 'Inside now: check them out when they leave.',
  house: 'House',
  houseValue: params('{house}, Block {block}'),
  host: 'Host',
  days: 'Days and hours',
  dates: 'Valid',
  datesValue: params('{from} to {to}'),
  purpose: 'Purpose',
  notGiven: 'Not given',
  vehicle: 'Vehicle',
  none: 'None',
  checkIn: 'Check In',
  checkOut: 'Check Out',
});

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-white/70 px-4 py-3 ring-1 ring-slate-200">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{term}</dt>
      <dd className="mt-1 text-base font-semibold break-words text-slate-900">{children}</dd>
    </div>
  );
}

interface RecurringPassResultProps {
  pass: RecurringPassWithEntries;
  /** A refusal from the server for this pass, shown as the reason. */
  refusal?: string | null;
  headingLevel?: 2 | 3;
  checkingIn?: boolean;
  checkingOut?: boolean;
  onCheckIn?: () => void;
  onCheckOut?: () => void;
}

/** The card of one scanned recurring pass, with its one possible move. */
export function RecurringPassResult({
  pass,
  refusal = null,
  headingLevel = 2,
  checkingIn = false,
  checkingOut = false,
  onCheckIn,
  onCheckOut,
}: RecurringPassResultProps) {
  const t = useMessages(messages);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  // Inside: it can always leave. Else only an active pass enters.
  const refused = Boolean(refusal) || (!pass.inside && pass.status !== 'active');
  const timeZone = useCommunityTimeZone();
  // Inside: when the open entry began (nothing meant for entry is said to someone leaving).
  const openEntry = pass.entries.find((entry) => entry.checkOutTime === null);
  const reason =
    refusal ??
    (refused
      ? t.notUsable({ status: passStatusLabel(pass.status).toLowerCase() })
      : pass.inside
        ? openEntry
          ? insideSinceMessage(openEntry.checkInTime, timeZone)
          : t.insideNow
        : t.checkDetails);
  const busy = checkingIn || checkingOut;
  return (
    <section
      aria-labelledby={`recurring-${pass.id}-title`}
      className={clsx('rounded-2xl border-2 p-5 sm:p-6', refused ? 'border-red-300 bg-red-50' : 'border-emerald-300 bg-emerald-50')}
    >
      <div role={refused ? 'alert' : undefined} className="flex items-start gap-3">
        {refused ? (
          <XCircle aria-hidden="true" className="mt-0.5 size-7 shrink-0 text-red-700" />
        ) : (
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-7 shrink-0 text-emerald-700" />
        )}
        <div className="min-w-0 flex-1">
          <Heading id={`recurring-${pass.id}-title`} className={clsx('text-lg font-bold', refused ? 'text-red-900' : 'text-emerald-900')}>
            {refused ? t.refused : pass.inside ? t.inside : t.verified}
          </Heading>
          <p className={clsx('mt-1 text-sm font-medium', refused ? 'text-red-800' : 'text-emerald-900')}>{reason}</p>
        </div>
      </div>

      <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 text-2xl font-bold break-words text-slate-900">{pass.name}</p>
        <span className="flex flex-wrap items-center gap-2">
          <span className="inline-flex items-center gap-1.5 rounded-full bg-indigo-50 px-3 py-1 text-sm font-medium text-indigo-800 ring-1 ring-indigo-200">
            <CalendarClock aria-hidden="true" className="size-4" />
            {t.kind}
          </span>
          <span className={clsx('rounded-full px-3 py-1 text-sm font-medium ring-1', passStatusClasses(pass.status))}>{passStatusLabel(pass.status)}</span>
        </span>
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
        <Fact term={t.house}>{t.houseValue({ house: pass.houseId.houseNumber, block: pass.houseId.block })}</Fact>
        <Fact term={t.host}>{pass.hostId.name}</Fact>
        <Fact term={t.days}>{passScheduleLabel(pass)}</Fact>
        <Fact term={t.dates}>{t.datesValue({ from: formatDate(pass.startDate), to: formatDate(pass.endDate) })}</Fact>
        <Fact term={t.purpose}>{pass.purpose ?? t.notGiven}</Fact>
        <Fact term={t.vehicle}>{pass.vehicleLicensePlate ?? t.none}</Fact>
      </dl>

      {!pass.inside && pass.status === 'active' && !refusal && onCheckIn && (
        <Button size="lg" className="mt-6 w-full" loading={checkingIn} disabled={busy} onClick={onCheckIn} icon={<LogIn aria-hidden="true" className="size-5" />}>
          {t.checkIn}
        </Button>
      )}
      {pass.inside && onCheckOut && (
        <Button
          size="lg"
          variant="secondary"
          className="mt-6 w-full"
          loading={checkingOut}
          disabled={busy}
          onClick={onCheckOut}
          icon={<LogOut aria-hidden="true" className="size-5" />}
        >
          {t.checkOut}
        </Button>
      )}
    </section>
  );
}
