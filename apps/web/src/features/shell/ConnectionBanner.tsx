/**
 * The banner that says when the server cannot be reached (docs/product.md#when-the-network-fails):
 * offline, or online but the server does not answer; with Retry, which asks the server at
 * once (it is also asked every few seconds). Announced politely; gone when the link is back.
 * At the gate (guards and admins) it says that entries are kept on the tablet, and how many
 * wait to be sent (docs/gate.md#installing-the-app, docs/gate.md#recording-moves-offline), also
 * while they are being sent.
 */
import { CloudOff, CloudUpload, WifiOff } from 'lucide-react';
import { useState } from 'react';

import { Button } from '../../components/Button';
import { probeServer, useConnectionState } from '../../lib/connection';
import { useGateSnapshot } from '../../lib/gate-store';
import { keepsGatePack } from '../../lib/gate-sync';
import { count, i18n, useMessages } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';

export const OFFLINE_BANNER = 'You are offline. Nothing can be saved until the connection returns.';
export const UNREACHABLE_BANNER = 'Cannot reach the Gatehouse server. Trying again every few seconds.';
/** docs/gate.md#installing-the-app: the gate tablet's words. */
export const GATE_OFFLINE_BANNER = 'Offline — entries are saved on this tablet and sent when the connection returns';

const messages = i18n('ConnectionBanner', {
  offline: OFFLINE_BANNER,
  unreachable: UNREACHABLE_BANNER,
  retry: 'Retry',
});

const gateMessages = i18n('GateConnectionBanner', {
  offline: GATE_OFFLINE_BANNER,
  waiting: count({ one: '{count} entry waiting', other: '{count} entries waiting' }),
  sending: 'Sending the entries saved on this tablet',
});

export function ConnectionBanner() {
  const t = useMessages(messages);
  const gateT = useMessages(gateMessages);
  const state = useConnectionState();
  const gate = keepsGatePack(useCurrentUser().role);
  const { waiting } = useGateSnapshot();
  const [checking, setChecking] = useState(false);
  const retry = async () => {
    setChecking(true);
    await probeServer();
    setChecking(false);
  };
  const waitingLine = gate && waiting > 0 && (
    <p className="shrink-0 rounded-full bg-amber-200 px-3 py-1 text-sm font-bold text-amber-950">{gateT.waiting(waiting)}</p>
  );
  return (
    <div role="status" className="empty:hidden">
      {state === 'online' && waitingLine && (
        <div className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-sky-200 bg-sky-50 px-4 py-3 text-sky-900">
          <CloudUpload aria-hidden="true" className="size-5 shrink-0" />
          <p className="min-w-0 flex-1 text-sm font-medium">{gateT.sending}</p>
          {waitingLine}
        </div>
      )}
      {state !== 'online' && (
        <div className="mb-6 flex flex-wrap items-center gap-3 rounded-xl border border-amber-300 bg-amber-50 px-4 py-3 text-amber-900">
          {state === 'offline' ? (
            <WifiOff aria-hidden="true" className="size-5 shrink-0" />
          ) : (
            <CloudOff aria-hidden="true" className="size-5 shrink-0" />
          )}
          <p className="min-w-0 flex-1 text-sm font-medium">
            {state === 'unreachable' ? t.unreachable : gate ? gateT.offline : t.offline}
          </p>
          {waitingLine}
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
