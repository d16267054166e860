/**
 * The Complete Payment dialog of /payments (admin; docs/operations.md#dues-ledger: method and
 * reference).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  PAYMENT_METHODS,
  PAYMENT_REFERENCE_MAX,
  ZCompletePaymentRequest,
  type CompletePaymentRequest,
  type Payment,
} from '@gatehouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import type { z } from 'zod';

import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ErrorBox } from '../../components/ErrorBox';
import { SelectField, TextField } from '../../components/Field';
import { failureText } from '../../lib/failures';
import { formatMoney, houseLabel } from '../../lib/format';
import { useSubmitValidatedForm } from '../../lib/forms';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useToast } from '../../lib/toasts';
import { useTRPC } from '../../lib/trpc-react';
import { paymentMethodLabel } from './payment-methods';
import { paymentTypeLabel } from './payment-display';

const messages = i18n('CompletePaymentDialog', {
  title: 'Complete Payment',
  // `{what}`: type and amount; `{house}`: the house.
  description: params('{what} from house {house}, paid now.'),
  method: 'Method',
  reference: 'Reference',
  referenceHint: 'A cheque number or a transfer id.',
  optional: 'Optional',
  cancel: 'Cancel',
  saving: 'Saving…',
  save: 'Mark Completed',
  completed: 'Payment completed',
});

/**
 * How the payment was paid (cash, cheque, bank transfer, card, other) and an optional
 * reference of at most 100 characters, checked by the server's own schema; paid now.
 */
export function CompletePaymentDialog({ payment, onClose }: { payment: Payment; onClose: () => void }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const { form, field, errors } = useSubmitValidatedFormFor(payment.id);

  const complete = useMutation(
    trpc.payments.complete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.houses.balance.pathKey() });
        showToast(t.completed);
        onClose();
      },
      onError: (error) => setServerError(failureText(error)),
    }),
  );

  const onSubmit = form.handleSubmit((values) => {
    setServerError(null);
    complete.mutate(values);
  });

  return (
    <Dialog
      title={t.title}
      description={t.description({
        what: `${paymentTypeLabel(payment.type)}, ${formatMoney(payment.amount)}`,
        house: houseLabel(payment.houseId),
      })}
      onClose={onClose}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {serverError && (
          <ErrorBox message={serverError} onDismiss={() => setServerError(null)} headingLevel={3} />
        )}
        <SelectField label={t.method} error={errors.method?.message} {...field('method')}>
          {PAYMENT_METHODS.map((method) => (
            <option key={method} value={method}>
              {paymentMethodLabel(method)}
            </option>
          ))}
        </SelectField>
        <TextField
          label={t.reference}
          aside={t.optional}
          hint={t.referenceHint}
          autoComplete="off"
          maxLength={PAYMENT_REFERENCE_MAX}
          error={errors.reference?.message}
          {...field('reference')}
        />
        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={complete.isPending}>
            {complete.isPending ? t.saving : t.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

/** The form over the server's own complete request (method defaults to cash here: the usual one at the office). */
function useSubmitValidatedFormFor(id: string) {
  return useSubmitValidatedForm<CompletePaymentRequest, unknown, z.output<typeof ZCompletePaymentRequest>>({
    resolver: zodResolver(ZCompletePaymentRequest),
    defaultValues: { id, method: 'cash', reference: '' },
  });
}
