/**
 * A visitor's refused check-ins (docs/operations.md#blocklist), on the visitor's page for the gate
 * staff
 * and the admins: every time the blocklist kept this visitor out, newest first, with the
 * date and time, the gate, who was at it and the reason. Nothing is shown to residents (the
 * blocklist's reasons are not theirs to read) nor while there is none.
 */
import { useQuery } from '@tanstack/react-query';
import { Ban } from 'lucide-react';

import { Card } from '../../components/Card';
import { formatInstant } from '../../lib/format';
import { i18n, useMessages } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';
import { useCommunityTimeZone } from '../../lib/time-zone';
import { useTRPC } from '../../lib/trpc-react';

const messages = i18n('BlocklistRefusals', {
  title: 'Refused at the gate',
  description: 'Check-ins the blocklist refused for this visitor.',
  list: 'Refused check-ins',
  when: 'When',
  gate: 'Gate',
  by: 'Guard',
  reason: 'Reason',
  noGate: 'Not recorded',
  noGuard: 'Unknown',
});

/** The card of `visitorId`'s refused check-ins (guards and admins; nothing for residents or when there are none). */
export function BlocklistRefusals({ visitorId }: { visitorId: string }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const user = useCurrentUser();
  const timeZone = useCommunityTimeZone();
  const allowed = user.role === 'admin' || user.role === 'guard';
  const refusals = useQuery(trpc.visitors.blocklistRefusals.queryOptions({ id: visitorId }, { enabled: allowed }));
  const items = refusals.data?.items ?? [];
  if (!allowed || items.length === 0) return null;
  return (
    <Card
      className="border-red-300"
      title={
        <span className="inline-flex items-center gap-2">
          <Ban aria-hidden="true" className="size-5 text-red-700" />
          {t.title}
        </span>
      }
      description={t.description}
    >
      <ol aria-label={t.list} className="-my-3 divide-y divide-slate-100">
        {items.map((refusal) => (
          <li key={`${refusal.at}-${refusal.by?.id ?? ''}`} className="py-3">
            <dl className="grid grid-cols-[max-content_minmax(0,1fr)] gap-x-4 gap-y-1 text-sm">
              <dt className="text-slate-500">{t.when}</dt>
              <dd className="font-medium text-slate-900">{formatInstant(refusal.at, timeZone)}</dd>
              <dt className="text-slate-500">{t.gate}</dt>
              <dd className="text-slate-900">{refusal.gate?.name ?? t.noGate}</dd>
              <dt className="text-slate-500">{t.by}</dt>
              <dd className="text-slate-900">{refusal.by?.name ?? t.noGuard}</dd>
              <dt className="text-slate-500">{t.reason}</dt>
              <dd className="break-words text-slate-900">{refusal.reason}</dd>
            </dl>
          </li>
        ))}
      </ol>
    </Card>
  );
}
