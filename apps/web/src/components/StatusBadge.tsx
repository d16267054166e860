/**
 * Badges for visitor and payment statuses (docs/product.md#statuses-and-their-badges), roles and
 * account state.
 */
import type { PaymentStatus, Role, VisitorStatus } from '@gatehouse/shared';
import clsx from 'clsx';

import { roleLabel } from '../lib/format';
import { i18n, useMessages } from '../lib/i18n';

const messages = i18n('StatusBadge', {
  pending: 'Pending',
  approved: 'Approved',
  rejected: 'Rejected',
  checkedIn: 'Checked In',
  checkedOut: 'Checked Out',
  expired: 'Expired',
  cancelled: 'Cancelled',
  paymentPending: 'Pending',
  completed: 'Completed',
  failed: 'Failed',
  active: 'Active',
  inactive: 'Inactive',
});

type LabelKey = keyof ReturnType<typeof messages.get>;

/** One distinct colour per status, so a guard can tell them apart at a glance. */
const VISITOR_STATUS_STYLES: Record<
  VisitorStatus,
  { label: LabelKey; className: string; dot: string }
> = {
  pending: {
    label: 'pending',
    className: 'bg-amber-50 text-amber-800 ring-amber-600/30',
    dot: 'bg-amber-500',
  },
  approved: {
    label: 'approved',
    className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
    dot: 'bg-emerald-500',
  },
  rejected: {
    label: 'rejected',
    className: 'bg-red-50 text-red-800 ring-red-600/30',
    dot: 'bg-red-500',
  },
  'checked-in': {
    label: 'checkedIn',
    className: 'bg-sky-50 text-sky-800 ring-sky-600/30',
    dot: 'bg-sky-500',
  },
  'checked-out': {
    label: 'checkedOut',
    className: 'bg-violet-50 text-violet-800 ring-violet-600/30',
    dot: 'bg-violet-500',
  },
  expired: {
    label: 'expired',
    className: 'bg-orange-50 text-orange-800 ring-orange-600/30',
    dot: 'bg-orange-500',
  },
  cancelled: {
    label: 'cancelled',
    className: 'bg-slate-100 text-slate-700 ring-slate-500/30',
    dot: 'bg-slate-400',
  },
};

const BADGE =
  'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset whitespace-nowrap';

/** The display name of a visitor status in the current language: `checked-in` → `Checked In`. */
export function visitorStatusLabel(status: VisitorStatus): string {
  return messages.get()[VISITOR_STATUS_STYLES[status].label];
}

/** A visitor status badge. */
export function StatusBadge({
  status,
  size = 'sm',
}: {
  status: VisitorStatus;
  size?: 'sm' | 'lg';
}) {
  const t = useMessages(messages);
  const style = VISITOR_STATUS_STYLES[status] ?? VISITOR_STATUS_STYLES.pending;
  return (
    <span
      className={clsx(BADGE, style.className, size === 'lg' && 'px-3 py-1 text-sm')}
      data-status={status}
    >
      <span aria-hidden="true" className={clsx('size-1.5 rounded-full', style.dot)} />
      {t[style.label]}
    </span>
  );
}

const ROLE_STYLES: Record<Role, string> = {
  admin: 'bg-purple-50 text-purple-800 ring-purple-600/30',
  resident: 'bg-brand-50 text-brand-800 ring-brand-600/30',
  guard: 'bg-blue-50 text-blue-800 ring-blue-600/30',
};

/** A role badge. */
export function RoleBadge({ role }: { role: Role }) {
  return <span className={clsx(BADGE, ROLE_STYLES[role])}>{roleLabel(role)}</span>;
}

/**
 * How a payment status looks (docs/product.md#statuses-and-their-badges): completed like approved,
 * failed like
 * rejected, pending and any status the client does not know like pending.
 */
const PAYMENT_STATUS_LOOKS: Record<PaymentStatus, { label: LabelKey; look: VisitorStatus }> = {
  pending: { label: 'paymentPending', look: 'pending' },
  completed: { label: 'completed', look: 'approved' },
  failed: { label: 'failed', look: 'rejected' },
};

/**
 * The label (in the current language) and the visitor-status look of a payment status;
 * unknown values read as pending.
 */
export function paymentStatusAppearance(status: string): { label: string; look: VisitorStatus } {
  const { label, look } = Object.hasOwn(PAYMENT_STATUS_LOOKS, status)
    ? PAYMENT_STATUS_LOOKS[status as PaymentStatus]
    : PAYMENT_STATUS_LOOKS.pending;
  return { label: messages.get()[label], look };
}

/** A payment status badge, in the colours of the visitor status it is shown like. */
export function PaymentStatusBadge({ status }: { status: string }) {
  const { label, look } = paymentStatusAppearance(status);
  const style = VISITOR_STATUS_STYLES[look];
  return (
    <span className={clsx(BADGE, style.className)} data-status={status} data-look={look}>
      <span aria-hidden="true" className={clsx('size-1.5 rounded-full', style.dot)} />
      {label}
    </span>
  );
}

/** Active or Inactive, for user accounts (docs/product.md#screens-and-routes). */
export function ActiveBadge({ isActive }: { isActive: boolean }) {
  const t = useMessages(messages);
  return (
    <span
      className={clsx(
        BADGE,
        isActive
          ? 'bg-emerald-50 text-emerald-800 ring-emerald-600/30'
          : 'bg-slate-100 text-slate-600 ring-slate-500/30',
      )}
    >
      <span
        aria-hidden="true"
        className={clsx('size-1.5 rounded-full', isActive ? 'bg-emerald-500' : 'bg-slate-400')}
      />
      {isActive ? t.active : t.inactive}
    </span>
  );
}
