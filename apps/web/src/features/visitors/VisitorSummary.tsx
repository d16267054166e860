/** Compact visitor displays: the list card and the dashboard row. */
import type { VisitorSummary } from '@gatehouse/shared';
import { CalendarDays, ChevronRight, Clock, Home, Phone } from 'lucide-react';
import { Link } from 'wouter';

import { IconFact } from '../../components/IconFact';
import { StatusBadge } from '../../components/StatusBadge';
import { useCommunityTimeZone } from '../../lib/time-zone';
import { formatDate, formatVisitWindow } from '../../lib/format';
import { i18n, params, useMessages } from '../../lib/i18n';

const messages = i18n('VisitorSummary', {
  date: 'Date',
  time: 'Time',
  house: 'House',
  houseNumber: params('House {house}'),
});

/**
 * A card of the visitors list (docs/product.md#screens-and-routes): name, phone, date, time range,
 * house
 * number and status; the whole card opens the visitor.
 */
export function VisitorCard({ visitor }: { visitor: VisitorSummary }) {
  const t = useMessages(messages);
  const timeZone = useCommunityTimeZone();
  return (
    <Link
      href={`/visitors/${visitor.id}`}
      className="group flex h-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm transition hover:border-brand-300 hover:shadow-md"
    >
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="truncate text-base font-semibold text-slate-900 group-hover:text-brand-800">
            {visitor.name}
          </h2>
          <p className="mt-0.5 flex items-center gap-1.5 text-sm text-slate-600">
            <Phone aria-hidden="true" className="size-3.5" />
            {visitor.phone}
          </p>
        </div>
        <StatusBadge status={visitor.status} />
      </div>
      <dl className="grid grid-cols-1 gap-2 text-sm text-slate-700">
        <IconFact icon={CalendarDays} term={t.date}>{formatDate(visitor.visitDate)}</IconFact>
        <IconFact icon={Clock} term={t.time}>
          {formatVisitWindow(visitor, timeZone)}
        </IconFact>
        <IconFact icon={Home} term={t.house}>{t.houseNumber({ house: visitor.houseId.houseNumber })}</IconFact>
      </dl>
    </Link>
  );
}

/**
 * A row of the dashboard's recent-visitors card; the whole row opens the visitor
 * (docs/product.md#screens-and-routes).
 */
export function VisitorRow({ visitor }: { visitor: VisitorSummary }) {
  const t = useMessages(messages);
  const timeZone = useCommunityTimeZone();
  return (
    <li>
      <Link
        href={`/visitors/${visitor.id}`}
        className="flex min-h-16 items-center gap-4 px-5 py-3 transition-colors hover:bg-slate-50"
      >
        <div className="min-w-0 flex-1">
          <p className="truncate font-semibold text-slate-900">{visitor.name}</p>
          <p className="flex flex-wrap gap-x-2 text-sm text-slate-600">
            <span>{formatDate(visitor.visitDate)}</span>
            <span aria-hidden="true">·</span>
            <span>{formatVisitWindow(visitor, timeZone)}</span>
            <span aria-hidden="true">·</span>
            <span>{t.houseNumber({ house: visitor.houseId.houseNumber })}</span>
          </p>
        </div>
        <StatusBadge status={visitor.status} />
        <ChevronRight aria-hidden="true" className="hidden size-4 text-slate-400 sm:block" />
      </Link>
    </li>
  );
}
