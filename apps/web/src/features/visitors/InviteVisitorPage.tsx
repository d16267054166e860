/** /visitors/create: the invitation form (product-spec §2, §5, §9). */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  DEFAULT_VISIT_TIME_FROM,
  DEFAULT_VISIT_TIME_TO,
  PAGE_SIZES,
  ZInviteVisitorRequest,
  type User,
} from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useLocation } from 'wouter';

import { BackLink } from '../../components/BackLink';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { SelectField, TextField } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { toAppError } from '../../lib/errors';
import { houseLabel, todayIsoDate } from '../../lib/format';
import { registerClearingErrors, upperCaseInput } from '../../lib/forms';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';

/** The house a resident's invitations are for: their own, from the session (product-spec §2). */
function ownHouseOf(user: User) {
  return user.role === 'resident' ? user.houseId : null;
}

/**
 * The invitation form. Date defaults to today (and may not be earlier), times to 09:00 and
 * 17:00; a resident's own house is preselected, an admin picks from the houses list.
 * The same schema as the server validates it; empty optional fields are left out of the
 * payload. Success opens the new invitation.
 */
export function InviteVisitorPage() {
  useDocumentTitle('New Invitation');
  const user = useCurrentUser();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const ownHouse = ownHouseOf(user);
  const isResident = user.role === 'resident';
  const today = todayIsoDate();
  const [serverError, setServerError] = useState<string | null>(null);

  const houses = useQuery(
    trpc.houses.list.queryOptions({ limit: PAGE_SIZES.pickers }, { enabled: !isResident }),
  );

  const form = useForm({
    resolver: zodResolver(ZInviteVisitorRequest),
    defaultValues: {
      name: '',
      phone: '',
      email: '',
      purpose: '',
      vehicleLicensePlate: '',
      houseId: ownHouse?.id ?? '',
      visitDate: today,
      visitTimeFrom: DEFAULT_VISIT_TIME_FROM,
      visitTimeTo: DEFAULT_VISIT_TIME_TO,
    },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const field = registerClearingErrors(form);
  const { errors } = form.formState;

  const invite = useMutation(
    trpc.visitors.invite.mutationOptions({
      onSuccess: async (visitor) => {
        await queryClient.invalidateQueries({ queryKey: trpc.visitors.pathKey() });
        navigate(`/visitors/${visitor.id}`);
      },
      onError: (error) => setServerError(toAppError(error, 'Failed to create invitation').message),
    }),
  );

  // The schema's output has empty optional fields as undefined, which JSON leaves out.
  const onSubmit = form.handleSubmit((invitation) => {
    setServerError(null);
    invite.mutate(invitation);
  });

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        back={<BackLink href="/visitors">Back to visitors</BackLink>}
        title="New Invitation"
        subtitle="Your visitor gets a QR pass to show at the gate."
      />

      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        {serverError && <ErrorBox message={serverError} onDismiss={() => setServerError(null)} />}

        <Card title="Visitor">
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <TextField
              label="Visitor Name"
              autoComplete="off"
              error={errors.name?.message}
              {...field('name')}
            />
            <TextField
              label="Phone Number"
              type="tel"
              autoComplete="off"
              placeholder="+1 555 010 0100"
              error={errors.phone?.message}
              {...field('phone')}
            />
            <TextField
              label="Email"
              aside="Optional"
              type="email"
              autoComplete="off"
              error={errors.email?.message}
              {...field('email')}
            />
            <TextField
              label="Vehicle License Plate"
              aside="Optional"
              autoComplete="off"
              autoCapitalize="characters"
              inputClassName="uppercase"
              error={errors.vehicleLicensePlate?.message}
              {...field('vehicleLicensePlate', { onChange: upperCaseInput })}
            />
            <TextField
              label="Purpose"
              aside="Optional"
              placeholder="Delivery, family visit, repairs…"
              className="sm:col-span-2"
              error={errors.purpose?.message}
              {...field('purpose')}
            />
          </div>
        </Card>

        <Card title="Visit">
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-3">
            {isResident ? (
              <SelectField
                label="House"
                className="sm:col-span-3"
                error={errors.houseId?.message}
                hint={
                  ownHouse
                    ? 'Invitations are for your own house.'
                    : 'You are not assigned to a house yet. Ask an admin to add you.'
                }
                {...field('houseId')}
              >
                {ownHouse ? (
                  <option value={ownHouse.id}>{houseLabel(ownHouse)}</option>
                ) : (
                  <option value="">No house assigned</option>
                )}
              </SelectField>
            ) : (
              <SelectField
                label="House"
                className="sm:col-span-3"
                error={
                  errors.houseId?.message ??
                  (houses.isError ? toAppError(houses.error).message : undefined)
                }
                disabled={houses.isPending}
                {...field('houseId')}
              >
                <option value="">{houses.isPending ? 'Loading houses…' : 'Select a house'}</option>
                {houses.data?.items.map((house) => (
                  <option key={house.id} value={house.id}>
                    {houseLabel(house)}
                  </option>
                ))}
              </SelectField>
            )}
            <TextField
              label="Visit Date"
              type="date"
              min={today}
              error={errors.visitDate?.message}
              {...field('visitDate')}
            />
            <TextField
              label="Start Time"
              type="time"
              error={errors.visitTimeFrom?.message}
              {...field('visitTimeFrom')}
            />
            <TextField
              label="End Time"
              type="time"
              error={errors.visitTimeTo?.message}
              {...field('visitTimeTo')}
            />
          </div>
        </Card>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <ButtonLink href="/visitors" variant="secondary" size="lg">
            Cancel
          </ButtonLink>
          <Button type="submit" size="lg" loading={invite.isPending}>
            {invite.isPending ? 'Creating…' : 'Create Invitation'}
          </Button>
        </div>
      </form>
    </div>
  );
}
