/**
 * The Edit Vehicle dialog of /vehicles (admin or the owning resident;
 * docs/security.md#who-may-do-what).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_LENGTH, ZUpdateVehicleRequest, type Vehicle } from '@gatehouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ErrorBox } from '../../components/ErrorBox';
import { TextField } from '../../components/Field';
import { failureText } from '../../lib/failures';
import { upperCaseInput, useSubmitValidatedForm } from '../../lib/forms';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc-react';
import { useToast } from '../../lib/toasts';

const messages = i18n('EditVehicleDialog', {
  title: params('Edit vehicle {plate}'),
  saved: params('Vehicle {plate} saved'),
  licensePlate: 'License Plate',
  make: 'Make',
  model: 'Model',
  color: 'Color',
  cancel: 'Cancel',
  saving: 'Saving…',
  saveChanges: 'Save Changes',
});

/**
 * Plate (upper-cased as typed), make, model and color, all still required
 * (docs/product.md#forms-and-their-messages), checked by the server's own schema; PUT is partial,
 * the house and owner stay.
 */
export function EditVehicleDialog({ vehicle, onClose }: { vehicle: Vehicle; onClose: () => void }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const { form, field, errors } = useSubmitValidatedForm({
    resolver: zodResolver(ZUpdateVehicleRequest),
    defaultValues: {
      id: vehicle.id,
      licensePlate: vehicle.licensePlate,
      make: vehicle.make,
      model: vehicle.model,
      color: vehicle.color,
    },
  });

  const update = useMutation(
    trpc.vehicles.update.mutationOptions({
      onSuccess: async (updated) => {
        await queryClient.invalidateQueries({ queryKey: trpc.vehicles.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.houses.byId.pathKey() });
        // Every save says what happened (docs/product.md#confirmations-and-notices).
        showToast(t.saved({ plate: updated.licensePlate }));
        onClose();
      },
      onError: (error) => setServerError(failureText(error)),
    }),
  );

  const onSubmit = form.handleSubmit((changes) => {
    setServerError(null);
    update.mutate(changes);
  });

  return (
    <Dialog title={t.title({ plate: vehicle.licensePlate })} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {serverError && (
          <ErrorBox message={serverError} onDismiss={() => setServerError(null)} headingLevel={3} />
        )}
        <TextField
          label={t.licensePlate}
          autoComplete="off"
          autoCapitalize="characters"
          maxLength={MAX_LENGTH.licensePlate}
          inputClassName="uppercase font-mono tracking-wide"
          error={errors.licensePlate?.message}
          {...field('licensePlate', { onChange: upperCaseInput })}
        />
        <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
          <TextField
            label={t.make}
            autoComplete="off"
            maxLength={MAX_LENGTH.make}
            error={errors.make?.message}
            {...field('make')}
          />
          <TextField
            label={t.model}
            autoComplete="off"
            maxLength={MAX_LENGTH.model}
            error={errors.model?.message}
            {...field('model')}
          />
        </div>
        <TextField
          label={t.color}
          autoComplete="off"
          maxLength={MAX_LENGTH.color}
          error={errors.color?.message}
          {...field('color')}
        />
        <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
          <Button variant="secondary" onClick={onClose}>
            {t.cancel}
          </Button>
          <Button type="submit" loading={update.isPending}>
            {update.isPending ? t.saving : t.saveChanges}
          </Button>
        </div>
      </form>
    </Dialog>
  );
}
