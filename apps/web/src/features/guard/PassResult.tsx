/**
 * What a verified pass shows at the gate (docs/gate.md#verifying-a-pass): the visitor, the house
 * and host,
 * the purpose, the window; a pass that cannot enter is shown *refused*, with a heading,
 * colour and icon (not colour alone) and the reason, and announced as an alert.
 */
import clsx from 'clsx';
import { CheckCircle2, CloudOff, LogIn, LogOut, XCircle } from 'lucide-react';
import type { ReactNode } from 'react';

import { Button } from '../../components/Button';
import { StatusBadge, visitorStatusLabel } from '../../components/StatusBadge';
import { formatDate, formatVisitWindow, hostLabel } from '../../lib/format';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useCommunityTimeZone } from '../../lib/time-zone';
import { recurringKindLabel } from '../passes/pass-labels';
import { BlocklistOverride, BlocklistWarning } from './BlocklistWarning';
import { insideSinceMessage } from './gate-messages';
import { verifiedOfflineMessage, type GateVisitor, type OfflineBasis } from './offline-gate';

const messages = i18n('PassResult', {
  refusal: params('This pass is {status}: the visitor cannot be checked in or out.'),
  refused: 'Pass refused',
  verified: 'Visitor Verified',
  inside: 'Visitor Inside',
  checkDetails: 'Check the details against the visitor before letting them in.',
  kind: 'Kind',
  house: 'House',
  houseValue: params('{house}, Block {block}'),
  host: 'Host',
  purpose: 'Purpose',
  notGiven: 'Not given',
  phone: 'Phone',
  date: 'Date',
  time: 'Time',
  vehicle: 'Vehicle',
  none: 'None',
  status: 'Status',
  checkIn: 'Check In Visitor',
  checkOut: 'Check Out Visitor',
});

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-white/70 px-4 py-3 ring-1 ring-slate-200">
      <dt className="text-xs font-medium tracking-wide text-slate-600 uppercase">{term}</dt>
      <dd className="mt-1 text-base font-semibold break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Whether a pass in `status` may go through the gate at all (in or out). */
export function isUsableAtGate(visitor: Pick<GateVisitor, 'status'>): boolean {
  return visitor.status === 'approved' || visitor.status === 'checked-in';
}

/** Why a pass cannot be used at the gate, naming its status. */
export function refusalReason(visitor: Pick<GateVisitor, 'status'>): string {
  return messages.get().refusal({ status: visitorStatusLabel(visitor.status).toLowerCase() });
}

interface PassResultProps {
  /** The pass: the server's visitor, or the pack's fields when verified offline. */
  visitor: GateVisitor;
  /**
   * Verified offline from the pack (docs/gate.md#the-gate-pack): said so, with when the pack was
   * synced.
   */
  offline?: OfflineBasis | null;
  /** Heading level of the card's title, to keep the page outline in order. */
  headingLevel?: 2 | 3;
  /** A refusal from the server for this pass (e.g. outside its window), shown as the reason. */
  refusal?: string | null;
  checkingIn?: boolean;
  checkingOut?: boolean;
  onCheckIn?: () => void;
  onCheckOut?: () => void;
  /**
   * docs/operations.md#blocklist: an admin's check-in of a blocklisted visitor, with notes (absent:
   * not offered).
   */
  onOverride?: (notes: string) => void;
  overriding?: boolean;
}

