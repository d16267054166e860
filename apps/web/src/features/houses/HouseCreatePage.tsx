/** /houses/create (admin): the new-house form (product-spec §2, §5, §7, §8). */
import { zodResolver } from '@hookform/resolvers/zod';
import { MAX_LENGTH, ZCreateHouseRequest } from '@gatehouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useLocation } from 'wouter';

import { BackLink } from '../../components/BackLink';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { SelectField, TextField } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { failureText } from '../../lib/failures';
import { useSubmitValidatedForm } from '../../lib/forms';
import { userOptionLabel, useUserOptions } from '../../lib/pickers';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The fallback when the server gives no text (product-spec §8). */
export const CREATE_HOUSE_FALLBACK = 'Failed to create house';

/**
 * House number, block, street and owner, all required (product-spec §5), checked by the
 * same schema as the server. The owner is picked from the users list (limit 100); success
 * opens the new house by the `id` of the answer (product-spec §7).
 */
export function HouseCreatePage() {
  useDocumentTitle('Add House');
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const users = useUserOptions();
  const owners = (users.data?.items ?? []).filter((user) => user.isActive);

  const { form, field, errors } = useSubmitValidatedForm({
    resolver: zodResolver(ZCreateHouseRequest),
    defaultValues: { houseNumber: '', block: '', street: '', ownerId: '' },
  });

  const create = useMutation(
    trpc.houses.create.mutationOptions({
      onSuccess: async (house) => {
        await queryClient.invalidateQueries({ queryKey: trpc.houses.pathKey() });
        navigate(`/houses/${house.id}`);
      },
      onError: (error) => setServerError(failureText(error, CREATE_HOUSE_FALLBACK)),
    }),
  );

  const onSubmit = form.handleSubmit((house) => {
    setServerError(null);
    create.mutate(house);
  });

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        back={<BackLink href="/houses">Back to houses</BackLink>}
        title="Add House"
        subtitle="Register a house and its owner. Residents are added on the house page."
      />

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        {serverError && <ErrorBox message={serverError} onDismiss={() => setServerError(null)} />}
        {users.isError && (
          <ErrorBox
            message={failureText(users.error)}
            onRetry={() => void users.refetch()}
          />
        )}

        <Card title="House">
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <TextField
              label="House Number"
              autoComplete="off"
              placeholder="A-101"
              maxLength={MAX_LENGTH.houseNumber}
              error={errors.houseNumber?.message}
              {...field('houseNumber')}
            />
            <TextField
              label="Block"
              autoComplete="off"
              placeholder="A"
              maxLength={MAX_LENGTH.block}
              error={errors.block?.message}
              {...field('block')}
            />
            <TextField
              label="Street"
              autoComplete="off"
              placeholder="Maple Avenue"
              className="sm:col-span-2"
              maxLength={MAX_LENGTH.street}
              error={errors.street?.message}
              {...field('street')}
            />
            <SelectField
              label="Owner"
              className="sm:col-span-2"
              disabled={users.isPending}
              error={errors.ownerId?.message}
              hint="Any active user of the community."
              {...field('ownerId')}
            >
              <option value="">{users.isPending ? 'Loading users…' : 'Select the owner'}</option>
              {owners.map((user) => (
                <option key={user.id} value={user.id}>
                  {userOptionLabel(user)}
                </option>
              ))}
            </SelectField>
          </div>
        </Card>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <ButtonLink href="/houses" variant="secondary" size="lg">
            Cancel
          </ButtonLink>
          <Button type="submit" size="lg" loading={create.isPending}>
            {create.isPending ? 'Creating…' : 'Create House'}
          </Button>
        </div>
      </form>
    </div>
  );
}
