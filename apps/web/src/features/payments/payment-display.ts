/** How payments read on screen (server-contract §7: the four payment types). */
import type { PaymentType } from '@gatehouse/shared';

const PAYMENT_TYPE_LABELS: Record<PaymentType, string> = {
  maintenance: 'Maintenance',
  amenity: 'Amenity',
  fine: 'Fine',
  other: 'Other',
};

/** `maintenance` → `Maintenance`; a type the client does not know is shown as sent. */
export function paymentTypeLabel(type: string): string {
  return Object.hasOwn(PAYMENT_TYPE_LABELS, type) ? PAYMENT_TYPE_LABELS[type as PaymentType] : type;
}
