/**
 * /notifications (docs/gate.md#notifications): what happened to the user's visitors and recurring
 * passes,
 * newest first, each a link to the visitor or the pass it is about (the whole row can be
 * tapped); the list is marked read once it has been shown.
 */
import type { NotificationJson } from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import clsx from 'clsx';
import { Ban, Bell, DoorOpen, LogIn, LogOut } from 'lucide-react';
import { useEffect } from 'react';
import { Link } from 'wouter';

import { Card, EmptyState } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { failureText } from '../../lib/failures';
import { formatInstant, houseLabel } from '../../lib/format';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { useCommunityTimeZone } from '../../lib/time-zone';

const messages = i18n('NotificationsPage', {
  walkInWaiting: params('{name} is waiting at the gate for House {house}'),
  checkedIn: params('{name} checked in'),
  checkedOut: params('{name} checked out'),
  title: 'Notifications',
  subtitle: 'Walk-ins waiting for you, and your visitors’ arrivals and departures.',
  loading: 'Loading notifications',
  empty: 'No notifications yet',
  new: 'New',
});

/**
 * docs/operations.md#blocklist: an admin's notification of a refused blocklisted visitor, in a
 * catalog of its own.
 */
const blocklistMessages = i18n('BlocklistNotification', {
  refused: params('{name} is on the blocklist: their check-in was refused at the gate'),
});

/** The sentence a notification says, in the current language. */
export function notificationText(notification: NotificationJson): string {
  const t = messages.get();
  const { name, house } = notification.visitor;
  switch (notification.kind) {
    case 'walk-in.waiting':
      return t.walkInWaiting({ name, house: houseLabel(house) });
    case 'visitor.checked-in':
      return t.checkedIn({ name });
    case 'visitor.checked-out':
      return t.checkedOut({ name });
    case 'visitor.blocklist-refused':
      return blocklistMessages.get().refused({ name });
  }
}

/**
 * The page a notification opens: the visitor's, or (docs/operations.md#blocklist, a refused pass)
 * the recurring pass's.
 */
export function notificationHref(notification: Pick<NotificationJson, 'target' | 'visitor'>): string {
  return notification.target === 'pass' ? `/passes/${notification.visitor.id}` : `/visitors/${notification.visitor.id}`;
}

const ICONS = {
  'walk-in.waiting': DoorOpen,
  'visitor.checked-in': LogIn,
  'visitor.checked-out': LogOut,
  'visitor.blocklist-refused': Ban,
} as const;

export function NotificationsPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const trpc = useTRPC();
  const timeZone = useCommunityTimeZone();
  const queryClient = useQueryClient();
  const list = useQuery(trpc.notifications.list.queryOptions({ limit: 50 }));
  const markRead = useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.notifications.count.queryKey() }),
    }),
  );
  const unread = list.data?.unread ?? 0;
  const { mutate } = markRead;
  // Seen: mark read (the list keeps showing which were new this time).
  useEffect(() => {
    if (unread > 0) mutate({});
  }, [unread, mutate]);

  const items = list.data?.items ?? [];
  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader title={t.title} subtitle={t.subtitle} />
      {list.isPending ? (
        <PageSpinner label={t.loading} />
      ) : list.isError ? (
        <ErrorBox message={failureText(list.error)} onRetry={() => void list.refetch()} />
      ) : items.length === 0 ? (
        <Card>
          <EmptyState icon={<Bell aria-hidden="true" className="size-6" />} title={t.empty} />
        </Card>
      ) : (
        <Card padded={false}>
          <ul className="divide-y divide-slate-100" aria-label={t.title}>
            {items.map((notification) => {
              const Icon = ICONS[notification.kind];
              const isNew = notification.readAt === null;
              return (
                <li key={notification.id} className={clsx('relative flex items-start gap-4 px-5 py-4 hover:bg-slate-50', isNew && 'bg-brand-50')}>
                  <Icon aria-hidden="true" className="mt-0.5 size-6 shrink-0 text-brand-700" />
                  <div className="min-w-0 flex-1">
                    {/* The link's area covers the row; its name stays the sentence. */}
                    <Link
                      href={notificationHref(notification)}
                      className="font-semibold text-slate-900 after:absolute after:inset-0 after:content-[''] hover:underline"
                    >
                      {notificationText(notification)}
                    </Link>
                    <p className="text-sm text-slate-600">
                      {formatInstant(notification.createdAt, timeZone)}
                      {isNew && <span className="ml-2 font-semibold text-brand-800">{t.new}</span>}
                    </p>
                  </div>
                </li>
              );
            })}
          </ul>
        </Card>
      )}
    </div>
  );
}
