/**
 * The guard dashboard's quick scan (live-gate §1, the gate ergonomics of the live-gate
 * issue): a token field that has focus on arrival and again after every result, so that a
 * USB or Bluetooth scanner (which types the token, then Enter) can process visitor after
 * visitor with no touch. An approved pass is checked in at once; a checked-in one is shown
 * with a large Check Out; anything else is shown refused with its reason. Each scan
 * replaces the field's previous value instead of being appended to it.
 */
import { isRecurringPass, ZScanRequest, type RecurringPassWithEntries } from '@gatehouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CloudOff, ScanLine } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

import { Button } from '../../components/Button';
import { ErrorBox } from '../../components/ErrorBox';
import { controlClasses } from '../../components/Field';
import { connectionState } from '../../lib/connection';
import { failureText, isConnectionFailure } from '../../lib/failures';
import { chosenGateId } from '../../lib/gate-choice';
import { i18n, params, translateValidation, useMessages } from '../../lib/i18n';
import { useToast } from '../../lib/toasts';
import { useTRPCClient } from '../../lib/trpc';
import { useTRPC } from '../../lib/trpc-react';
import {
  checkedInMessage,
  checkedOutMessage,
  checkInFailedMessage,
  checkOutFailedMessage,
  lostMoveNotSavedMessage,
  lostMoveUnknownMessage,
  scanFailedMessage,
  type GateMove,
} from './gate-messages';
import { settleLostMove } from './lost-moves';
import {
  checkedInOfflineMessage,
  saveMoveOffline,
  savedMoveMessage,
  savedOnTabletMessage,
  unknownPassOfflineMessage,
  verifyOffline,
  type GateVisitor,
  type OfflineBasis,
} from './offline-gate';
import { PassResult } from './PassResult';
import { RecurringPassResult } from './RecurringPassResult';

const messages = i18n('QuickScan', {
  title: 'Quick scan',
  tokenLabel: 'Pass token or code',
  tokenPlaceholder: 'Scan or type a pass, then Enter',
  checkIn: 'Check In',
  hint: 'An approved pass is checked in at once; a visitor who is inside is offered Check Out.',
  checkedInHost: params('{name} checked in: house {house}, host {host}.'),
  checkedInHostPurpose: params('{name} checked in: house {house}, host {host}, {purpose}.'),
  checkedInWalkIn: params('{name} checked in: house {house}, walk-in.'),
  checkedInWalkInPurpose: params('{name} checked in: house {house}, walk-in, {purpose}.'),
});

/** The line after a check-in: who, which house, whose guest, why. */
function checkedInText(t: ReturnType<typeof messages.get>, visitor: GateVisitor): string {
  const values = { name: visitor.name, house: visitor.houseId.houseNumber };
  // Verified offline: the pack does not say whose guest (offline-gate §2).
  if (visitor.hostId === undefined) return checkedInOfflineMessage(values);
  const host = visitor.hostId?.name;
  const purpose = visitor.purpose ?? null;
  if (host) return purpose ? t.checkedInHostPurpose({ ...values, host, purpose }) : t.checkedInHost({ ...values, host });
  return purpose ? t.checkedInWalkInPurpose({ ...values, purpose }) : t.checkedInWalkIn(values);
}

/** The last scan's outcome, shown under the field. */
type Outcome =
  /** `saved`: on this tablet, sent when the link returns (offline-gate §3). */
  | { kind: 'checked-in'; visitor: GateVisitor; saved?: boolean }
  /** `offline`: verified from the gate pack (offline-gate §2). */
  | { kind: 'shown'; visitor: GateVisitor; refusal: string | null; offline?: OfflineBasis }
  | { kind: 'error'; message: string; retry?: () => void }
  /** operations §1: a recurring pass, checked in at once when it may enter; inside, offered Check Out. */
  | { kind: 'recurring'; pass: RecurringPassWithEntries; refusal: string | null; checkedIn?: boolean };

