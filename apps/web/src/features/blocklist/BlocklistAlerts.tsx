/**
 * The admin dashboard's blocklist alerts (docs/operations.md#blocklist): the check-ins the gate
 * refused
 * because the visitor is on the blocklist, from the admin's unread
 * `visitor.blocklist-refused` notifications (written with the refusal, also sent by Web
 * Push), for visitors and recurring passes. Live: the event stream's `blocklist.refused`
 * (and every visitor event) makes lib/live-updates.tsx refresh the notifications at once;
 * nothing is shown while there is nothing unread.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Ban, Check } from 'lucide-react';
import { Link } from 'wouter';

import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { formatInstant, houseLabel } from '../../lib/format';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useCommunityTimeZone } from '../../lib/time-zone';
import { useTRPC } from '../../lib/trpc-react';
import { notificationHref } from '../notifications/NotificationsPage';

const messages = i18n('BlocklistAlerts', {
  title: 'Blocklist alerts',
  description: 'Check-ins the gate refused: the visitor is on the blocklist.',
  list: 'Refused check-ins',
  refused: params('{name} for House {house}, refused at {time}'),
  seen: 'Mark as Seen',
});


/** The alerts card (admins' dashboard): nothing while no refused check-in is unread. */
export function BlocklistAlerts({ className = '' }: { className?: string }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const timeZone = useCommunityTimeZone();
  const list = useQuery(trpc.notifications.list.queryOptions({ limit: 50 }));
  const markRead = useMutation(
    trpc.notifications.markRead.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.notifications.pathKey() }),
    }),
  );
  const alerts = (list.data?.items ?? []).filter((item) => item.kind === 'visitor.blocklist-refused' && item.readAt === null);
  if (alerts.length === 0) return null;
  return (
    <Card
      className={`border-red-300 ${className}`}
      padded={false}
      title={
        <span className="inline-flex items-center gap-2">
          <Ban aria-hidden="true" className="size-5 text-red-700" />
          {t.title}
          <span className="inline-flex min-w-7 items-center justify-center rounded-full bg-red-100 px-2 py-0.5 text-sm font-bold text-red-900">
            {alerts.length}
          </span>
        </span>
      }
      description={t.description}
      actions={
        <Button
          variant="secondary"
          size="sm"
          className="min-h-11"
          loading={markRead.isPending}
          icon={<Check aria-hidden="true" className="size-4" />}
          onClick={() => markRead.mutate({ ids: alerts.map((alert) => alert.id) })}
        >
          {t.seen}
        </Button>
      }
    >
      <ul className="divide-y divide-slate-100" aria-label={t.list}>
        {alerts.map((alert) => (
          <li key={alert.id} className="px-5 py-3">
            <Link href={notificationHref(alert)} className="font-semibold text-slate-900 hover:underline">
              {t.refused({ name: alert.visitor.name, house: houseLabel(alert.visitor.house), time: formatInstant(alert.createdAt, timeZone) })}
            </Link>
          </li>
        ))}
      </ul>
    </Card>
  );
}
