/** /guard/scan: verify a pass token and check the visitor in or out (product-spec §2, §4, §5). */
import { formatDisplayDate, formatTimeRange, ZScanRequest, type Visitor } from '@gatehouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { Camera, CheckCircle2, LogIn, LogOut, ScanLine } from 'lucide-react';
import { useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { useLocation } from 'wouter';

import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { controlClasses } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { StatusBadge, visitorStatusLabel } from '../../components/StatusBadge';
import { toAppError } from '../../lib/errors';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import {
  CHECK_IN_FAILED_MESSAGE,
  CHECK_OUT_FAILED_MESSAGE,
  CHECKED_IN_MESSAGE,
  CHECKED_OUT_MESSAGE,
  SCAN_FAILED_MESSAGE,
} from './gate-messages';

function Fact({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="rounded-xl bg-slate-50 px-4 py-3">
      <dt className="text-xs font-medium tracking-wide text-slate-500 uppercase">{term}</dt>
      <dd className="mt-1 text-base font-semibold break-words text-slate-900">{children}</dd>
    </div>
  );
}

/** Why a pass in another status cannot be used at the gate. */
function blockedReason(visitor: Visitor): string {
  return `This pass is ${visitorStatusLabel(visitor.status).toLowerCase()}: the visitor cannot be checked in or out.`;
}

/**
 * The scan screen. A camera scanner is to come; for now the guard types or pastes the
 * token. Approved passes offer Check In Visitor, checked-in ones Check Out Visitor.
 */
export function ScanPage() {
  useDocumentTitle('Scan QR');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const resultRef = useRef<HTMLDivElement>(null);
  const [token, setToken] = useState('');
  const [tokenError, setTokenError] = useState<string | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);
  const [notice, setNotice] = useState<string | null>(null);
  const [visitor, setVisitor] = useState<Visitor | null>(null);

  const refreshVisitorLists = () =>
    queryClient.invalidateQueries({ queryKey: trpc.visitors.pathKey() });

  /** Clears the token, the result and the errors. */
  const clearForm = () => {
    setToken('');
    setTokenError(null);
    setActionError(null);
    setVisitor(null);
  };

  const scan = useMutation(
    trpc.visitors.scan.mutationOptions({
      onSuccess: (scanned) => {
        setVisitor(scanned);
        // On a phone the result is below the fold; bring it up.
        requestAnimationFrame(() =>
          resultRef.current?.scrollIntoView?.({ behavior: 'smooth', block: 'start' }),
        );
      },
      onError: (error) => setActionError(toAppError(error, SCAN_FAILED_MESSAGE).message),
    }),
  );

  const checkIn = useMutation(
    trpc.visitors.checkIn.mutationOptions({
      onSuccess: () => {
        window.alert(CHECKED_IN_MESSAGE);
        clearForm();
        void refreshVisitorLists();
        navigate('/guard/dashboard');
      },
      onError: (error) => setActionError(toAppError(error, CHECK_IN_FAILED_MESSAGE).message),
    }),
  );

  const checkOut = useMutation(
    trpc.visitors.checkOut.mutationOptions({
      onSuccess: () => {
        window.alert(CHECKED_OUT_MESSAGE);
        clearForm();
        setNotice(CHECKED_OUT_MESSAGE);
        void refreshVisitorLists();
        inputRef.current?.focus();
      },
      onError: (error) => setActionError(toAppError(error, CHECK_OUT_FAILED_MESSAGE).message),
    }),
  );

  // A form, so the Enter key verifies too.
  const onVerify = (event: FormEvent) => {
    event.preventDefault();
    setActionError(null);
    setNotice(null);
    setVisitor(null);
    const parsed = ZScanRequest.safeParse({ token });
    if (!parsed.success) {
      setTokenError(parsed.error.issues[0]?.message ?? 'Please enter a token');
      inputRef.current?.focus();
      return;
    }
    scan.mutate({ token: parsed.data.token });
  };

  const busy = checkIn.isPending || checkOut.isPending;

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title="Scan QR" subtitle="Verify a visitor's pass, then check them in or out." />

      <Card>
        <form onSubmit={onVerify} noValidate className="flex flex-col gap-4">
          <label htmlFor={inputId} className="text-base font-semibold text-slate-900">
            Visitor token
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
              placeholder="Type or paste the pass token"
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
              Verify
            </Button>
          </div>
          {tokenError ? (
            <p id={`${inputId}-error`} role="alert" className="text-sm font-medium text-red-600">
              {tokenError}
            </p>
          ) : (
            <p id={`${inputId}-hint`} className="flex items-center gap-2 text-sm text-slate-500">
              <Camera aria-hidden="true" className="size-4 shrink-0" />
              Camera scanner coming soon. For now, enter the token shown under the visitor&apos;s QR
              code.
            </p>
          )}
        </form>
      </Card>

      <div className="mt-6 flex flex-col gap-6">
        {notice && (
          <div
            role="status"
            className="flex items-center gap-3 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-emerald-800"
          >
            <CheckCircle2 aria-hidden="true" className="size-5 shrink-0" />
            <p className="text-sm font-semibold">{notice}</p>
          </div>
        )}
        {actionError && <ErrorBox message={actionError} onDismiss={() => setActionError(null)} />}

        {visitor && (
          <div ref={resultRef} className="scroll-mt-20">
            <Card
              title="Visitor Verified"
              description="Check the details against the visitor before letting them in."
            >
              <div className="mb-5 flex flex-wrap items-center justify-between gap-3">
                <h3 className="text-2xl font-bold text-slate-900">{visitor.name}</h3>
                <StatusBadge status={visitor.status} size="lg" />
              </div>
              <dl className="grid grid-cols-1 gap-3 sm:grid-cols-2">
                <Fact term="Phone">{visitor.phone}</Fact>
                <Fact term="House">
                  {visitor.houseId.houseNumber}, Block {visitor.houseId.block}
                </Fact>
                <Fact term="Date">{formatDisplayDate(visitor.visitDate)}</Fact>
                <Fact term="Time">
                  {formatTimeRange(visitor.visitTimeFrom, visitor.visitTimeTo)}
                </Fact>
                <Fact term="Vehicle">{visitor.vehicleLicensePlate ?? 'None'}</Fact>
                <Fact term="Status">{visitorStatusLabel(visitor.status)}</Fact>
              </dl>
              <div className="mt-6">
                {visitor.status === 'approved' ? (
                  <Button
                    size="lg"
                    className="w-full"
                    loading={checkIn.isPending}
                    disabled={busy}
                    onClick={() => checkIn.mutate({ visitorId: visitor.id })}
                    icon={<LogIn aria-hidden="true" className="size-5" />}
                  >
                    Check In Visitor
                  </Button>
                ) : visitor.status === 'checked-in' ? (
                  <Button
                    size="lg"
                    variant="secondary"
                    className="w-full"
                    loading={checkOut.isPending}
                    disabled={busy}
                    onClick={() => checkOut.mutate({ visitorId: visitor.id })}
                    icon={<LogOut aria-hidden="true" className="size-5" />}
                  >
                    Check Out Visitor
                  </Button>
                ) : (
                  <p className="rounded-xl border border-amber-200 bg-amber-50 p-4 text-sm font-medium text-amber-900">
                    {blockedReason(visitor)}
                  </p>
                )}
              </div>
            </Card>
          </div>
        )}
      </div>
    </div>
  );
}
