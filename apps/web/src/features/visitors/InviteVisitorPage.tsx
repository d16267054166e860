/**
 * /visitors/create: the invitation form (docs/product.md#screens-and-routes,
 * docs/product.md#forms-and-their-messages, docs/product.md#constants-and-formats).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { DEFAULT_VISIT_TIME_FROM, DEFAULT_VISIT_TIME_TO, ZInviteVisitorRequest } from '@gatehouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';

import { BackLink } from '../../components/BackLink';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { TextField } from '../../components/Field';
import { HouseSelectField } from '../../components/HouseSelectField';
import { PageHeader } from '../../components/PageHeader';
import { failureText } from '../../lib/failures';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useCommunityTimeZone, zoneSuffix } from '../../lib/time-zone';
import { focusFirstError, useSubmitValidatedForm } from '../../lib/forms';
import { ownHouseOf } from '../../lib/pickers';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import type { PassCreatedState } from '../passes/PassShareActions';
import { communityClock, defaultVisitWindow } from './default-visit-window';
import { VisitorPersonFields } from './VisitorPersonFields';

const messages = i18n('InviteVisitorPage', {
  title: 'New Invitation',
  back: 'Back to visitors',
  subtitle: 'Your visitor gets a QR pass to show at the gate.',
  created: params("Invitation created: {name}'s pass is ready to share"),
  failed: 'Failed to create invitation',
  visitorCard: 'Visitor',
  visitorName: 'Visitor Name',
  phone: 'Phone Number',
  email: 'Email',
  plate: 'Vehicle License Plate',
  purpose: 'Purpose',
  purposePlaceholder: 'Delivery, family visit, repairs…',
  optional: 'Optional',
  visitCard: 'Visit',
  ownHouseHint: 'Invitations are for your own house.',
  visitDate: 'Visit Date',
  zoneHint: params("In the community's time zone ({zone}), as are the times."),
  startTime: 'Start Time',
  endTime: 'End Time',
  cancel: 'Cancel',
  creating: 'Creating…',
  create: 'Create Invitation',
});

/** The visit's fields, which start at the default window of the moment. */
const WINDOW_FIELDS = ['visitDate', 'visitTimeFrom', 'visitTimeTo'] as const;

/**
 * The invitation form. The date and window default to today's in the community's zone
 * (`defaultVisitWindow`: 09:00–17:00 until 17:00, then from now to 23:59), taken again at
 * Create while untouched, so that a form left open does not send a window that has ended;
 * the date may not be before today. A resident's own house is preselected, an admin picks
 * from the houses list. The same schema as the server validates it; empty optional fields
 * are left out of the payload; a refused form focuses its first error. Success opens the
 * new invitation, whose page says it was created.
 */
export function InviteVisitorPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const user = useCurrentUser();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const timeZone = useCommunityTimeZone();
  // The community's today (docs/product.md#time-zone): what the server judges by.
  const today = communityClock(new Date(), timeZone).date;
  const zone = zoneSuffix(timeZone, new Date()).trim();
  const [serverError, setServerError] = useState<string | null>(null);

  const formRef = useRef<HTMLFormElement>(null);

  const { form, field, errors } = useSubmitValidatedForm({
    resolver: zodResolver(ZInviteVisitorRequest),
    defaultValues: {
      name: '',
      phone: '',
      email: '',
      purpose: '',
      vehicleLicensePlate: '',
      houseId: ownHouseOf(user)?.id ?? '',
      ...defaultVisitWindow(new Date(), timeZone),
    },
  });

  /**
   * Puts the default window of this moment in the date and time fields the user has not
   * touched; for another day than today (a date chosen), the product's 09:00-17:00.
   */
  const refreshUntouchedWindow = () => {
    const now = defaultVisitWindow(new Date(), timeZone);
    const chosenDate = form.getFieldState('visitDate').isDirty ? form.getValues('visitDate') : now.visitDate;
    const defaults = chosenDate === now.visitDate ? now : { visitDate: chosenDate, visitTimeFrom: DEFAULT_VISIT_TIME_FROM, visitTimeTo: DEFAULT_VISIT_TIME_TO };
    for (const name of WINDOW_FIELDS) {
      if (!form.getFieldState(name).isDirty && form.getValues(name) !== defaults[name]) form.resetField(name, { defaultValue: defaults[name] });
    }
  };

  // The zone arrives after the first render, and a date may be chosen: untouched fields follow.
  const visitDate = form.watch('visitDate');
  useEffect(refreshUntouchedWindow, [form, timeZone, visitDate]);

  const invite = useMutation(
    trpc.visitors.invite.mutationOptions({
      onSuccess: async (visitor) => {
        await queryClient.invalidateQueries({ queryKey: trpc.visitors.pathKey() });
        const created = t.created({ name: visitor.name });
        // Shown on the pass's page above the pass (never over its code), which takes focus.
        navigate(`/visitors/${visitor.id}`, { state: { passCreated: created } satisfies PassCreatedState });
      },
      onError: (error) => {
        setServerError(failureText(error, t.failed));
        focusFirstError(formRef.current);
      },
    }),
  );

  // The schema's output has empty optional fields as undefined, which JSON leaves out.
  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    refreshUntouchedWindow();
    void form.handleSubmit(
      (invitation) => {
        setServerError(null);
        invite.mutate(invitation);
      },
      () => focusFirstError(formRef.current),
    )(event);
  };

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        back={<BackLink href="/visitors">{t.back}</BackLink>}
        title={t.title}
        subtitle={t.subtitle}
      />

      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        {serverError && <ErrorBox message={serverError} onDismiss={() => setServerError(null)} />}

        <VisitorPersonFields labels={{ ...t, name: t.visitorName }} field={field} errors={errors}>
          <TextField
            label={t.email}
            aside={t.optional}
            type="email"
            autoComplete="off"
            error={errors.email?.message}
            {...field('email')}
          />
        </VisitorPersonFields>

        <Card title={t.visitCard}>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-3">
            <HouseSelectField
              user={user}
              ownHouseHint={t.ownHouseHint}
              loadError="field"
              className="sm:col-span-3"
              error={errors.houseId?.message}
              {...field('houseId')}
            />
            <TextField
              label={t.visitDate}
              type="date"
              min={today}
              hint={zone ? t.zoneHint({ zone }) : undefined}
              error={errors.visitDate?.message}
              {...field('visitDate')}
            />
            <TextField
              label={t.startTime}
              type="time"
              error={errors.visitTimeFrom?.message}
              {...field('visitTimeFrom')}
            />
            <TextField
              label={t.endTime}
              type="time"
              error={errors.visitTimeTo?.message}
              {...field('visitTimeTo')}
            />
          </div>
        </Card>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <ButtonLink href="/visitors" variant="secondary" size="lg">
            {t.cancel}
          </ButtonLink>
          <Button type="submit" size="lg" loading={invite.isPending}>
            {invite.isPending ? t.creating : t.create}
          </Button>
        </div>
      </form>
    </div>
  );
}
