/**
 * The app's own confirmation (docs/product.md#confirmations-and-notices): instead of the browser's
 * blocking `window.confirm`, an accessible modal dialog with the question and two real
 * buttons; focus starts on the safe choice. `useConfirm()` gives `confirm(request)`, which
 * resolves true when the action is confirmed, false when dismissed (the safe button,
 * Escape, the close button or the backdrop).
 */
import { createContext, lazy, Suspense, useCallback, useContext, useRef, useState, type ReactNode } from 'react';

// The dialog's code loads the first time a confirmation opens: /login loads only what it needs.
const ConfirmDialogView = lazy(() => import('./ConfirmDialogView'));

/** What a confirmation asks. */
export interface ConfirmRequest {
  /** The dialog's heading and accessible name, e.g. 'Cancel invitation?'. */
  title: string;
  /** The question, in the product's words. */
  message: string;
  /** The action's button, e.g. 'Cancel Invitation'. */
  confirmLabel: string;
  /** The safe button; 'Go Back' unless told. */
  dismissLabel?: string;
  /** Red for destructive actions (the default), else the brand colour. */
  tone?: 'danger' | 'primary';
}

type Confirm = (request: ConfirmRequest) => Promise<boolean>;

const ConfirmContext = createContext<Confirm | null>(null);

/** Keeps the one open confirmation of the app and shows it. */
export function ConfirmProvider({ children }: { children: ReactNode }) {
  const [request, setRequest] = useState<ConfirmRequest | null>(null);
  const resolver = useRef<((answer: boolean) => void) | null>(null);
  const confirm = useCallback<Confirm>(
    (next) =>
      new Promise<boolean>((resolve) => {
        resolver.current?.(false);
        resolver.current = resolve;
        setRequest(next);
      }),
    [],
  );
  const answer = (value: boolean) => {
    resolver.current?.(value);
    resolver.current = null;
    setRequest(null);
  };
  return (
    <ConfirmContext.Provider value={confirm}>
      {children}
      {request && (
        <Suspense fallback={null}>
          <ConfirmDialogView request={request} onAnswer={answer} />
        </Suspense>
      )}
    </ConfirmContext.Provider>
  );
}

/** `confirm(request)`: true when confirmed. Outside a provider (a lone component in a test) nothing is confirmed. */
export function useConfirm(): Confirm {
  return useContext(ConfirmContext) ?? (() => Promise.resolve(false));
}
