/**
 * The gate screen's quick scan: the field a USB or Bluetooth scanner types into (it types
 * the token, then Enter), or the guard types a pass code. It owns the keyboard and the focus
 * of the gate screen (scanner-capture.ts), so that pass after pass goes through with no
 * touch. An approved pass is checked in at once; someone inside is shown with when they came
 * in and a large Check Out; anything else is shown refused with its reason. Every move goes
 * through the one gate path (lib/gate-moves.ts): done, or saved on this tablet, within a
 * second. Offline (or with the server out of reach) the pass is verified from the gate pack.
 */
import {
  isRecurringPass,
  passCodeOf,
  recurringPassCodeOf,
  ZScanRequest,
  type RecurringPassWithEntries,
} from '@gatehouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { CloudOff, ScanLine } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';

import { Button } from '../../components/Button';
import { ErrorBox } from '../../components/ErrorBox';
import { controlClasses } from '../../components/Field';
import { connectionState } from '../../lib/connection';
import { toAppError } from '../../lib/errors';
import { failureText, isConnectionFailure } from '../../lib/failures';
import { useGateMove, type GateMoveOutcome } from '../../lib/gate-moves';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useToast } from '../../lib/toasts';
import { useTRPC } from '../../lib/trpc-react';
import {
  checkedInMessage,
  checkedOutMessage,
  checkInFailedMessage,
  checkOutFailedMessage,
  codeNotFoundMessage,
  scanFailedMessage,
  type GateMove,
  typedDigitsOf,
} from './gate-messages';
import {
  checkedInOfflineMessage,
  savedMoveMessage,
  savedOnTabletMessage,
  unknownPassOfflineMessage,
  verifyOffline,
  type GateVisitor,
  type OfflineBasis,
} from './offline-gate';
import { PassResult } from './PassResult';
import { RecurringPassResult } from './RecurringPassResult';
import { useScannerCapture } from './scanner-capture';

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
  checkedOut: params('{name} checked out: house {house}.'),
});

/**
 * How long a scan waits for the server before a pass the tablet's pack knows is verified
 * there (ms): long enough for a slow answer, short enough that nobody waits at the gate.
 */
export const SCAN_PATIENCE_MS = 2_500;

const delay = (ms: number) => new Promise<void>((resolve) => setTimeout(resolve, ms));

/** The line after a check-in: who, which house, whose guest, why. */
function checkedInText(t: ReturnType<typeof messages.get>, visitor: GateVisitor): string {
  const values = { name: visitor.name, house: visitor.houseId.houseNumber };
  // Verified offline, or a recurring pass: no host or purpose to say.
  if (visitor.hostId === undefined) return checkedInOfflineMessage(values);
  const host = visitor.hostId?.name;
  const purpose = visitor.purpose ?? null;
  if (host)
    return purpose
      ? t.checkedInHostPurpose({ ...values, host, purpose })
      : t.checkedInHost({ ...values, host });
  return purpose ? t.checkedInWalkInPurpose({ ...values, purpose }) : t.checkedInWalkIn(values);
}

/** The last scan's outcome, shown under the field. */
type Outcome =
  /** `saved`: on this tablet, sent when the link returns. */
  | { kind: 'moved'; move: GateMove; visitor: GateVisitor; saved: boolean }
  /** `offline`: verified from the gate pack. */
  | { kind: 'shown'; visitor: GateVisitor; refusal: string | null; offline?: OfflineBasis }
  | { kind: 'error'; message: string; retry?: () => void }
  /** A recurring pass: checked in at once when it may enter; inside, offered Check Out. */
  | { kind: 'recurring'; pass: RecurringPassWithEntries; refusal: string | null };

/** What a recurring pass looks like on the visitor cards (house, window of today). */
function passAsVisitor(pass: RecurringPassWithEntries): GateVisitor {
  return {
    id: pass.id,
    name: pass.name,
    status: pass.inside ? 'checked-in' : 'approved',
    visitDate: pass.startDate,
    visitTimeFrom: pass.timeFrom,
    visitTimeTo: pass.timeTo,
    vehicleLicensePlate: pass.vehicleLicensePlate,
    houseId: pass.houseId,
    kind: 'recurring',
  };
}

