/**
 * /guard/scan: verify a pass by its token or code, typed, pasted, from a hardware scanner or
 * from the camera, then check the visitor in or out (docs/product.md#screens-and-routes,
 * docs/product.md#statuses-and-their-badges, docs/product.md#forms-and-their-messages). The field
 * owns
 * the keyboard and the focus of the screen (scanner-capture.ts); every move goes through the
 * one gate path (lib/gate-moves.ts): done, or saved on this tablet, within a second.
 */
import {
  isRecurringPass,
  passCodeOf,
  recurringPassCodeOf,
  ZScanRequest,
  type RecurringPassWithEntries,
} from '@gatehouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Camera, ScanLine, UserPlus } from 'lucide-react';
import { useId, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';

import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { controlClasses } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { connectionState } from '../../lib/connection';
import { toAppError } from '../../lib/errors';
import { failureText, isConnectionFailure } from '../../lib/failures';
import { useGateMove, type GateMoveOutcome } from '../../lib/gate-moves';
import { i18n, translateValidation, useMessages } from '../../lib/i18n';
import { useToast } from '../../lib/toasts';
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
  codeNotFoundMessage,
  scanFailedMessage,
  type GateMove,
  typedDigitsOf,
} from './gate-messages';
import {
  savedMoveMessage,
  unknownPassOfflineMessage,
  verifyOffline,
  type GateVisitor,
  type OfflineBasis,
} from './offline-gate';
import { PassResult } from './PassResult';
import { RecurringPassResult } from './RecurringPassResult';
import { useScannerCapture } from './scanner-capture';

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
 * The scan screen. Approved passes offer Check In Visitor, checked-in ones Check Out
 * Visitor; any other pass is shown refused. Results are said in the page (a notice after a
 * check-in or check-out), never in a browser dialog.
 */
