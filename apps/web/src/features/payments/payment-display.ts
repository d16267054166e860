/** How payments read on screen (docs/api.md#payments: the four payment types). */
import type { PaymentType } from '@gatehouse/shared';

import { i18n } from '../../lib/i18n';

const messages = i18n('payment-display', {
  maintenance: 'Maintenance',
  amenity: 'Amenity',
  fine: 'Fine',
  other: 'Other',
} satisfies Record<PaymentType, string>);

/** `maintenance` → `Maintenance`, in the current language; a type the client does not know is shown as sent. */
export function paymentTypeLabel(type: string): string {
  const labels = messages.get();
  return Object.hasOwn(labels, type) ? labels[type as PaymentType] : type;
}
