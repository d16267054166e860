/**
 * /vehicles/add: the vehicle form (docs/product.md#screens-and-routes,
 * docs/product.md#forms-and-their-messages, docs/api.md#the-rest-paths,
 * docs/product.md#how-the-app-shows-errors).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_LENGTH, ZCreateVehicleRequest } from '@gatehouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';

import { BackLink } from '../../components/BackLink';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { TextField } from '../../components/Field';
import { HouseSelectField } from '../../components/HouseSelectField';
import { PageHeader } from '../../components/PageHeader';
import { failureText } from '../../lib/failures';
import { upperCaseInput, useSubmitValidatedForm } from '../../lib/forms';
import { i18n, useMessages } from '../../lib/i18n';
import { ownHouseOf, useHouseOptions } from '../../lib/pickers';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('VehicleAddPage', {
  title: 'Add Vehicle',
  subtitle: 'Registered vehicles are recognised at the gate.',
  back: 'Back to vehicles',
  vehicle: 'Vehicle',
  licensePlate: 'License Plate',
  color: 'Color',
  colorExample: 'Silver',
  make: 'Make',
  model: 'Model',
  ownHouseHint: 'Vehicles are registered to your own house.',
  cancel: 'Cancel',
  adding: 'Adding…',
  add: 'Add Vehicle',
});

/**
 * License plate (upper-cased as typed), make, model, color and house, all required
 * (docs/product.md#forms-and-their-messages), checked by the server's own schema. A resident's own
 * house is
 * preselected; an admin picks one from the houses list (limit 100). The owner is the
 * current user (docs/api.md#the-rest-paths). A failure keeps the user on the form and, rather than
 * only logging it, shows the server's message in the shared error box
 * (docs/product.md#how-the-app-shows-errors).
 */
export function VehicleAddPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const user = useCurrentUser();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  // The House field's list (shared cache); a failure shows at the top of the form.
  const houses = useHouseOptions(user.role !== 'resident');

  const { form, field, errors } = useSubmitValidatedForm({
    resolver: zodResolver(ZCreateVehicleRequest),
    defaultValues: {
      licensePlate: '',
      make: '',
      model: '',
      color: '',
      houseId: ownHouseOf(user)?.id ?? '',
    },
  });

  const create = useMutation(
    trpc.vehicles.create.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.vehicles.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.houses.byId.pathKey() });
        navigate('/vehicles');
      },
      onError: (error) => {
        console.error('Failed to add vehicle', error);
        setServerError(failureText(error));
      },
    }),
  );

  const onSubmit = form.handleSubmit((vehicle) => {
    setServerError(null);
    create.mutate({ ...vehicle, ownerId: user.id });
  });

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        back={<BackLink href="/vehicles">{t.back}</BackLink>}
        title={t.title}
        subtitle={t.subtitle}
      />

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        {serverError && <ErrorBox message={serverError} onDismiss={() => setServerError(null)} />}
        {houses.isError && (
          <ErrorBox
            message={failureText(houses.error)}
            onRetry={() => void houses.refetch()}
          />
        )}

        <Card title={t.vehicle}>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <TextField
              label={t.licensePlate}
              autoComplete="off"
              autoCapitalize="characters"
              placeholder="KA 01 AB 1234"
              maxLength={MAX_LENGTH.licensePlate}
              inputClassName="uppercase font-mono tracking-wide"
              error={errors.licensePlate?.message}
              {...field('licensePlate', { onChange: upperCaseInput })}
            />
            <TextField
              label={t.color}
              autoComplete="off"
              placeholder={t.colorExample}
              maxLength={MAX_LENGTH.color}
              error={errors.color?.message}
              {...field('color')}
            />
            <TextField
              label={t.make}
              autoComplete="off"
              placeholder="Toyota"
              maxLength={MAX_LENGTH.make}
              error={errors.make?.message}
              {...field('make')}
            />
            <TextField
              label={t.model}
              autoComplete="off"
              placeholder="Corolla"
              maxLength={MAX_LENGTH.model}
              error={errors.model?.message}
              {...field('model')}
            />
            <HouseSelectField
              user={user}
              ownHouseHint={t.ownHouseHint}
              className="sm:col-span-2"
              error={errors.houseId?.message}
              {...field('houseId')}
            />
          </div>
        </Card>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <ButtonLink href="/vehicles" variant="secondary" size="lg">
            {t.cancel}
          </ButtonLink>
          <Button type="submit" size="lg" loading={create.isPending}>
            {create.isPending ? t.adding : t.add}
          </Button>
        </div>
      </form>
    </div>
  );
}
