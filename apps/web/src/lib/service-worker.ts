/**
 * Registers the one service worker, /sw.js (service-worker/sw.ts: the precached app shell
 * and Web Push), with workbox-window. Loaded with a dynamic import by the signed-in shell,
 * so that /login's scripts do not grow; only in a production build (the development server
 * has no worker).
 *
 * A new version is offered, never forced (docs/gate.md#installing-the-app; vite.config.ts's
 * registerType
 * 'prompt'): when a new worker has installed while this page runs an older one, the shell
 * shows "A new version is available — Reload"; Reload posts SKIP_WAITING to the waiting
 * worker and the page reloads once the new one controls it. A tablet left open asks for a
 * new version every hour and whenever it is shown again.
 */
import { Workbox } from 'workbox-window';

import { offerUpdate } from './app-update';

const CHECK_EVERY_MS = 60 * 60 * 1000;

let started = false;

/** Registers /sw.js once per page; a second call does nothing. */
export function startServiceWorker(): void {
  if (started || !('serviceWorker' in navigator)) return;
  started = true;
  const workbox = new Workbox('/sw.js', { scope: '/' });

  // A new worker installed and waiting (this page's or another tab's update).
  workbox.addEventListener('waiting', () =>
    offerUpdate(() => {
      workbox.addEventListener('controlling', () => window.location.reload());
      workbox.messageSkipWaiting();
      return Promise.resolve();
    }),
  );

  workbox
    .register({ immediate: true })
    .then((registration) => {
      if (!registration) return;
      const check = () => {
        // Offline, the check would only fail.
        if (navigator.onLine) registration.update().catch(() => {});
      };
      setInterval(check, CHECK_EVERY_MS);
      document.addEventListener('visibilitychange', () => {
        if (document.visibilityState === 'visible') check();
      });
    })
    .catch((error: unknown) => console.error('The service worker could not be registered', error));
}