export function QuickScan() {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const move = useGateMove();
  const { showToast } = useToast();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome | null>(null);
  const [busy, setBusy] = useState(false);
  // Only the latest scan's outcome is shown (a scanner may send the next before this one ends).
  const latest = useRef(0);

  const scan = useMutation(trpc.visitors.scan.mutationOptions());
  const refreshLists = () => {
    void queryClient.invalidateQueries({ queryKey: trpc.visitors.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.gate.pathKey() });
  };

  /** Verifies `value` and checks an approved pass in at once. */
  const process = async (value: string) => {
    const field = inputRef.current;
    const parsed = ZScanRequest.safeParse({ token: value });
    // An empty scan does nothing: the last result stays.
    if (!parsed.success) return;
    const token = parsed.data.token;
    const code = passCodeOf(token) ?? recurringPassCodeOf(token) ?? typedDigitsOf(token);
    // The next scan types into an empty field, whatever happens to this one.
    if (field) field.value = '';
    const seq = ++latest.current;
    const show = (next: Outcome | null) => {
      if (seq === latest.current) setOutcome(next);
    };
    setBusy(true);
    try {
      // Known to be offline: straight to the pack (no request to wait for).
      if (connectionState() !== 'online' && (await fromPack(token, code, show))) return;
      let scanned;
      try {
        const asked = scan.mutateAsync({ token });
        // A dying link can hold a request for its whole time-out: after a moment, a pass the
        // tablet's pack knows is verified there instead (the late answer is not waited for).
        const late = await Promise.race([asked.then(() => false, () => false), delay(SCAN_PATIENCE_MS).then(() => true)]);
        if (late && (await verifyOffline(token)).kind === 'found' && (await fromPack(token, code, show))) return;
        scanned = await asked;
      } catch (error) {
        if (isConnectionFailure(error) && (await fromPack(token, code, show))) return;
        if (code && !isConnectionFailure(error) && isNotFound(error))
          return codeNotFound(token, code, show);
        show({
          kind: 'error',
          message: failureText(error, scanFailedMessage()),
          ...(isConnectionFailure(error) ? { retry: () => void process(token) } : {}),
        });
        return;
      }
      if (isRecurringPass(scanned)) {
        if (scanned.inside || scanned.status !== 'active')
          return show({ kind: 'recurring', pass: scanned, refusal: null });
        return await moveRecurring('checkIn', scanned, show);
      }
      if (scanned.status !== 'approved')
        return show({ kind: 'shown', visitor: scanned, refusal: null });
      await moveVisitor('checkIn', scanned, show);
    } finally {
      if (seq === latest.current) {
        setBusy(false);
        // A code that found nothing stays, selected, for the guard to correct one digit.
        ready(Boolean(field?.value));
      }
    }
  };

  const ready = useScannerCapture({ inputRef, onScan: (value) => void process(value) });

  /** A typed code that names no open pass: said plainly, the code kept in the field to correct. */
  const codeNotFound = (typed: string, digits: string, show: (next: Outcome) => void) => {
    if (inputRef.current) inputRef.current.value = typed;
    show({ kind: 'error', message: codeNotFoundMessage(digits) });
  };

  /**
   * The server cannot be reached: the pass is looked up in the gate pack, and an approved
   * one checked in on this tablet. False when this device has no pack.
   */
  const fromPack = async (
    token: string,
    code: string | null,
    show: (next: Outcome) => void,
  ): Promise<boolean> => {
    const found = await verifyOffline(token);
    if (found.kind === 'no-pack') return false;
    if (found.kind === 'unknown') {
      if (code) codeNotFound(token, code, show);
      else show({ kind: 'error', message: unknownPassOfflineMessage(found.basis) });
      return true;
    }
    if (found.visitor.status === 'approved' && !found.refusal && !found.visitor.blocklisted)
      await moveVisitor('checkIn', found.visitor, show, found.basis);
    else
      show({ kind: 'shown', visitor: found.visitor, refusal: found.refusal, offline: found.basis });
    return true;
  };

  /** Says how a move ended: done or saved (a card and a notice), or refused (the pass with the reason). */
  const moved = (
    action: GateMove,
    visitor: GateVisitor,
    outcome: GateMoveOutcome,
    show: (next: Outcome) => void,
    basis?: OfflineBasis,
  ) => {
    if (outcome.kind === 'refused') {
      const fallback = action === 'checkIn' ? checkInFailedMessage() : checkOutFailedMessage();
      show({
        kind: 'shown',
        visitor,
        refusal: failureText(outcome.error, fallback),
        ...(basis ? { offline: basis } : {}),
      });
      return;
    }
    const saved = outcome.kind === 'saved';
    showToast(
      saved
        ? savedMoveMessage(action)
        : action === 'checkIn'
          ? checkedInMessage()
          : checkedOutMessage(),
    );
    show({
      kind: 'moved',
      move: action,
      visitor: { ...visitor, status: action === 'checkIn' ? 'checked-in' : 'checked-out' },
      saved,
    });
    refreshLists();
  };

  const moveVisitor = async (
    action: GateMove,
    visitor: GateVisitor,
    show: (next: Outcome) => void,
    basis?: OfflineBasis,
  ) => {
    const outcome = await move({
      action: action === 'checkIn' ? 'check-in' : 'check-out',
      subject: { id: visitor.id, name: visitor.name, houseNumber: visitor.houseId.houseNumber },
    });
    moved(action, visitor, outcome, show, basis);
  };

  /** A recurring pass: the same path; a refusal is shown on its own card. */
  const moveRecurring = async (
    action: GateMove,
    pass: RecurringPassWithEntries,
    show: (next: Outcome) => void,
  ) => {
    const outcome = await move({
      action: action === 'checkIn' ? 'check-in' : 'check-out',
      subject: { id: pass.id, name: pass.name, houseNumber: pass.houseId.houseNumber },
    });
    if (outcome.kind === 'refused') {
      const fallback = action === 'checkIn' ? checkInFailedMessage() : checkOutFailedMessage();
      show({ kind: 'recurring', pass, refusal: failureText(outcome.error, fallback) });
      return;
    }
    moved(action, passAsVisitor(pass), outcome, show);
  };

  /** Check Out of the pass on screen. */
  const onCheckOut = async (visitor: GateVisitor, basis?: OfflineBasis) => {
    const seq = ++latest.current;
    setBusy(true);
    await moveVisitor(
      'checkOut',
      visitor,
      (next) => seq === latest.current && setOutcome(next),
      basis,
    );
    if (seq === latest.current) setBusy(false);
    ready();
  };
  const onRecurringCheckOut = async (pass: RecurringPassWithEntries) => {
    const seq = ++latest.current;
    setBusy(true);
    await moveRecurring('checkOut', pass, (next) => seq === latest.current && setOutcome(next));
    if (seq === latest.current) setBusy(false);
    ready();
  };

  // The Check In button (a tap rather than the scanner's Enter): the same scan.
  const onSubmit = (event: FormEvent) => {
    event.preventDefault();
    const value = inputRef.current?.value ?? '';
    if (value.trim() === '') return ready();
    void process(value);
  };

  return (
    <section
      aria-labelledby={`${inputId}-title`}
      className="mb-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm"
    >
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
          defaultValue=""
          placeholder={t.tokenPlaceholder}
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          enterKeyHint="go"
          aria-describedby={`${inputId}-hint`}
          className={controlClasses(false, 'min-h-14 flex-1 font-mono text-base')}
        />
        <Button
          type="submit"
          size="lg"
          loading={busy}
          icon={<ScanLine aria-hidden="true" className="size-5" />}
        >
          {t.checkIn}
        </Button>
      </form>
      <p id={`${inputId}-hint`} className="mt-2 text-sm text-slate-600">
        {t.hint}
      </p>

      <div className="mt-4 empty:hidden" aria-live="polite">
        {outcome?.kind === 'error' && (
          <ErrorBox message={outcome.message} headingLevel={3} onRetry={outcome.retry} />
        )}
        {outcome?.kind === 'moved' && (
          <div className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-900">
            <p className="text-base font-semibold">
              {outcome.move === 'checkIn'
                ? checkedInText(t, outcome.visitor)
                : t.checkedOut({
                    name: outcome.visitor.name,
                    house: outcome.visitor.houseId.houseNumber,
                  })}
            </p>
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
            checkingOut={busy}
            onCheckOut={() => void onRecurringCheckOut(outcome.pass)}
          />
        )}
        {outcome?.kind === 'shown' && (
          <PassResult
            visitor={outcome.visitor}
            headingLevel={3}
            refusal={outcome.refusal}
            offline={outcome.offline ?? null}
            checkingOut={busy}
            onCheckOut={() => void onCheckOut(outcome.visitor, outcome.offline)}
          />
        )}
      </div>
    </section>
  );
}

/** Whether the server said it knows no such pass (404). */
function isNotFound(error: unknown): boolean {
  return toAppError(error).status === 404;
}
