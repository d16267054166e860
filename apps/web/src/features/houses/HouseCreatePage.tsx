/**
 * /houses/create (admin): the new-house form (docs/product.md#screens-and-routes,
 * docs/product.md#forms-and-their-messages, docs/api.md#the-rest-paths,
 * docs/product.md#how-the-app-shows-errors).
 */
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
import { i18n, useMessages } from '../../lib/i18n';
import { userOptionLabel, useUserOptions } from '../../lib/pickers';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';

const messages = i18n('HouseCreatePage', {
  title: 'Add House',
  back: 'Back to houses',
  subtitle: 'Register a house and its owner. Residents are added on the house page.',
  /** The fallback when the server gives no text (docs/product.md#how-the-app-shows-errors). */
  failed: 'Failed to create house',
  houseCard: 'House',
  houseNumber: 'House Number',
  block: 'Block',
  street: 'Street',
  streetPlaceholder: 'Maple Avenue',
  owner: 'Owner',
  ownerHint: 'Any active user of the community.',
  loadingUsers: 'Loading users…',
  selectOwner: 'Select the owner',
  cancel: 'Cancel',
  creating: 'Creating…',
  create: 'Create House',
});

/**
 * House number, block, street and owner, all required (docs/product.md#forms-and-their-messages),
 * checked by the
 * same schema as the server. The owner is picked from the users list (limit 100); success
 * opens the new house by the `id` of the answer (docs/api.md#the-rest-paths).
 */
export function HouseCreatePage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
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
      onError: (error) => setServerError(failureText(error, t.failed)),
    }),
  );

  const onSubmit = form.handleSubmit((house) => {
    setServerError(null);
    create.mutate(house);
  });

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        back={<BackLink href="/houses">{t.back}</BackLink>}
        title={t.title}
        subtitle={t.subtitle}
      />

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        {serverError && <ErrorBox message={serverError} onDismiss={() => setServerError(null)} />}
        {users.isError && (
          <ErrorBox
            message={failureText(users.error)}
            onRetry={() => void users.refetch()}
          />
        )}

        <Card title={t.houseCard}>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <TextField
              label={t.houseNumber}
              autoComplete="off"
              placeholder="A-101"
              maxLength={MAX_LENGTH.houseNumber}
              error={errors.houseNumber?.message}
              {...field('houseNumber')}
            />
            <TextField
              label={t.block}
              autoComplete="off"
              placeholder="A"
              maxLength={MAX_LENGTH.block}
              error={errors.block?.message}
              {...field('block')}
            />
            <TextField
              label={t.street}
              autoComplete="off"
              placeholder={t.streetPlaceholder}
              className="sm:col-span-2"
              maxLength={MAX_LENGTH.street}
              error={errors.street?.message}
              {...field('street')}
            />
            <SelectField
              label={t.owner}
              className="sm:col-span-2"
              disabled={users.isPending}
              error={errors.ownerId?.message}
              hint={t.ownerHint}
              {...field('ownerId')}
            >
              <option value="">{users.isPending ? t.loadingUsers : t.selectOwner}</option>
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
            {t.cancel}
          </ButtonLink>
          <Button type="submit" size="lg" loading={create.isPending}>
            {create.isPending ? t.creating : t.create}
          </Button>
        </div>
      </form>
    </div>
  );
}
