/** /guard/scan: verify a pass token and check the visitor in or out (product-spec §2, §4, §5). */
import { isRecurringPass, ZScanRequest, type RecurringPassWithEntries } from '@gatehouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Camera, ScanLine, UserPlus } from 'lucide-react';
import { useEffect, useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';

import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { controlClasses } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { connectionState } from '../../lib/connection';
import { failureText, isConnectionFailure } from '../../lib/failures';
import { chosenGateId } from '../../lib/gate-choice';
import { i18n, translateValidation, useMessages } from '../../lib/i18n';
import { useToast } from '../../lib/toasts';
import { useTRPCClient } from '../../lib/trpc';
import { useTRPC } from '../../lib/trpc-react';
import { useVisitorEvents } from '../../lib/live-updates';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCurrentUser } from '../../lib/session';
import { CameraScanner } from './CameraScanner';
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
  saveMoveOffline,
  savedMoveMessage,
  unknownPassOfflineMessage,
  verifyOffline,
  type GateVisitor,
  type OfflineBasis,
} from './offline-gate';
import { PassResult } from './PassResult';
import { RecurringPassResult } from './RecurringPassResult';

const messages = i18n('ScanPage', {
  title: 'Scan QR',
  subtitle: "Verify a visitor's pass, then check them in or out.",
  newWalkIn: 'New Walk-in',
  tokenLabel: 'Pass token or code',
  tokenPlaceholder: 'Scan, paste or type the token, or type the pass code',
  verify: 'Verify',
  hint: 'Hold the QR code to the camera, scan it with a scanner, or type the pass code the visitor reads out.',
});

/**
 * The scan screen. The guard types or pastes the token, or a hardware scanner types it:
 * the field has focus on arrival and after every result, and its text is selected then,
 * so the next scan replaces it. Approved passes offer Check In Visitor, checked-in ones
 * Check Out Visitor; any other pass is shown refused. Results are said in the page (a
 * notice after a check-in or check-out), never in a browser dialog.
 */