export function QuickScan() {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const trpcClient = useTRPCClient();
  const { showToast } = useToast();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [token, setToken] = useState('');
  const [outcome, setOutcome] = useState<Outcome | null>(null);

  const refreshVisitorLists = () => queryClient.invalidateQueries({ queryKey: trpc.visitors.pathKey() });
  const scan = useMutation(trpc.visitors.scan.mutationOptions());
  const checkIn = useMutation(trpc.visitors.checkIn.mutationOptions());
  const checkOut = useMutation(trpc.visitors.checkOut.mutationOptions());
  const [savingOffline, setSavingOffline] = useState(false);
  const busy = scan.isPending || checkIn.isPending || savingOffline;

  /** Back to the field, ready for the next pass. */
  const ready = () => inputRef.current?.focus();
  // The gate tablet stays on this screen: a scanner's keystrokes must land in the field.
  useEffect(ready, []);

  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    // The next scan types into an empty field, whatever happens to this one.
    setToken('');
    void process(token);
  };

  /** Verifies `value` and checks an approved pass in at once. */
  const process = async (value: string) => {
    const parsed = ZScanRequest.safeParse({ token: value });
    if (!parsed.success) {
      setOutcome({ kind: 'error', message: translateValidation(parsed.error.issues[0]?.message ?? 'Please enter a token') });
      return ready();
    }
    setOutcome(null);
    const token = parsed.data.token;
    // Known to be offline: straight to the pack (no request to wait for).
    if (connectionState() !== 'online' && (await processFromPack(token))) return ready();
    let visitor: GateVisitor;
    try {
      const scanned = await scan.mutateAsync({ token });
      if (isRecurringPass(scanned)) {
        await moveRecurring(scanned.inside ? null : 'checkIn', scanned);
        return ready();
      }
      visitor = scanned;
    } catch (error) {
      if (isConnectionFailure(error) && (await processFromPack(token))) return ready();
      const again = token;
      setOutcome({
        kind: 'error',
        message: failureText(error, scanFailedMessage()),
        ...(isConnectionFailure(error) ? { retry: () => void process(again) } : {}),
      });
      return ready();
    }
    if (visitor.status !== 'approved') {
      setOutcome({ kind: 'shown', visitor, refusal: null });
      return ready();
    }
    await moveVisitor('checkIn', visitor);
    ready();
  };

  /** Saves `move` on this tablet (offline-gate §3), said as done. */
  const moveOffline = async (move: GateMove, visitor: GateVisitor) => {
    setSavingOffline(true);
    try {
      await saveMoveOffline(move, visitor);
    } finally {
      setSavingOffline(false);
    }
    setOutcome(move === 'checkIn' ? { kind: 'checked-in', visitor: { ...visitor, status: 'checked-in' }, saved: true } : null);
    showToast(savedMoveMessage(move));
  };

  /**
   * The server cannot be reached: the pass is looked up in the gate pack (offline-gate §2),
   * and an approved one checked in on this tablet. False when this device has no pack.
   */
  const processFromPack = async (token: string): Promise<boolean> => {
    const found = await verifyOffline(token);
    if (found.kind === 'no-pack') return false;
    if (found.kind === 'unknown') {
      setOutcome({ kind: 'error', message: unknownPassOfflineMessage(found.basis) });
      return true;
    }
    if (found.visitor.status === 'approved' && !found.refusal) await moveOffline('checkIn', found.visitor);
    else setOutcome({ kind: 'shown', visitor: found.visitor, refusal: found.refusal, offline: found.basis });
    return true;
  };

  /**
   * Checks `visitor` in or out. When the answer is lost (usable-by-everyone issue, item 6)
   * the visitor is read again first: the move may have been saved before the connection
   * dropped; else it is offered again with Retry.
   */
  const moveVisitor = async (move: GateMove, visitor: GateVisitor, checkFirst = false): Promise<void> => {
    const succeeded = (moved: GateVisitor) => {
      if (move === 'checkIn') {
        setOutcome({ kind: 'checked-in', visitor: moved });
        showToast(checkedInMessage());
      } else {
        setOutcome(null);
        showToast(checkedOutMessage());
      }
      void refreshVisitorLists();
    };
    const lost = async () => {
      const settled = await settleLostMove(trpcClient, visitor.id, move);
      if (settled === 'done') return succeeded(visitor);
      setOutcome({
        kind: 'error',
        message: settled === 'unknown' ? lostMoveUnknownMessage(move) : lostMoveNotSavedMessage(move),
        retry: () => void moveVisitor(move, visitor, settled === 'unknown').then(ready),
      });
    };
    if (checkFirst) {
      const settled = await settleLostMove(trpcClient, visitor.id, move);
      if (settled === 'done') return succeeded(visitor);
      if (settled === 'unknown') return lost();
    }
    try {
      const moved = await (move === 'checkIn' ? checkIn : checkOut).mutateAsync({ visitorId: visitor.id, gateId: chosenGateId() });
      // A visitor's id answers the visitor (a recurring pass is moved by moveRecurring).
      succeeded(isRecurringPass(moved) ? visitor : moved);
    } catch (error) {
      if (isConnectionFailure(error)) return lost();
      // The server refused (outside the window, or the status changed meanwhile): say why.
      const fallback = move === 'checkIn' ? checkInFailedMessage() : checkOutFailedMessage();
      setOutcome({ kind: 'shown', visitor, refusal: failureText(error, fallback) });
    }
  };

  /** A recurring pass: checked in at once when it may enter (else shown with the reason), or shown to be checked out. */
  const moveRecurring = async (move: GateMove | null, pass: RecurringPassWithEntries) => {
    if (move === null || (move === 'checkIn' && pass.status !== 'active')) return setOutcome({ kind: 'recurring', pass, refusal: null });
    try {
      const moved = await (move === 'checkIn' ? checkIn : checkOut).mutateAsync({ visitorId: pass.id, gateId: chosenGateId() });
      showToast(move === 'checkIn' ? checkedInMessage() : checkedOutMessage());
      setOutcome(move === 'checkIn' && isRecurringPass(moved) ? { kind: 'recurring', pass: moved, refusal: null, checkedIn: true } : null);
      void refreshVisitorLists();
    } catch (error) {
      setOutcome({ kind: 'recurring', pass, refusal: failureText(error, move === 'checkIn' ? checkInFailedMessage() : checkOutFailedMessage()) });
    }
  };

  const onCheckOut = async (visitor: GateVisitor, offline: boolean) => {
    if (offline || connectionState() !== 'online') await moveOffline('checkOut', visitor);
    else await moveVisitor('checkOut', visitor);
    ready();
  };

  return (
    <section aria-labelledby={`${inputId}-title`} className="mb-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-slate-900">
        {t.title}
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          {t.tokenLabel}
        </label>
        <input
          id={inputId}
          ref={inputRef}
          value={token}
          onChange={(event) => setToken(event.target.value)}
          placeholder={t.tokenPlaceholder}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          aria-describedby={`${inputId}-hint`}
          className={controlClasses(false, 'min-h-14 flex-1 font-mono text-base')}
        />
        <Button type="submit" size="lg" loading={busy} icon={<ScanLine aria-hidden="true" className="size-5" />}>
          {t.checkIn}
        </Button>
      </form>
      <p id={`${inputId}-hint`} className="mt-2 text-sm text-slate-600">
        {t.hint}
      </p>

      <div className="mt-4 empty:hidden">
        {outcome?.kind === 'error' && <ErrorBox message={outcome.message} headingLevel={3} onRetry={outcome.retry} />}
        {outcome?.kind === 'checked-in' && (
          <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
            <p className="text-base font-semibold">{checkedInText(t, outcome.visitor)}</p>
            {outcome.saved && (
              <p className="mt-1 flex items-center gap-1.5 text-sm font-medium">
                <CloudOff aria-hidden="true" className="size-4 shrink-0" />
                {savedOnTabletMessage()}
              </p>
            )}
          </div>
        )}
        {outcome?.kind === 'recurring' && (
          <RecurringPassResult
            pass={outcome.pass}
            headingLevel={3}
            refusal={outcome.refusal}
            checkingOut={checkOut.isPending}
            onCheckOut={() => void moveRecurring('checkOut', outcome.pass).then(ready)}
          />
        )}
        {outcome?.kind === 'shown' && (
          <PassResult
            visitor={outcome.visitor}
            headingLevel={3}
            refusal={outcome.refusal}
            offline={outcome.offline ?? null}
            checkingOut={checkOut.isPending || savingOffline}
            onCheckOut={() => void onCheckOut(outcome.visitor, Boolean(outcome.offline))}
          />
        )}
      </div>
    </section>
  );
}
