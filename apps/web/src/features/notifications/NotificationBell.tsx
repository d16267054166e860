/**
 * The bell in the top bar (docs/gate.md#notifications): the unread count, a link to /notifications.
 */
import { useQuery } from '@tanstack/react-query';
import clsx from 'clsx';
import { Bell } from 'lucide-react';
import { Link } from 'wouter';

import { i18n, params, useMessages } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc-react';

const messages = i18n('NotificationBell', {
  notifications: 'Notifications',
  unread: params('Notifications, {count} unread'),
});

/** How often the count is re-read without a live update (a fallback), ms. */
const COUNT_REFRESH_MS = 60_000;

export function NotificationBell() {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const count = useQuery({ ...trpc.notifications.count.queryOptions(), refetchInterval: COUNT_REFRESH_MS });
  const unread = count.data?.unread ?? 0;
  return (
    <Link
      href="/notifications"
      aria-label={unread > 0 ? t.unread({ count: String(unread) }) : t.notifications}
      className="relative inline-flex size-11 items-center justify-center rounded-full text-slate-600 hover:bg-slate-100 hover:text-slate-900"
    >
      <Bell aria-hidden="true" className="size-6" />
      {unread > 0 && (
        <span
          aria-hidden="true"
          className={clsx(
            'absolute -top-0.5 -right-0.5 inline-flex min-w-5 items-center justify-center rounded-full bg-red-600 px-1 text-xs font-bold text-white',
          )}
        >
          {unread > 99 ? '99+' : unread}
        </span>
      )}
    </Link>
  );
}
