/** The shared error box of docs/product.md#how-the-app-shows-errors. */
import { AlertCircle } from 'lucide-react';

import { i18n, useMessages } from '../lib/i18n';
import { Button } from './Button';

const messages = i18n('ErrorBox', { error: 'Error', retry: 'Retry', dismiss: 'Dismiss' });

interface ErrorBoxProps {
  /** The message to show (server text or the screen's fallback). */
  message: string;
  /** Shows a Retry button. */
  onRetry?: () => void;
  /** Shows a Dismiss button. */
  onDismiss?: () => void;
  /** Heading level of 'Error', to keep the page's outline in order. */
  headingLevel?: 2 | 3;
  className?: string;
}

/** Heading 'Error', the message, optional Retry and Dismiss buttons; announced as an alert. */
export function ErrorBox({
  message,
  onRetry,
  onDismiss,
  headingLevel = 2,
  className,
}: ErrorBoxProps) {
  const t = useMessages(messages);
  const Heading = headingLevel === 2 ? 'h2' : 'h3';
  return (
    <div
      role="alert"
      className={`rounded-xl border border-red-200 bg-red-50 p-4 text-red-800 ${className ?? ''}`}
    >
      <div className="flex gap-3">
        <AlertCircle aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-red-600" />
        <div className="min-w-0 flex-1">
          <Heading className="text-sm font-semibold">{t.error}</Heading>
          <p className="mt-1 text-sm break-words text-red-700">{message}</p>
          {(onRetry || onDismiss) && (
            <div className="mt-3 flex flex-wrap gap-2">
              {onRetry && (
                <Button variant="secondary" size="sm" onClick={onRetry}>
                  {t.retry}
                </Button>
              )}
              {onDismiss && (
                <Button
                  variant="ghost"
                  size="sm"
                  onClick={onDismiss}
                  className="text-red-800 hover:bg-red-100"
                >
                  {t.dismiss}
                </Button>
              )}
            </div>
          )}
        </div>
      </div>
    </div>
  );
}
