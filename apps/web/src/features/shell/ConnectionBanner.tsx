/**
 * The banner that says when the server cannot be reached (usable-by-everyone issue, item 6):
 * offline, or online but the server does not answer; with Retry, which asks the server at
 * once (it is also asked every few seconds). Announced politely; gone when the link is back.
 */
import { CloudOff, WifiOff } from 'lucide-react';
import { useState } from 'react';

import { Button } from '../../components/Button';
import { probeServer, useConnectionState } from '../../lib/connection';
import { i18n, useMessages } from '../../lib/i18n';

export const OFFLINE_BANNER = 'You are offline. Nothing can be saved until the connection returns.';
export const UNREACHABLE_BANNER = 'Cannot reach the Gatehouse server. Trying again every few seconds.';

const messages = i18n('ConnectionBanner', {
  offline: OFFLINE_BANNER,
  unreachable: UNREACHABLE_BANNER,
  retry: 'Retry',
});

export function ConnectionBanner() {
  const t = useMessages(messages);
  const state = useConnectionState();
  const [checking, setChecking] = useState(false);
  const retry = async () => {
    setChecking(true);
    await probeServer();
    setChecking(false);
  };
  return (
    <div role="status" className="empty:hidden">
      {state !== 'online' && (
        <div className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          {state === 'offline' ? (
            <WifiOff aria-hidden="true" className="size-5 shrink-0" />
          ) : (
            <CloudOff aria-hidden="true" className="size-5 shrink-0" />
          )}
          <p className="min-w-0 flex-1 text-sm font-medium">{state === 'offline' ? t.offline : t.unreachable}</p>
          {state === 'unreachable' && (
            <Button variant="secondary" size="sm" loading={checking} onClick={() => void retry()}>
              {t.retry}
            </Button>
          )}
        </div>
      )}
    </div>
  );
}
