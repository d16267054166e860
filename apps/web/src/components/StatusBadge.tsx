/** Badges for visitor and payment statuses (product-spec §4), roles and account state. */
import type { PaymentStatus, Role, VisitorStatus } from '@gatehouse/shared';
import clsx from 'clsx';

import { roleLabel } from '../lib/format';

/** One distinct colour per status, so a guard can tell them apart at a glance. */
const VISITOR_STATUS_STYLES: Record<
  VisitorStatus,
  { label: string; className: string; dot: string }
> = {
  pending: {
    label: 'Pending',
    className: 'bg-amber-50 text-amber-800 ring-amber-600/30',
    dot: 'bg-amber-500',
  },
  approved: {
    label: 'Approved',
    className: 'bg-emerald-50 text-emerald-800 ring-emerald-600/30',
    dot: 'bg-emerald-500',
  },
  rejected: {
    label: 'Rejected',
    className: 'bg-red-50 text-red-800 ring-red-600/30',
    dot: 'bg-red-500',
  },
  'checked-in': {
    label: 'Checked In',
    className: 'bg-sky-50 text-sky-800 ring-sky-600/30',
    dot: 'bg-sky-500',
  },
  'checked-out': {
    label: 'Checked Out',
    className: 'bg-violet-50 text-violet-800 ring-violet-600/30',
    dot: 'bg-violet-500',
  },
  expired: {
    label: 'Expired',
    className: 'bg-orange-50 text-orange-800 ring-orange-600/30',
    dot: 'bg-orange-500',
  },
  cancelled: {
    label: 'Cancelled',
    className: 'bg-slate-100 text-slate-700 ring-slate-500/30',
    dot: 'bg-slate-400',
  },
};

const BADGE =
  'inline-flex items-center gap-1.5 rounded-full px-2.5 py-0.5 text-xs font-semibold ring-1 ring-inset whitespace-nowrap';

/** The display name of a visitor status: `checked-in` → `Checked In`. */
export function visitorStatusLabel(status: VisitorStatus): string {
  return VISITOR_STATUS_STYLES[status].label;
}

/** A visitor status badge. */
export function StatusBadge({
  status,
  size = 'sm',
}: {
  status: VisitorStatus;
  size?: 'sm' | 'lg';
}) {
  const style = VISITOR_STATUS_STYLES[status] ?? VISITOR_STATUS_STYLES.pending;
  return (
    <span
      className={clsx(BADGE, style.className, size === 'lg' && 'px-3 py-1 text-sm')}
      data-status={status}
    >
      <span aria-hidden="true" className={clsx('size-1.5 rounded-full', style.dot)} />
      {style.label}
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
 * How a payment status looks (product-spec §4): completed like approved, failed like
 * rejected, pending and any status the client does not know like pending.
 */
const PAYMENT_STATUS_LOOKS: Record<PaymentStatus, { label: string; look: VisitorStatus }> = {
  pending: { label: 'Pending', look: 'pending' },
  completed: { label: 'Completed', look: 'approved' },
  failed: { label: 'Failed', look: 'rejected' },
};

/** The label and the visitor-status look of a payment status; unknown values read as pending. */
export function paymentStatusAppearance(status: string): { label: string; look: VisitorStatus } {
  return Object.hasOwn(PAYMENT_STATUS_LOOKS, status)
    ? PAYMENT_STATUS_LOOKS[status as PaymentStatus]
    : PAYMENT_STATUS_LOOKS.pending;
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

/** Active or Inactive, for user accounts (product-spec §2). */
export function ActiveBadge({ isActive }: { isActive: boolean }) {
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
      {isActive ? 'Active' : 'Inactive'}
    </span>
  );
}
