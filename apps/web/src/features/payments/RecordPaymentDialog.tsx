/** The Record Payment dialog of /payments (admin; docs/api.md#payments). */
import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_LENGTH, PAYMENT_TYPES, ZCreatePaymentRequest } from '@gatehouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ErrorBox } from '../../components/ErrorBox';
import { SelectField, TextField } from '../../components/Field';
import { HouseSelectField } from '../../components/HouseSelectField';
import { failureText } from '../../lib/failures';
import { useSubmitValidatedForm } from '../../lib/forms';
import { i18n, useMessages } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc-react';
import { useToast } from '../../lib/toasts';
import { paymentTypeLabel } from './payment-display';

const messages = i18n('RecordPaymentDialog', {
  title: 'Record Payment',
  description: 'A due for one house. It starts as pending.',
  amount: 'Amount (USD)',
  type: 'Type',
  descriptionLabel: 'Description',
  descriptionExample: 'Monthly maintenance, March',
  dueDate: 'Due Date',
  optional: 'Optional',
  cancel: 'Cancel',
  saving: 'Saving…',
  save: 'Save Payment',
  recorded: 'Payment recorded',
});

/** An empty number box is "no amount" (the schema says 'Amount is required'), not 0 or NaN. */
const toAmount = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/** An empty date box is "no due date" (optional), not an invalid date. */
const toOptionalDate = (value: unknown) => (value ? value : undefined);

/**
 * House, amount in USD, type, optional description and due date, checked by the
 * server's own schema (amount > 0, at most 1,000,000, at most 2 decimals). The new payment
 * is pending (docs/api.md#payments).
 */
export function RecordPaymentDialog({ onClose }: { onClose: () => void }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const { form, field, errors } = useSubmitValidatedForm({
    resolver: zodResolver(ZCreatePaymentRequest),
    defaultValues: { houseId: '', type: 'maintenance', description: '', dueDate: '' },
  });

  const create = useMutation(
    trpc.payments.create.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() });
        showToast(t.recorded);
        onClose();
      },
      onError: (error) => setServerError(failureText(error)),
    }),
  );

  const onSubmit = form.handleSubmit((payment) => {
    setServerError(null);
    create.mutate(payment);
  });

  return (
    <Dialog
      title={t.title}
      description={t.description}
      onClose={onClose}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {serverError && (
          <ErrorBox message={serverError} onDismiss={() => setServerError(null)} headingLevel={3} />
        )}
        <HouseSelectField loadError="box" error={errors.houseId?.message} {...field('houseId')} />
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <TextField
            label={t.amount}
            type="number"
            inputMode="decimal"
            min="0.01"
            step="0.01"
            placeholder="0.00"
            error={errors.amount?.message}
            {...field('amount', { setValueAs: toAmount })}
          />
          <SelectField label={t.type} error={errors.type?.message} {...field('type')}>
            {PAYMENT_TYPES.map((type) => (
              <option key={type} value={type}>
                {paymentTypeLabel(type)}
              </option>
            ))}
          </SelectField>
        </div>
        <TextField
          label={t.descriptionLabel}
          aside={t.optional}
          autoComplete="off"
          placeholder={t.descriptionExample}
          maxLength={MAX_LENGTH.description}
          error={errors.description?.message}
          {...field('description')}
        />
        <TextField
          label={t.dueDate}
          aside={t.optional}
          type="date"
          error={errors.dueDate?.message}
          {...field('dueDate', { setValueAs: toOptionalDate })}
        />
        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={create.isPending}>
            {create.isPending ? t.saving : t.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
