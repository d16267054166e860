/**
 * "A new version is available — Reload" (docs/gate.md#installing-the-app): shown in the shell when
 * a new
 * version of the app has been installed while this one runs. Never forced, so that a guard
 * is not interrupted in the middle of a check-in: the page reloads only when Reload is chosen.
 */
import { RefreshCw } from 'lucide-react';
import { useState } from 'react';

import { Button } from '../../components/Button';
import { useWaitingUpdate } from '../../lib/app-update';
import { i18n, useMessages } from '../../lib/i18n';

const messages = i18n('UpdatePrompt', {
  available: 'A new version is available',
  reload: 'Reload',
});

export function UpdatePrompt() {
  const t = useMessages(messages);
  const apply = useWaitingUpdate();
  const [reloading, setReloading] = useState(false);
  return (
    // A live region that is always there, so that the offer is announced when it appears.
    <div role="status" className="empty:hidden">
      {apply && (
        <div className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-sky-300 bg-sky-50 px-4 py-3 text-sky-900">
          <RefreshCw aria-hidden="true" className="size-5 shrink-0" />
          <p className="min-w-0 flex-1 text-sm font-medium">
            {t.available}
            <span aria-hidden="true"> — </span>
          </p>
          <Button
            variant="secondary"
            size="md"
            loading={reloading}
            onClick={() => {
              setReloading(true);
              apply().catch((error: unknown) => {
                console.error('The new version could not be activated', error);
                setReloading(false);
              });
            }}
          >
            {t.reload}
          </Button>
        </div>
      )}
    </div>
  );
}
