/**
 * The app's own notices in place of browser dialogs (docs/product.md#confirmations-and-notices): a
 * short
 * message that says what just happened ("Visitor checked in successfully!"), shown at the
 * bottom of the screen for about 4 s in a polite live region, so a screen reader
 * announces it and focus stays where the user is working. A notice outlives the route
 * change that often follows it (a check-in lands on the guard dashboard).
 */
import clsx from 'clsx';
import { CheckCircle2, Info, X } from 'lucide-react';
import { createContext, useCallback, useContext, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';

import { i18n, useMessages } from './i18n';

const messages = i18n('Toaster', { dismiss: 'Dismiss notice' });

/** How long a notice stays, in ms. */
export const TOAST_DURATION_MS = 4_000;

export type ToastTone = 'success' | 'info';

interface Toast {
  id: number;
  message: string;
  tone: ToastTone;
}

interface ToastApi {
  /** Shows `message` for TOAST_DURATION_MS. */
  showToast: (message: string, tone?: ToastTone) => void;
}

const ToastContext = createContext<ToastApi | null>(null);
const ToastListContext = createContext<{ toasts: Toast[]; dismiss: (id: number) => void }>({
  toasts: [],
  dismiss: () => {},
});

/** Keeps the notices; `<Toaster />` shows them. */
export function ToastProvider({ children }: { children: ReactNode }) {
  const [toasts, setToasts] = useState<Toast[]>([]);
  const nextId = useRef(1);
  // Each notice's timer, cleared when the provider goes (a sign-out, a test's end).
  const timers = useRef(new Set<ReturnType<typeof setTimeout>>());
  useEffect(() => {
    const pending = timers.current;
    return () => {
      for (const timer of pending) clearTimeout(timer);
      pending.clear();
    };
  }, []);
  const dismiss = useCallback((id: number) => setToasts((all) => all.filter((toast) => toast.id !== id)), []);
  const showToast = useCallback(
    (message: string, tone: ToastTone = 'success') => {
      const id = nextId.current++;
      // The newest three are enough; older ones would only push the screen's content. The
      // same notice again (a double read at the gate) replaces the one shown, not a second copy.
      setToasts((all) => [...all.filter((toast) => toast.message !== message || toast.tone !== tone).slice(-2), { id, message, tone }]);
      const timer = setTimeout(() => {
        timers.current.delete(timer);
        dismiss(id);
      }, TOAST_DURATION_MS);
      timers.current.add(timer);
    },
    [dismiss],
  );
  const api = useMemo(() => ({ showToast }), [showToast]);
  const list = useMemo(() => ({ toasts, dismiss }), [toasts, dismiss]);
  return (
    <ToastContext.Provider value={api}>
      <ToastListContext.Provider value={list}>{children}</ToastListContext.Provider>
    </ToastContext.Provider>
  );
}

/** `showToast(message, tone?)`; outside a provider (screen tests of a single component) it does nothing. */
export function useToast(): ToastApi {
  return useContext(ToastContext) ?? { showToast: () => {} };
}

/** The live region the notices appear in; always mounted so that each new one is announced. */
export function Toaster() {
  const t = useMessages(messages);
  const { toasts, dismiss } = useContext(ToastListContext);
  return (
    <div
      role="status"
      aria-live="polite"
      className="pointer-events-none fixed inset-x-0 bottom-24 z-40 flex flex-col items-center gap-2 px-4 lg:bottom-6"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          className={clsx(
            'pointer-events-auto flex w-full max-w-md items-center gap-3 rounded-xl border px-4 py-3 shadow-lg',
            toast.tone === 'success'
              ? 'border-emerald-200 bg-emerald-50 text-emerald-900'
              : 'border-sky-200 bg-sky-50 text-sky-900',
          )}
        >
          {toast.tone === 'success' ? (
            <CheckCircle2 aria-hidden="true" className="size-5 shrink-0 text-emerald-700" />
          ) : (
            <Info aria-hidden="true" className="size-5 shrink-0 text-sky-700" />
          )}
          <p className="min-w-0 flex-1 text-sm font-semibold break-words">{toast.message}</p>
          <button
            type="button"
            onClick={() => dismiss(toast.id)}
            className="-m-2 flex size-11 shrink-0 items-center justify-center rounded-lg text-current hover:bg-black/5"
            aria-label={t.dismiss}
          >
            <X aria-hidden="true" className="size-4" />
          </button>
        </div>
      ))}
    </div>
  );
}
