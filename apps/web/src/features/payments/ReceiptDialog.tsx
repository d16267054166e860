/**
 * A completed payment's receipt (usable-by-everyone issue, item 11): what was paid, for
 * which house, when, and its reference, with a Print button; on paper it prints alone,
 * without the app's bars or the dialog's buttons.
 */
import type { Payment } from '@gatehouse/shared';
import { Printer } from 'lucide-react';

import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { formatInstant, formatMoney, houseLabel } from '../../lib/format';
import { i18n, useMessages } from '../../lib/i18n';
import { useCommunityTimeZone } from '../../lib/time-zone';
import { paymentTypeLabel } from './payment-display';

const messages = i18n('ReceiptDialog', {
  title: 'Receipt',
  heading: 'Gatehouse · Payment receipt',
  for: 'For',
  description: 'Description',
  house: 'House',
  paid: 'Paid',
  reference: 'Reference',
  print: 'Print',
});

function Line({ term, children }: { term: string; children: string }) {
  return (
    <div className="flex justify-between gap-4 py-2">
      <dt className="text-slate-600">{term}</dt>
      <dd className="text-right font-medium text-slate-900">{children}</dd>
    </div>
  );
}

export function ReceiptDialog({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const t = useMessages(messages);
  const timeZone = useCommunityTimeZone();
  return (
    <Dialog title={t.title} onClose={onClose}>
      <div className="print-area">
        <p className="text-sm font-semibold tracking-wide text-slate-600 uppercase">{t.heading}</p>
        <p className="mt-2 text-3xl font-bold text-slate-900 tabular-nums">{formatMoney(payment.amount)}</p>
        <dl className="mt-4 divide-y divide-slate-200 border-y border-slate-200 text-sm">
          <Line term={t.for}>{paymentTypeLabel(payment.type)}</Line>
          {payment.description ? <Line term={t.description}>{payment.description}</Line> : null}
          <Line term={t.house}>{houseLabel(payment.houseId)}</Line>
          <Line term={t.paid}>{payment.paidAt ? formatInstant(payment.paidAt, timeZone) : '—'}</Line>
          <Line term={t.reference}>{payment.id}</Line>
        </dl>
      </div>
      <div className="mt-5 flex justify-end print:hidden">
        <Button onClick={() => window.print()} icon={<Printer aria-hidden="true" className="size-4" />}>
          {t.print}
        </Button>
      </div>
    </Dialog>
  );
}
