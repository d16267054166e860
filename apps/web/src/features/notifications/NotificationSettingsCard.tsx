/**
 * The profile's notification settings (docs/gate.md#notifications): each kind on or off, and Web
 * Push on
 * this device when the server sends it (VAPID keys set), else a word that it is off.
 */
import type { NotificationSettings } from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { BellRing } from 'lucide-react';
import { useEffect, useState } from 'react';

import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { CheckboxField } from '../../components/Field';
import { failureText } from '../../lib/failures';
import { i18n, useMessages } from '../../lib/i18n';
import { useToast } from '../../lib/toasts';
import { useTRPCClient } from '../../lib/trpc';
import { useTRPC } from '../../lib/trpc-react';

const messages = i18n('NotificationSettingsCard', {
  walkInsLabel: 'Walk-ins waiting for my house',
  walkInsHint: 'Someone at the gate who was not invited.',
  checkInsLabel: 'My visitor checked in',
  checkInsHint: 'When a visitor you invited arrives.',
  checkOutsLabel: 'My visitor checked out',
  checkOutsHint: 'When a visitor you invited leaves.',
  saved: 'Notification settings saved',
  pushOnToast: 'Push notifications are on for this device',
  pushOffToast: 'Push notifications are off for this device',
  blocked: 'Notifications are blocked for this site. Allow them in the browser settings, then try again.',
  pushFailed: 'Could not turn on push notifications',
  title: 'Notifications',
  description: 'What you are told about, in the app and on this device.',
  save: 'Save Notification Settings',
  pushTitle: 'Push notifications on this device',
  pushOffOnServer:
    'Push notifications are off on this server (an administrator sets the VAPID keys to turn them on). You still see every notification under the bell.',
  pushUnsupported:
    'This browser cannot receive push notifications here (it needs HTTPS; on an iPad, add Gatehouse to the Home Screen first).',
  turnOff: 'Turn Off Push on This Device',
  turnOn: 'Turn On Push on This Device',
});

/** The kinds of notification, each with its label and hint keys. */
const KINDS = [
  { key: 'walkIns', label: 'walkInsLabel', hint: 'walkInsHint' },
  { key: 'checkIns', label: 'checkInsLabel', hint: 'checkInsHint' },
  { key: 'checkOuts', label: 'checkOutsLabel', hint: 'checkOutsHint' },
] as const satisfies readonly { key: keyof NotificationSettings; label: string; hint: string }[];

/** The server's VAPID public key (base64url) as the bytes `pushManager.subscribe` wants. */
function applicationServerKey(publicKey: string): Uint8Array<ArrayBuffer> {
  const base64 = publicKey.replace(/-/g, '+').replace(/_/g, '/').padEnd(Math.ceil(publicKey.length / 4) * 4, '=');
  return Uint8Array.from(atob(base64), (character) => character.charCodeAt(0));
}

/** Whether this browser can take push messages here (a secure origin with service workers and PushManager). */
const pushSupported = () => typeof window !== 'undefined' && window.isSecureContext && 'serviceWorker' in navigator && 'PushManager' in window;

export function NotificationSettingsCard() {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const client = useTRPCClient();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const settings = useQuery(trpc.notifications.settings.queryOptions());
  const [draft, setDraft] = useState<NotificationSettings | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [pushOn, setPushOn] = useState<boolean | null>(null);
  const [pushBusy, setPushBusy] = useState(false);

  useEffect(() => {
    if (settings.data && !draft) setDraft({ walkIns: settings.data.walkIns, checkIns: settings.data.checkIns, checkOuts: settings.data.checkOuts });
  }, [settings.data, draft]);
  useEffect(() => {
    if (!pushSupported()) return;
    void navigator.serviceWorker.getRegistration('/sw.js').then(async (registration) => {
      setPushOn(Boolean(await registration?.pushManager.getSubscription()));
    });
  }, []);

  const save = useMutation(
    trpc.notifications.updateSettings.mutationOptions({
      onSuccess: async () => {
        showToast(t.saved);
        await queryClient.invalidateQueries({ queryKey: trpc.notifications.settings.queryKey() });
      },
      onError: (failure) => setError(failureText(failure)),
    }),
  );

  const turnPushOn = async (publicKey: string) => {
    setPushBusy(true);
    setError(null);
    try {
      const registration = await navigator.serviceWorker.register('/sw.js');
      await navigator.serviceWorker.ready;
      const subscription = await registration.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: applicationServerKey(publicKey) });
      const json = subscription.toJSON() as { endpoint: string; keys: { p256dh: string; auth: string } };
      await client.notifications.subscribePush.mutate({ endpoint: json.endpoint, keys: json.keys });
      setPushOn(true);
      showToast(t.pushOnToast);
    } catch (failure) {
      setError(
        failure instanceof DOMException && failure.name === 'NotAllowedError'
          ? t.blocked
          : failureText(failure, t.pushFailed),
      );
    } finally {
      setPushBusy(false);
    }
  };

  const turnPushOff = async () => {
    setPushBusy(true);
    setError(null);
    try {
      const registration = await navigator.serviceWorker.getRegistration('/sw.js');
      const subscription = await registration?.pushManager.getSubscription();
      if (subscription) {
        await client.notifications.unsubscribePush.mutate({ endpoint: subscription.endpoint });
        await subscription.unsubscribe();
      }
      setPushOn(false);
      showToast(t.pushOffToast, 'info');
    } catch (failure) {
      setError(failureText(failure));
    } finally {
      setPushBusy(false);
    }
  };

  const webPush = settings.data?.webPush;
  return (
    <Card title={t.title} description={t.description}>
      {error && <ErrorBox message={error} onDismiss={() => setError(null)} className="mb-4" />}
      {draft && (
        <form
          className="flex flex-col gap-4"
          onSubmit={(event) => {
            event.preventDefault();
            setError(null);
            save.mutate(draft);
          }}
        >
          {KINDS.map((kind) => (
            <CheckboxField
              key={kind.key}
              label={t[kind.label]}
              hint={t[kind.hint]}
              checked={draft[kind.key]}
              onChange={(event) => setDraft({ ...draft, [kind.key]: event.target.checked })}
            />
          ))}
          <div>
            <Button type="submit" loading={save.isPending}>
              {t.save}
            </Button>
          </div>
        </form>
      )}
      <div className="mt-6 border-t border-slate-100 pt-6">
        <h3 className="flex items-center gap-2 text-sm font-semibold text-slate-900">
          <BellRing aria-hidden="true" className="size-4" />
          {t.pushTitle}
        </h3>
        {!webPush ? null : !webPush.available || !webPush.publicKey ? (
          <p className="mt-2 text-sm text-slate-600">{t.pushOffOnServer}</p>
        ) : !pushSupported() ? (
          <p className="mt-2 text-sm text-slate-600">{t.pushUnsupported}</p>
        ) : pushOn ? (
          <Button className="mt-3" variant="secondary" loading={pushBusy} onClick={() => void turnPushOff()}>
            {t.turnOff}
          </Button>
        ) : (
          <Button className="mt-3" loading={pushBusy} onClick={() => void turnPushOn(webPush.publicKey!)}>
            {t.turnOn}
          </Button>
        )}
      </div>
    </Card>
  );
}
