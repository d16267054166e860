/**
 * The Raise Dues dialog of /payments (admin; docs/operations.md#dues-ledger: one house or every
 * house at once).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_LENGTH, PAYMENT_TYPES, ZBulkPaymentRequest, ZCreatePaymentRequest } from '@gatehouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { z } from 'zod';

import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ErrorBox } from '../../components/ErrorBox';
import { SelectField, TextField } from '../../components/Field';
import { HouseSelectField } from '../../components/HouseSelectField';
import { failureText } from '../../lib/failures';
import { useSubmitValidatedForm } from '../../lib/forms';
import { count, i18n, useMessages } from '../../lib/i18n';
import { useToast } from '../../lib/toasts';
import { useTRPC } from '../../lib/trpc-react';
import { paymentTypeLabel } from './payment-display';

const messages = i18n('RaiseDuesDialog', {
  title: 'Raise Dues',
  description: 'A pending due for one house or for every house at once. Past due dates are allowed.',
  houses: 'Houses',
  allHouses: 'All houses',
  oneHouse: 'One house',
  amount: 'Amount (USD)',
  type: 'Type',
  descriptionLabel: 'Description',
  descriptionExample: 'Monthly maintenance, March',
  dueDate: 'Due Date',
  cancel: 'Cancel',
  saving: 'Raising…',
  save: 'Raise Dues',
  raised: count({ one: 'Dues raised for {count} house', other: 'Dues raised for {count} houses' }),
});

/**
 * The form: the bulk request's own rules (type, amount, description and due date required),
 * and, when "One house" is chosen, the house the single-payment form asks for.
 */
const ZRaiseDuesForm = ZBulkPaymentRequest.omit({ houseIds: true })
  .extend({ scope: z.enum(['all', 'one']), houseId: z.string().optional() })
  .superRefine((values, context) => {
    if (values.scope !== 'one') return;
    const house = ZCreatePaymentRequest.shape.houseId.safeParse(values.houseId ?? '');
    if (!house.success) context.addIssue({ code: 'custom', path: ['houseId'], message: house.error.issues[0]!.message });
  });
type RaiseDuesForm = z.input<typeof ZRaiseDuesForm>;

/** An empty number box is "no amount" (the schema says 'Amount is required'), not 0 or NaN. */
const toAmount = (value: unknown) =>
  value === '' || value === null || value === undefined ? undefined : Number(value);

/**
 * Type, amount in USD, description and due date for every house (POST /api/payments/bulk
 * without houseIds) or one house (`houseIds: [id]`): all or nothing on the server.
 */
export function RaiseDuesDialog({ onClose }: { onClose: () => void }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const { form, field, errors } = useSubmitValidatedForm<RaiseDuesForm, unknown, z.output<typeof ZRaiseDuesForm>>({
    resolver: zodResolver(ZRaiseDuesForm),
    defaultValues: { scope: 'all', houseId: '', type: 'maintenance', description: '', dueDate: '' },
  });
  const scope = form.watch('scope');

  const bulk = useMutation(
    trpc.payments.bulk.mutationOptions({
      onSuccess: async (result) => {
        await queryClient.invalidateQueries({ queryKey: trpc.payments.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.houses.balance.pathKey() });
        showToast(t.raised(result.count));
        onClose();
      },
      onError: (error) => setServerError(failureText(error)),
    }),
  );

  const onSubmit = form.handleSubmit(({ scope: chosen, houseId, ...dues }) => {
    setServerError(null);
    bulk.mutate(chosen === 'one' && houseId ? { ...dues, houseIds: [houseId] } : dues);
  });

  return (
    <Dialog title={t.title} description={t.description} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {serverError && (
          <ErrorBox message={serverError} onDismiss={() => setServerError(null)} headingLevel={3} />
        )}
        <fieldset>
          <legend className="mb-2 text-sm font-medium text-slate-800">{t.houses}</legend>
          <div className="flex flex-col gap-2 sm:flex-row sm:gap-3">
            {(['all', 'one'] as const).map((value) => (
              <label
                key={value}
                className="flex min-h-11 flex-1 cursor-pointer items-center gap-3 rounded-xl border border-slate-300 px-4 py-2 text-sm font-medium text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50 has-[:checked]:text-brand-900"
              >
                <input type="radio" value={value} className="size-4 accent-brand-700" {...field('scope')} />
                {value === 'all' ? t.allHouses : t.oneHouse}
              </label>
            ))}
          </div>
        </fieldset>
        {scope === 'one' && (
          <HouseSelectField loadError="box" error={errors.houseId?.message} {...field('houseId')} />
        )}
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
          autoComplete="off"
          placeholder={t.descriptionExample}
          maxLength={MAX_LENGTH.description}
          error={errors.description?.message}
          {...field('description')}
        />
        <TextField label={t.dueDate} type="date" error={errors.dueDate?.message} {...field('dueDate')} />
        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={bulk.isPending}>
            {bulk.isPending ? t.saving : t.save}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