/** The card of one scanned pass: verified (with Check In or Check Out) or refused. */
export function PassResult({
  visitor,
  headingLevel = 2,
  offline = null,
  refusal,
  checkingIn = false,
  checkingOut = false,
  onCheckIn,
  onCheckOut,
  onOverride,
  overriding = false,
}: PassResultProps) {
  const t = useMessages(messages);
  const communityTimeZone = useCommunityTimeZone();
  const timeZone = offline?.timeZone ?? communityTimeZone;
  const refused = Boolean(refusal) || !isUsableAtGate(visitor);
  // docs/operations.md#blocklist: a visitor on the blocklist is shown refused, with the reason; the
  // check-in
  // stays possible (the server refuses it, and records the attempt) and an admin may override.
  const blocklisted = visitor.blocklisted ?? null;
  const alarming = refused || blocklisted !== null;
  // Someone inside is leaving: nothing meant for entry is said.
  const leaving = !refused && visitor.status === 'checked-in';
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  const busy = checkingIn || checkingOut;
  return (
    <section
      aria-labelledby={`pass-${visitor.id}-title`}
      className={clsx(
        'rounded-2xl border-2 p-5 sm:p-6',
        alarming ? 'border-red-300 bg-red-50' : 'border-emerald-300 bg-emerald-50',
      )}
    >
      <div role={refused ? 'alert' : undefined} className="flex items-start gap-3">
        {alarming ? (
          <XCircle aria-hidden="true" className="mt-0.5 size-7 shrink-0 text-red-700" />
        ) : (
          <CheckCircle2 aria-hidden="true" className="mt-0.5 size-7 shrink-0 text-emerald-700" />
        )}
        <div className="min-w-0 flex-1">
          <Heading
            id={`pass-${visitor.id}-title`}
            className={clsx('text-lg font-bold', alarming ? 'text-red-900' : 'text-emerald-900')}
          >
            {alarming ? t.refused : leaving ? t.inside : t.verified}
          </Heading>
          {offline && !refused && (
            <p className="mt-1 flex items-center gap-1.5 text-base font-semibold text-emerald-900">
              <CloudOff aria-hidden="true" className="size-4 shrink-0" />
              {verifiedOfflineMessage(offline)}
            </p>
          )}
          {!(blocklisted && !refused) && (
            <p className={clsx('mt-1 text-sm font-medium', refused ? 'text-red-800' : 'text-emerald-900')}>
              {refused
                ? (refusal ?? refusalReason(visitor))
                : leaving
                  ? insideSinceMessage(visitor.check_in_time, timeZone)
                  : t.checkDetails}
            </p>
          )}
        </div>
      </div>
      {blocklisted && <BlocklistWarning reason={blocklisted.reason} className="mt-4" />}

      <div className="mt-5 flex flex-wrap items-center justify-between gap-3">
        <p className="min-w-0 text-2xl font-bold break-words text-slate-900">{visitor.name}</p>
        <StatusBadge status={visitor.status} size="lg" />
      </div>
      <dl className="mt-4 grid grid-cols-1 gap-3 sm:grid-cols-2">
        {/* docs/operations.md#frequent-visitors: a recurring pass verified offline from the pack (its date the listed day it may enter next). */}
        {visitor.kind === 'recurring' && <Fact term={t.kind}>{recurringKindLabel()}</Fact>}
        <Fact term={t.house}>{t.houseValue({ house: visitor.houseId.houseNumber, block: visitor.houseId.block })}</Fact>
        {/* The pack holds no host, purpose or phone (docs/gate.md#the-gate-pack). */}
        {visitor.hostId !== undefined && <Fact term={t.host}>{hostLabel({ hostId: visitor.hostId, status: visitor.status })}</Fact>}
        {visitor.purpose !== undefined && <Fact term={t.purpose}>{visitor.purpose ?? t.notGiven}</Fact>}
        {visitor.phone !== undefined && <Fact term={t.phone}>{visitor.phone}</Fact>}
        <Fact term={t.date}>{formatDate(visitor.visitDate)}</Fact>
        <Fact term={t.time}>{formatVisitWindow(visitor, timeZone)}</Fact>
        <Fact term={t.vehicle}>{visitor.vehicleLicensePlate ?? t.none}</Fact>
        <Fact term={t.status}>{visitorStatusLabel(visitor.status)}</Fact>
      </dl>

      {!refused && visitor.status === 'approved' && onCheckIn && (
        <Button
          size="lg"
          className="mt-6 w-full"
          loading={checkingIn}
          disabled={busy}
          onClick={onCheckIn}
          icon={<LogIn aria-hidden="true" className="size-5" />}
        >
          {t.checkIn}
        </Button>
      )}
      {blocklisted && !refused && visitor.status === 'approved' && onOverride && (
        <BlocklistOverride busy={overriding} onOverride={onOverride} />
      )}
      {!refused && visitor.status === 'checked-in' && onCheckOut && (
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
