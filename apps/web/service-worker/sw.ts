/// <reference lib="webworker" />
/**
 * Gatehouse's one service worker, built to /sw.js by vite-plugin-pwa (injectManifest):
 *
 * - The installable app (docs/gate.md#installing-the-app): the app shell is precached (index.html,
 * every
 *   script and stylesheet, the icons and the scanner's WASM: the list of the build's files
 *   is put in `self.__WB_MANIFEST` at build time), so that the app opens with no network
 *   once it has been opened online. A page load (a navigation) gets the precached
 *   index.html, except under /api/ and /trpc/. API answers are never cached: no other
 *   request is handled here, so they go to the network as they would without a worker.
 * - A new version is not forced (registerType 'prompt'): the new worker waits until the
 *   shell's "Reload" button posts `{type: 'SKIP_WAITING'}` (workbox-window's message).
 * - Web Push (docs/gate.md#notifications): a push message shows as a system notification (the
 * visitor's
 *   first name and the house only) and tapping it opens its page. NotificationSettingsCard
 *   subscribes through this same registration ('/sw.js').
 */
import { clientsClaim } from 'workbox-core';
import {
  cleanupOutdatedCaches,
  createHandlerBoundToURL,
  precacheAndRoute,
} from 'workbox-precaching';
import { NavigationRoute, registerRoute } from 'workbox-routing';

declare let self: ServiceWorkerGlobalScope;

// The app shell ----------------------------------------------------------------------------

precacheAndRoute(self.__WB_MANIFEST);
// Earlier releases' precaches (workbox's own older formats) are removed.
cleanupOutdatedCaches();

/** Page loads that are the server's, never the app's: the API (REST, tRPC, the docs, the TLS certificate). */
const SERVER_PATHS = [/^\/api(\/|$)/, /^\/trpc(\/|$)/];

registerRoute(
  new NavigationRoute(createHandlerBoundToURL('/index.html'), { denylist: SERVER_PATHS }),
);

// The first worker takes the open page at once (so that it works offline from its first
// visit); a later one only after the user chose Reload (it waits until then).
clientsClaim();

self.addEventListener('message', (event) => {
  if ((event.data as { type?: unknown } | null)?.type === 'SKIP_WAITING') void self.skipWaiting();
});

// Web Push ---------------------------------------------------------------------------------

interface PushMessage {
  title: string;
  body: string;
  url: string;
  tag?: string;
}

self.addEventListener('push', (event) => {
  let message: PushMessage = {
    title: 'Gatehouse',
    body: '',
    url: '/notifications',
    tag: undefined,
  };
  try {
    message = { ...message, ...(event.data?.json() as Partial<PushMessage>) };
  } catch {
    // A message that is not JSON still shows, with the defaults.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/icons/icon-192.png',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const target = (event.notification.data as { url?: string } | null)?.url ?? '/notifications';
  const url = new URL(target, self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then(async (windows) => {
      const open = windows.find((client) => client.url.startsWith(self.location.origin));
      if (open) {
        const client = await open.navigate(url);
        await client?.focus();
        return;
      }
      await self.clients.openWindow(url);
    }),
  );
});
