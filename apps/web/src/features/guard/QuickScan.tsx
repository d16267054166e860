/**
 * The guard dashboard's quick scan (live-gate §1, the gate ergonomics of the live-gate
 * issue): a token field that has focus on arrival and again after every result, so that a
 * USB or Bluetooth scanner (which types the token, then Enter) can process visitor after
 * visitor with no touch. An approved pass is checked in at once; a checked-in one is shown
 * with a large Check Out; anything else is shown refused with its reason. Each scan
 * replaces the field's previous value instead of being appended to it.
 */
import { ZScanRequest, type Visitor } from '@gatehouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { ScanLine } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';

import { Button } from '../../components/Button';
import { ErrorBox } from '../../components/ErrorBox';
import { controlClasses } from '../../components/Field';
import { failureText, isConnectionFailure } from '../../lib/failures';
import { useToast } from '../../lib/toasts';
import { useTRPC, useTRPCClient } from '../../lib/trpc';
import {
  CHECK_IN_FAILED_MESSAGE,
  CHECK_OUT_FAILED_MESSAGE,
  CHECKED_IN_MESSAGE,
  CHECKED_OUT_MESSAGE,
  lostMoveNotSavedMessage,
  lostMoveUnknownMessage,
  SCAN_FAILED_MESSAGE,
  type GateMove,
} from './gate-messages';
import { settleLostMove } from './lost-moves';
import { PassResult } from './PassResult';

/** The last scan's outcome, shown under the field. */
type Outcome =
  | { kind: 'checked-in'; visitor: Visitor }
  | { kind: 'shown'; visitor: Visitor; refusal: string | null }
  | { kind: 'error'; message: string; retry?: () => void };

export function QuickScan() {
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
  const busy = scan.isPending || checkIn.isPending;

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
      setOutcome({ kind: 'error', message: parsed.error.issues[0]?.message ?? 'Please enter a token' });
      return ready();
    }
    setOutcome(null);
    let visitor: Visitor;
    try {
      visitor = await scan.mutateAsync({ token: parsed.data.token });
    } catch (error) {
      const again = parsed.data.token;
      setOutcome({
        kind: 'error',
        message: failureText(error, SCAN_FAILED_MESSAGE),
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

  /**
   * Checks `visitor` in or out. When the answer is lost (usable-by-everyone issue, item 6)
   * the visitor is read again first: the move may have been saved before the connection
   * dropped; else it is offered again with Retry.
   */
  const moveVisitor = async (move: GateMove, visitor: Visitor, checkFirst = false): Promise<void> => {
    const succeeded = (moved: Visitor) => {
      if (move === 'checkIn') {
        setOutcome({ kind: 'checked-in', visitor: moved });
        showToast(CHECKED_IN_MESSAGE);
      } else {
        setOutcome(null);
        showToast(CHECKED_OUT_MESSAGE);
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
      succeeded(await (move === 'checkIn' ? checkIn : checkOut).mutateAsync({ visitorId: visitor.id }));
    } catch (error) {
      if (isConnectionFailure(error)) return lost();
      // The server refused (outside the window, or the status changed meanwhile): say why.
      const fallback = move === 'checkIn' ? CHECK_IN_FAILED_MESSAGE : CHECK_OUT_FAILED_MESSAGE;
      setOutcome({ kind: 'shown', visitor, refusal: failureText(error, fallback) });
    }
  };

  const onCheckOut = async (visitor: Visitor) => {
    await moveVisitor('checkOut', visitor);
    ready();
  };

  return (
    <section aria-labelledby={`${inputId}-title`} className="mb-6 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <h2 id={`${inputId}-title`} className="text-lg font-semibold text-slate-900">
        Quick scan
      </h2>
      <form onSubmit={onSubmit} noValidate className="mt-3 flex flex-col gap-3 sm:flex-row">
        <label htmlFor={inputId} className="sr-only">
          Pass token or code
        </label>
        <input
          id={inputId}
          ref={inputRef}
          value={token}
          onChange={(event) => setToken(event.target.value)}
          placeholder="Scan or type a pass, then Enter"
          autoComplete="off"
          autoCapitalize="off"
          autoCorrect="off"
          spellCheck={false}
          aria-describedby={`${inputId}-hint`}
          className={controlClasses(false, 'min-h-14 flex-1 font-mono text-base')}
        />
        <Button type="submit" size="lg" loading={busy} icon={<ScanLine aria-hidden="true" className="size-5" />}>
          Check In
        </Button>
      </form>
      <p id={`${inputId}-hint`} className="mt-2 text-sm text-slate-600">
        An approved pass is checked in at once; a visitor who is inside is offered Check Out.
      </p>

      <div className="mt-4 empty:hidden">
        {outcome?.kind === 'error' && <ErrorBox message={outcome.message} headingLevel={3} onRetry={outcome.retry} />}
        {outcome?.kind === 'checked-in' && (
          <p className="rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-base font-semibold text-emerald-900">
            {outcome.visitor.name} checked in: house {outcome.visitor.houseId.houseNumber},{' '}
            {outcome.visitor.hostId ? `host ${outcome.visitor.hostId.name}` : 'walk-in'}
            {outcome.visitor.purpose ? `, ${outcome.visitor.purpose}` : ''}.
          </p>
        )}
        {outcome?.kind === 'shown' && (
          <PassResult
            visitor={outcome.visitor}
            headingLevel={3}
            refusal={outcome.refusal}
            checkingOut={checkOut.isPending}
            onCheckOut={() => void onCheckOut(outcome.visitor)}
          />
        )}
      </div>
    </section>
  );
}
