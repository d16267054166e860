/**
 * How a completed payment was paid, as it reads on screen (docs/operations.md#dues-ledger: the five
 * methods).
 */
import type { PaymentMethod } from '@gatehouse/shared';

import { i18n } from '../../lib/i18n';

const messages = i18n('payment-methods', {
  cash: 'Cash',
  cheque: 'Cheque',
  'bank-transfer': 'Bank transfer',
  card: 'Card',
  other: 'Other',
} satisfies Record<PaymentMethod, string>);

/** `bank-transfer` → `Bank transfer`, in the current language; a method the client does not know is shown as sent. */
export function paymentMethodLabel(method: string): string {
  const labels = messages.get();
  return Object.hasOwn(labels, method) ? labels[method as PaymentMethod] : method;
}