export function ScanPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const [token, setToken] = useState('');
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [visitor, setVisitor] = useState<GateVisitor | null>(null);
  // operations §1: a recurring pass found by the scan, and the server's refusal of its move.
  const [recurring, setRecurring] = useState<RecurringPassWithEntries | null>(null);
  const [recurringRefusal, setRecurringRefusal] = useState<string | null>(null);
  // Set when the pass on screen was verified offline from the gate pack (offline-gate §2).
  const [offline, setOffline] = useState<OfflineBasis | null>(null);
  const [offlineRefusal, setOfflineRefusal] = useState<string | null>(null);
  const [savingOffline, setSavingOffline] = useState(false);
  // A move whose answer was lost, and whether it is still unknown if it was saved.
  const [lostMove, setLostMove] = useState<{ move: GateMove; visitorId: string; checkFirst: boolean } | null>(null);
  // Whether the last scan got no answer (its error then offers Retry).
  const [scanRetryable, setScanRetryable] = useState(false);
  const trpcClient = useTRPCClient();
  const { showToast } = useToast();
  const isAdmin = useCurrentUser().role === 'admin';

  /** Focus on the field with its text selected: the next scan replaces it. */
  const ready = () => {
    inputRef.current?.focus();
    inputRef.current?.select();
  };
  useEffect(ready, []);

  const refreshVisitorLists = () =>
    queryClient.invalidateQueries({ queryKey: trpc.visitors.pathKey() });

  /** Clears the token, the result and the errors. */
  const clearForm = () => {
    setToken('');
    setTokenError(null);
    setActionError(null);
    setVisitor(null);
    setRecurring(null);
    setRecurringRefusal(null);
    setOffline(null);
    setOfflineRefusal(null);
  };

  /** Shows the result on screen, the field ready for the next pass. */
  const showResult = (shown: GateVisitor, basis: OfflineBasis | null = null, refusal: string | null = null) => {
    setVisitor(shown);
    setOffline(basis);
    setOfflineRefusal(refusal);
    ready();
    // On a phone the result is below the fold; bring it up.
    requestAnimationFrame(() =>
      resultRef.current?.scrollIntoView?.({
        behavior: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches ? 'auto' : 'smooth',
        block: 'start',
      }),
    );
  };

  /**
   * The server cannot be reached: the pass is looked up in the gate pack (offline-gate §2).
   * False when this device has no pack (the caller then says the server cannot be reached).
   */
  const verifyFromPack = async (value: string): Promise<boolean> => {
    const found = await verifyOffline(value);
    if (found.kind === 'no-pack') return false;
    if (found.kind === 'unknown') {
      setActionError(unknownPassOfflineMessage(found.basis));
      setScanRetryable(false);
      ready();
      return true;
    }
    showResult(found.visitor, found.basis, found.refusal);
    return true;
  };

  const scan = useMutation(
    trpc.visitors.scan.mutationOptions({
      onSuccess: (scanned) => {
        if (!isRecurringPass(scanned)) return showResult(scanned);
        setRecurring(scanned);
        setRecurringRefusal(null);
        ready();
      },
      onError: async (error, input) => {
        if (isConnectionFailure(error) && (await verifyFromPack(input.token))) return;
        setActionError(failureText(error, scanFailedMessage()));
        setScanRetryable(isConnectionFailure(error));
        ready();
      },
    }),
  );

  /** After a check-in or check-out: the notice, the form cleared, the lists refreshed. */
  const moved = (move: GateMove) => {
    showToast(move === 'checkIn' ? checkedInMessage() : checkedOutMessage());
    setLostMove(null);
    clearForm();
    void refreshVisitorLists();
    if (move === 'checkIn') navigate('/guard/dashboard');
    else ready();
  };

  /**
   * A move failed. When its answer was lost (usable-by-everyone issue, item 6), the visitor
   * is read again first: it may have been saved before the connection dropped.
   */
  const moveFailed = async (move: GateMove, visitorId: string, error: unknown) => {
    if (!isConnectionFailure(error)) {
      setLostMove(null);
      setActionError(failureText(error, move === 'checkIn' ? checkInFailedMessage() : checkOutFailedMessage()));
      return ready();
    }
    const settled = await settleLostMove(trpcClient, visitorId, move);
    if (settled === 'done') return moved(move);
    setLostMove({ move, visitorId, checkFirst: settled === 'unknown' });
    setActionError(settled === 'unknown' ? lostMoveUnknownMessage(move) : lostMoveNotSavedMessage(move));
    ready();
  };

  const checkIn = useMutation(
    trpc.visitors.checkIn.mutationOptions({
      onSuccess: () => moved('checkIn'),
      onError: (error, input) => void moveFailed('checkIn', input.visitorId, error),
    }),
  );

  const checkOut = useMutation(
    trpc.visitors.checkOut.mutationOptions({
      onSuccess: () => moved('checkOut'),
      onError: (error, input) => void moveFailed('checkOut', input.visitorId, error),
    }),
  );

  // operations §1: a recurring pass's moves (the same procedures; a refusal is shown on its card).
  const passMoveOptions = (move: GateMove) => ({
    onSuccess: () => {
      // Inside now and the resident's pass pages read the pass's entries.
      void queryClient.invalidateQueries({ queryKey: trpc.gate.pathKey() });
      void queryClient.invalidateQueries({ queryKey: trpc.passes.pathKey() });
      moved(move);
    },
    onError: (error: unknown) => {
      setRecurringRefusal(failureText(error, move === 'checkIn' ? checkInFailedMessage() : checkOutFailedMessage()));
      ready();
    },
  });
  const passCheckIn = useMutation(trpc.visitors.checkIn.mutationOptions(passMoveOptions('checkIn')));
  const passCheckOut = useMutation(trpc.visitors.checkOut.mutationOptions(passMoveOptions('checkOut')));

  /**
   * A move while the server cannot be reached (offline-gate §3): saved on this tablet and
   * sent when the link returns; the screen moves on as after a check-in or check-out.
   */
  const moveOffline = async (move: GateMove, shown: GateVisitor) => {
    setSavingOffline(true);
    try {
      await saveMoveOffline(move, shown);
    } finally {
      setSavingOffline(false);
    }
    showToast(savedMoveMessage(move));
    setLostMove(null);
    clearForm();
    if (move === 'checkIn') navigate('/guard/dashboard');
    else ready();
  };

  /** Check In or Check Out of the pass on screen: online through the server, else on this tablet. */
  const onMove = (move: GateMove, shown: GateVisitor) => {
    if (offline || connectionState() !== 'online') return void moveOffline(move, shown);
    (move === 'checkIn' ? checkIn : checkOut).mutate({ visitorId: shown.id, gateId: chosenGateId() });
  };

  /** Retry after a lost answer: reads the visitor first when that could not be done, then moves. */
  const retryLostMove = async () => {
    if (!lostMove) return;
    setActionError(null);
    if (lostMove.checkFirst) {
      const settled = await settleLostMove(trpcClient, lostMove.visitorId, lostMove.move);
      if (settled === 'done') return moved(lostMove.move);
      if (settled === 'unknown') return setActionError(lostMoveUnknownMessage(lostMove.move));
    }
    (lostMove.move === 'checkIn' ? checkIn : checkOut).mutate({ visitorId: lostMove.visitorId, gateId: chosenGateId() });
  };

  /** Retry of a scan that got no answer. */
  const [lastScanned, setLastScanned] = useState<string | null>(null);

  /** Verifies `value` (typed, pasted, from a hardware scanner or from the camera). */
  const verify = (value: string) => {
    setActionError(null);
    setScanRetryable(false);
    setLostMove(null);
    setVisitor(null);
    setRecurring(null);
    setRecurringRefusal(null);
    setOffline(null);
    setOfflineRefusal(null);
    const parsed = ZScanRequest.safeParse({ token: value });
    if (!parsed.success) {
      setTokenError(translateValidation(parsed.error.issues[0]?.message ?? 'Please enter a token'));
      inputRef.current?.focus();
      return;
    }
    setLastScanned(parsed.data.token);
    const token = parsed.data.token;
    // Known to be offline: straight to the pack (no request to wait for); else the server first.
    if (connectionState() !== 'online')
      void verifyFromPack(token).then((done) => {
        if (!done) scan.mutate({ token });
      });
    else scan.mutate({ token });
  };

  // A form, so the Enter key verifies too.
  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    verify(token);
  };

  /** A code the camera read: shown in the field, verified at once, the field ready for the next. */
  const onCameraCode = (value: string) => {
    if (scan.isPending) return;
    setToken(value);
    setTokenError(null);
    verify(value);
    ready();
  };

  // The pass on screen follows live updates (live-gate §3): a resident's decision, a check-in elsewhere.
  useVisitorEvents((event) => {
    if (offline) return;
    setVisitor((shown) => (shown && shown.id === event.visitor.id ? event.visitor : shown));
  });

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <ButtonLink href="/guard/walk-in" size="lg" variant="secondary" icon={<UserPlus aria-hidden="true" className="size-5" />}>
            {t.newWalkIn}
          </ButtonLink>
        }
      />

      <Card>
        <form onSubmit={onVerify} noValidate className="flex flex-col gap-4">
          <label htmlFor={inputId} className="text-base font-semibold text-slate-900">
            {t.tokenLabel}
          </label>
          <div className="flex flex-col gap-3 sm:flex-row">
            <input
              id={inputId}
              ref={inputRef}
              value={token}
              onChange={(event) => {
                setToken(event.target.value);
                setTokenError(null);
              }}
              placeholder={t.tokenPlaceholder}
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              aria-invalid={tokenError ? true : undefined}
              aria-describedby={tokenError ? `${inputId}-error` : `${inputId}-hint`}
              className={controlClasses(
                Boolean(tokenError),
                'min-h-14 flex-1 font-mono text-base sm:text-base',
              )}
            />
            <Button
              type="submit"
              size="lg"
              loading={scan.isPending}
              icon={<ScanLine aria-hidden="true" className="size-5" />}
            >
              {t.verify}
            </Button>
          </div>
          {tokenError ? (
            <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-red-600">
              {tokenError}
            </p>
          ) : (
            <p id={`${inputId}-hint`} className="flex items-center gap-2 text-sm text-slate-500">
              <Camera aria-hidden="true" className="size-4 shrink-0" />
              {t.hint}
            </p>
          )}
        </form>
      </Card>

      <div className="mt-6 flex flex-col gap-6">
        {actionError && (
          <ErrorBox
            message={actionError}
            onRetry={
              lostMove
                ? () => void retryLostMove()
                : scanRetryable && lastScanned
                  ? () => verify(lastScanned)
                  : undefined
            }
            onDismiss={() => {
              setActionError(null);
              setLostMove(null);
            }}
          />
        )}

        {visitor && (
          <div ref={resultRef} className="scroll-mt-20">
            <PassResult
              visitor={visitor}
              offline={offline}
              refusal={offlineRefusal}
              checkingIn={checkIn.isPending || savingOffline}
              checkingOut={checkOut.isPending || savingOffline}
              onCheckIn={() => onMove('checkIn', visitor)}
              onCheckOut={() => onMove('checkOut', visitor)}
              // operations §3: only an admin may check in a blocklisted visitor, with notes (online only).
              {...(isAdmin && !offline
                ? { onOverride: (notes: string) => checkIn.mutate({ visitorId: visitor.id, gateId: chosenGateId(), override: true, notes }), overriding: checkIn.isPending }
                : {})}
            />
          </div>
        )}
        {recurring && (
          <RecurringPassResult
            pass={recurring}
            refusal={recurringRefusal}
            checkingIn={passCheckIn.isPending}
            checkingOut={passCheckOut.isPending}
            onCheckIn={() => passCheckIn.mutate({ visitorId: recurring.id, gateId: chosenGateId() })}
            onCheckOut={() => passCheckOut.mutate({ visitorId: recurring.id, gateId: chosenGateId() })}
          />
        )}
        <CameraScanner onCode={onCameraCode} />
      </div>
    </div>
  );
}