export function ScanPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const move = useGateMove();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [visitor, setVisitor] = useState<GateVisitor | null>(null);
  // A recurring pass found by the scan, and the server's refusal of its move.
  const [recurring, setRecurring] = useState<RecurringPassWithEntries | null>(null);
  const [recurringRefusal, setRecurringRefusal] = useState<string | null>(null);
  // Set when the pass on screen was verified offline from the gate pack.
  const [offline, setOffline] = useState<OfflineBasis | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [moving, setMoving] = useState<GateMove | null>(null);
  // The last scan got no answer: its error offers Retry.
  const [retryToken, setRetryToken] = useState<string | null>(null);
  const { showToast } = useToast();
  const isAdmin = useCurrentUser().role === 'admin';

  /** Clears the result and the errors. */
  const clearResult = () => {
    setTokenError(null);
    setActionError(null);
    setRetryToken(null);
    setVisitor(null);
    setRecurring(null);
    setRecurringRefusal(null);
    setOffline(null);
    setRefusal(null);
  };

  /** Shows the result on screen, the field ready for the next pass. */
  const showResult = (
    shown: GateVisitor,
    basis: OfflineBasis | null = null,
    reason: string | null = null,
  ) => {
    setVisitor(shown);
    setOffline(basis);
    setRefusal(reason);
    ready();
    // On a phone the result is below the fold; bring it up.
    requestAnimationFrame(() =>
      resultRef.current?.scrollIntoView?.({
        behavior: window.matchMedia?.('(prefers-reduced-motion: reduce)').matches
          ? 'auto'
          : 'smooth',
        block: 'start',
      }),
    );
  };

  /** A typed code that names no open pass: said plainly, kept selected in the field to correct one digit. */
  const codeNotFound = (typed: string, digits: string) => {
    if (inputRef.current) inputRef.current.value = typed;
    setActionError(codeNotFoundMessage(digits));
    ready(true);
  };

  /**
   * The server cannot be reached: the pass is looked up in the gate pack. False when this
   * device has no pack (the caller then says the server cannot be reached).
   */
  const verifyFromPack = async (value: string): Promise<boolean> => {
    const found = await verifyOffline(value);
    if (found.kind === 'no-pack') return false;
    if (found.kind === 'unknown') {
      const code = passCodeOf(value) ?? recurringPassCodeOf(value) ?? typedDigitsOf(value);
      if (code) codeNotFound(value, code);
      else {
        setActionError(unknownPassOfflineMessage(found.basis));
        ready();
      }
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
        const code = passCodeOf(input.token) ?? recurringPassCodeOf(input.token) ?? typedDigitsOf(input.token);
        if (code && toAppError(error).status === 404) return codeNotFound(input.token, code);
        setActionError(failureText(error, scanFailedMessage()));
        setRetryToken(isConnectionFailure(error) ? input.token : null);
        ready();
      },
    }),
  );

  /** After a check-in or check-out, done or saved on this tablet: the notice, the result cleared, the lists refreshed. */
  const afterMove = (action: GateMove, outcome: Exclude<GateMoveOutcome, { kind: 'refused' }>) => {
    showToast(
      outcome.kind === 'saved'
        ? savedMoveMessage(action)
        : action === 'checkIn'
          ? checkedInMessage()
          : checkedOutMessage(),
    );
    clearResult();
    void queryClient.invalidateQueries({ queryKey: trpc.visitors.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.gate.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.passes.pathKey() });
    if (action === 'checkIn') navigate('/guard');
    else ready();
  };

  /**
   * Check In or Check Out of the pass on screen (a visitor or a recurring pass), through the
   * one gate path; a refusal is shown as the pass's reason.
   */
  const onMove = async (
    action: GateMove,
    subject: { id: string; name: string; houseNumber: string },
    options: { pass?: boolean; override?: { notes: string } } = {},
  ) => {
    setMoving(action);
    const outcome = await move({
      action: action === 'checkIn' ? 'check-in' : 'check-out',
      subject,
      ...(options.override ? { override: options.override } : {}),
    });
    setMoving(null);
    if (outcome.kind !== 'refused') return afterMove(action, outcome);
    const reason = failureText(
      outcome.error,
      action === 'checkIn' ? checkInFailedMessage() : checkOutFailedMessage(),
    );
    if (options.pass) setRecurringRefusal(reason);
    else setActionError(reason);
    ready();
  };
  const visitorSubject = (shown: GateVisitor) => ({
    id: shown.id,
    name: shown.name,
    houseNumber: shown.houseId.houseNumber,
  });

  /** Verifies `value` (typed, pasted, from a hardware scanner or from the camera). */
  const verify = (value: string) => {
    clearResult();
    const parsed = ZScanRequest.safeParse({ token: value });
    if (!parsed.success) {
      setTokenError(translateValidation(parsed.error.issues[0]?.message ?? 'Please enter a token'));
      ready();
      return;
    }
    const token = parsed.data.token;
    if (inputRef.current) inputRef.current.value = '';
    // Known to be offline: straight to the pack (no request to wait for); else the server first.
    if (connectionState() !== 'online')
      void verifyFromPack(token).then((done) => {
        if (!done) scan.mutate({ token });
      });
    else scan.mutate({ token });
  };

  // The scanner's Enter (an empty field does nothing) and every key typed on the screen.
  const ready = useScannerCapture({ inputRef, onScan: verify });

  // The Verify button: an empty field is said so.
  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    verify(inputRef.current?.value ?? '');
  };

  /** A code the camera read: shown in the field, verified at once, the field ready for the next. */
  const onCameraCode = (value: string) => {
    if (scan.isPending) return;
    verify(value);
  };

  // The pass on screen follows live updates (docs/gate.md#live-updates): a resident's decision, a
  // check-in elsewhere.
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
          <ButtonLink
            href="/guard/walk-in"
            size="lg"
            variant="secondary"
            icon={<UserPlus aria-hidden="true" className="size-5" />}
          >
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
              defaultValue=""
              onInput={() => setTokenError(null)}
              placeholder={t.tokenPlaceholder}
              autoComplete="off"
              autoCapitalize="off"
              autoCorrect="off"
              spellCheck={false}
              enterKeyHint="go"
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
            onRetry={retryToken ? () => verify(retryToken) : undefined}
            onDismiss={() => {
              setActionError(null);
              setRetryToken(null);
            }}
          />
        )}

        {visitor && (
          <div ref={resultRef} className="scroll-mt-20">
            <PassResult
              visitor={visitor}
              offline={offline}
              refusal={refusal}
              checkingIn={moving === 'checkIn'}
              checkingOut={moving === 'checkOut'}
              onCheckIn={() => void onMove('checkIn', visitorSubject(visitor))}
              onCheckOut={() => void onMove('checkOut', visitorSubject(visitor))}
              // docs/operations.md#blocklist: only an admin may check in a blocklisted visitor,
              // with notes (online only).
              {...(isAdmin && !offline
                ? {
                    onOverride: (notes: string) =>
                      void onMove('checkIn', visitorSubject(visitor), { override: { notes } }),
                    overriding: moving === 'checkIn',
                  }
                : {})}
            />
          </div>
        )}
        {recurring && (
          <RecurringPassResult
            pass={recurring}
            refusal={recurringRefusal}
            checkingIn={moving === 'checkIn'}
            checkingOut={moving === 'checkOut'}
            onCheckIn={() =>
              void onMove(
                'checkIn',
                {
                  id: recurring.id,
                  name: recurring.name,
                  houseNumber: recurring.houseId.houseNumber,
                },
                { pass: true },
              )
            }
            onCheckOut={() =>
              void onMove(
                'checkOut',
                {
                  id: recurring.id,
                  name: recurring.name,
                  houseNumber: recurring.houseId.houseNumber,
                },
                { pass: true },
              )
            }
          />
        )}
        <CameraScanner onCode={onCameraCode} />
      </div>
    </div>
  );
}
