/**
 * /passes/create: a new recurring pass (docs/operations.md#frequent-visitors): the visitor (name,
 * phone, plate,
 * purpose: the invitation's VisitorPersonFields), the house (a resident's own), the weekdays (checkboxes in a fieldset with its
 * legend), the daily window, the start and end dates (at most 12 months apart), and
 * whether to be told when the holder arrives and leaves (off unless chosen). The same
 * shared schema as the server validates it; a refused form focuses its first error.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { passLatestEndDate, WEEKDAYS, ZCreatePassRequest } from '@gatehouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useEffect, useRef, useState, type FormEvent } from 'react';
import { useLocation } from 'wouter';

import { BackLink } from '../../components/BackLink';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { CheckboxField, TextField } from '../../components/Field';
import { HouseSelectField } from '../../components/HouseSelectField';
import { PageHeader } from '../../components/PageHeader';
import { failureText } from '../../lib/failures';
import { formatDate, todayIsoDate } from '../../lib/format';
import { focusFirstError, useSubmitValidatedForm } from '../../lib/forms';
import { i18n, params, translateValidation, useMessages } from '../../lib/i18n';
import { ownHouseOf } from '../../lib/pickers';
import { useCurrentUser } from '../../lib/session';
import { useCommunityTimeZone } from '../../lib/time-zone';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { VisitorPersonFields } from '../visitors/VisitorPersonFields';
import { weekdayLabel } from './pass-labels';
import type { PassCreatedState } from './PassShareActions';

const messages = i18n('PassCreatePage', {
  title: 'New frequent visitor',
  back: 'Back to frequent visitors',
  subtitle: 'One QR pass and code for every listed day, inside the daily hours.',
  created: params('Pass created for {name}'),
  failed: 'Failed to create the pass',
  visitorCard: 'Visitor',
  name: 'Name',
  phone: 'Phone Number',
  purpose: 'Purpose',
  purposePlaceholder: 'Cleaning, school run, tutoring…',
  plate: 'Vehicle License Plate',
  optional: 'Optional',
  scheduleCard: 'Days and hours',
  ownHouseHint: 'Passes are for your own house.',
  days: 'Days',
  timeFrom: 'From',
  timeTo: 'To',
  startDate: 'Start Date',
  endDate: 'End Date',
  endHint: params('At most 12 months: until {date}.'),
  notifyLabel: 'Tell me when they arrive and leave',
  notifyHint: 'A notification under the bell, and on your devices where push notifications are on.',
  cancel: 'Cancel',
  creating: 'Creating…',
  create: 'Create Pass',
});

export function PassCreatePage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const user = useCurrentUser();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const timeZone = useCommunityTimeZone();
  const today = todayIsoDate(new Date(), timeZone);
  const [serverError, setServerError] = useState<string | null>(null);
  const formRef = useRef<HTMLFormElement>(null);

  const { form, field, errors } = useSubmitValidatedForm({
    resolver: zodResolver(ZCreatePassRequest),
    defaultValues: {
      name: '',
      phone: '',
      purpose: '',
      vehicleLicensePlate: '',
      houseId: ownHouseOf(user)?.id ?? '',
      weekdays: [],
      timeFrom: '08:00',
      timeTo: '17:00',
      startDate: today,
      endDate: '',
      notifyOnArrival: false,
    },
  });
  // The zone arrives after the first render: an untouched start follows the community's today.
  useEffect(() => {
    if (!form.getFieldState('startDate').isDirty) form.resetField('startDate', { defaultValue: today });
  }, [form, today]);
  const startDate = form.watch('startDate');
  const latestEnd = /^\d{4}-\d{2}-\d{2}$/.test(startDate ?? '') ? passLatestEndDate(startDate) : undefined;

  const create = useMutation(
    trpc.passes.create.mutationOptions({
      onSuccess: async (pass) => {
        await queryClient.invalidateQueries({ queryKey: trpc.passes.pathKey() });
        const created = t.created({ name: pass.name });
        // Shown on the pass's page above the pass (never over its code), which takes focus.
        navigate(`/passes/${pass.id}`, { state: { passCreated: created } satisfies PassCreatedState });
      },
      onError: (error) => {
        setServerError(failureText(error, t.failed));
        focusFirstError(formRef.current);
      },
    }),
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) =>
    void form.handleSubmit(
      (pass) => {
        setServerError(null);
        create.mutate(pass);
      },
      () => focusFirstError(formRef.current),
    )(event);
  const weekdaysError = errors.weekdays?.message ?? errors.weekdays?.root?.message;

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader back={<BackLink href="/passes">{t.back}</BackLink>} title={t.title} subtitle={t.subtitle} />

      <form ref={formRef} onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        {serverError && <ErrorBox message={serverError} onDismiss={() => setServerError(null)} />}

        <VisitorPersonFields labels={t} field={field} errors={errors} />

        <Card title={t.scheduleCard}>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <HouseSelectField
              user={user}
              ownHouseHint={t.ownHouseHint}
              loadError="field"
              className="sm:col-span-2"
              error={errors.houseId?.message}
              {...field('houseId')}
            />
            <fieldset className="sm:col-span-2" aria-describedby={weekdaysError ? 'pass-weekdays-error' : undefined}>
              <legend className="text-sm font-medium text-slate-800">{t.days}</legend>
              <div className="mt-2 flex flex-wrap gap-2">
                {WEEKDAYS.map((day) => (
                  <label
                    key={day}
                    className="flex min-h-11 cursor-pointer items-center gap-2 rounded-lg border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 has-[:checked]:border-brand-600 has-[:checked]:bg-brand-50"
                  >
                    <input type="checkbox" value={day} className="size-4" aria-invalid={weekdaysError ? true : undefined} {...field('weekdays')} />
                    <span aria-hidden="true">{weekdayLabel(day)}</span>
                    <span className="sr-only">{weekdayLabel(day, true)}</span>
                  </label>
                ))}
              </div>
              {weekdaysError && (
                <p id="pass-weekdays-error" role="alert" className="mt-1.5 text-sm font-medium text-red-600">
                  {translateValidation(weekdaysError)}
                </p>
              )}
            </fieldset>
            <TextField label={t.timeFrom} type="time" error={errors.timeFrom?.message} {...field('timeFrom')} />
            <TextField label={t.timeTo} type="time" error={errors.timeTo?.message} {...field('timeTo')} />
            <TextField label={t.startDate} type="date" min={today} error={errors.startDate?.message} {...field('startDate')} />
            <TextField
              label={t.endDate}
              type="date"
              min={startDate || today}
              max={latestEnd}
              hint={latestEnd ? t.endHint({ date: formatDate(latestEnd) }) : undefined}
              error={errors.endDate?.message}
              {...field('endDate')}
            />
            <CheckboxField className="sm:col-span-2" label={t.notifyLabel} hint={t.notifyHint} {...field('notifyOnArrival')} />
          </div>
        </Card>

        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <ButtonLink href="/passes" variant="secondary" size="lg">
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
