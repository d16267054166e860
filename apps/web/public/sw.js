/*
 * Gatehouse's service worker for Web Push (live-gate §4): shows a push message as a system
 * notification and opens its page when tapped. The message carries the visitor's first
 * name and the house only.
 */
self.addEventListener('push', (event) => {
  let message = { title: 'Gatehouse', body: '', url: '/notifications', tag: undefined };
  try {
    message = { ...message, ...event.data.json() };
  } catch {
    // A message that is not JSON still shows, with the defaults.
  }
  event.waitUntil(
    self.registration.showNotification(message.title, {
      body: message.body,
      tag: message.tag,
      icon: '/favicon.svg',
      data: { url: message.url },
    }),
  );
});

self.addEventListener('notificationclick', (event) => {
  event.notification.close();
  const url = new URL(event.notification.data?.url ?? '/notifications', self.location.origin).href;
  event.waitUntil(
    self.clients.matchAll({ type: 'window', includeUncontrolled: true }).then((windows) => {
      const open = windows.find((client) => client.url.startsWith(self.location.origin));
      if (open) return open.navigate(url).then((client) => client?.focus());
      return self.clients.openWindow(url);
    }),
  );
});
