/**
 * The gate's walk-ins (docs/gate.md#walk-ins): /guard/walk-in registers a visitor who was not
 * invited (the house found by a search, name, phone, purpose with quick choices, plate, a photo taken with the
 * tablet's camera and shrunk on the device); /guard/walk-in/:id is the waiting card, which
 * shows live whether a resident approved or denied, counts down to the time-out, offers
 * the residents' phones and the gate's own approval (with a reason) once
 * WALKIN_ESCALATE_SECONDS have passed, and Check In the moment the visitor is approved.
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ZWalkInRequest, type Visitor } from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Camera, CheckCircle2, Clock, LogIn, Phone, ShieldAlert, XCircle } from 'lucide-react';
import { useEffect, useId, useState, type ChangeEvent } from 'react';
import { useLocation } from 'wouter';

import { BackLink } from '../../components/BackLink';
import { Button, ButtonLink } from '../../components/Button';
import { Card } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { TextField } from '../../components/Field';
import { HouseSearchField } from '../../components/HouseSearchField';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { StatusBadge } from '../../components/StatusBadge';
import { failureText } from '../../lib/failures';
import { useGateMove } from '../../lib/gate-moves';
import { formatInstant, houseLabel } from '../../lib/format';
import { upperCaseInput, useSubmitValidatedForm } from '../../lib/forms';
import { i18n, params, useMessages } from '../../lib/i18n';
import { shrinkPhoto, uploadPhoto } from '../../lib/photos';
import { useToast } from '../../lib/toasts';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { VisitorPhoto } from '../visitors/WalkInRequests';
import { BlocklistWarning } from './BlocklistWarning';
import { checkedInMessage, checkInFailedMessage } from './gate-messages';
import { savedMoveMessage } from './offline-gate';
import { useCommunityTimeZone } from '../../lib/time-zone';

const messages = i18n('WalkInPage', {
  title: 'New Walk-in',
  backToScan: 'Back to scan',
  subtitle: "A visitor who was not invited: the house's residents are asked to approve.",
  registerFailed: 'Failed to register walk-in',
  visitor: 'Visitor',
  visitorName: 'Visitor Name',
  phoneNumber: 'Phone Number',
  purpose: 'Purpose',
  optional: 'Optional',
  quickPurposes: 'Quick purposes',
  purposeDelivery: 'Delivery',
  purposeCab: 'Cab',
  purposeService: 'Service',
  purposeGuest: 'Guest',
  vehiclePlate: 'Vehicle License Plate',
  photo: 'Photo',
  photoDescription: 'Optional. The residents see it when they decide.',
  photoAlt: 'The visitor at the gate, as just taken',
  retakePhoto: 'Retake Photo',
  takePhoto: 'Take Photo',
  cancel: 'Cancel',
  sending: 'Sending…',
  askResidents: 'Ask the Residents',
  // The gate's own approval.
  approvalReason: 'Reason for approving at the gate',
  approvalPlaceholder: 'Resident confirmed on the intercom',
  approveAtGate: 'Approve at the Gate',
  // The waiting card (/guard/walk-in/:id).
  statusTitle: 'Walk-in',
  loading: 'Loading walk-in',
  waiting: 'Waiting for a resident',
  approved: 'Approved: let the visitor in',
  rejected: 'Denied by the resident',
  expired: 'No answer in time',
  checkedIn: 'Checked in',
  closed: 'Closed',
  backToActive: 'Back to active visitors',
  visitorForHouse: params('{name} for House {house}'),
  photoNotSaved: params('The photo was not saved: {error}'),
  residentsAsked: params('The residents of House {house} have been asked.'),
  decidedBy: params('By {name}'),
  decidedByWithReason: params('By {name}: {reason}'),
  deniedReason: params('Reason: {reason}'),
  timeLeft: 'Time left to decide:',
  timeLeftLabel: params('Time left to decide {time}'),
  phone: 'Phone',
  notGiven: 'Not given',
  registered: 'Registered',
  passCode: 'Pass code',
  checkIn: 'Check In Visitor',
  noAnswerTitle: 'No answer yet',
  noAnswerDescription: 'Call a resident, or approve at the gate with a reason.',
  residentsToCall: 'Residents to call',
  callResident: params('Call {name}, {phone}'),
  noResidentPhone: 'No resident of this house has a phone number on file.',
  newWalkIn: 'New Walk-in',
  activeVisitors: 'Active Visitors',
});

/**
 * The purposes most walk-ins have, one tap each (docs/gate.md#walk-ins): each fills the purpose
 * field
 * with its name in the current language.
 */
export const QUICK_PURPOSES = ['purposeDelivery', 'purposeCab', 'purposeService', 'purposeGuest'] as const;

/** /guard/walk-in: the walk-in form. */
export function WalkInPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [, navigate] = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const [photo, setPhoto] = useState<{ blob: Blob; url: string } | null>(null);
  const [photoError, setPhotoError] = useState<string | null>(null);
  const [sending, setSending] = useState(false);
  const photoId = useId();

  const { form, field, errors } = useSubmitValidatedForm({
    resolver: zodResolver(ZWalkInRequest),
    defaultValues: { name: '', phone: '', purpose: '', vehicleLicensePlate: '', houseId: '' },
  });
  const purpose = form.watch('purpose');
  const houseId = form.watch('houseId');

  useEffect(() => () => {
    if (photo) URL.revokeObjectURL(photo.url);
  }, [photo]);

  const walkIn = useMutation(trpc.visitors.walkIn.mutationOptions());

  const onPhoto = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    setPhotoError(null);
    if (!file) return;
    try {
      const blob = await shrinkPhoto(file);
      setPhoto({ blob, url: URL.createObjectURL(blob) });
    } catch (error) {
      setPhotoError(failureText(error));
    }
  };

  const onSubmit = form.handleSubmit(async (input) => {
    setServerError(null);
    setSending(true);
    try {
      const visitor = await walkIn.mutateAsync(input);
      // docs/operations.md#blocklist: the waiting card warns when the phone or plate is on the
      // blocklist.
      if (visitor.blocklisted) sessionStorage.setItem(`walk-in-blocklisted:${visitor.id}`, visitor.blocklisted.reason);
      if (photo) {
        // The walk-in stands even if its photo fails; the waiting card says so.
        await uploadPhoto(visitor.id, photo.blob).catch((error: unknown) => {
          sessionStorage.setItem(`walk-in-photo-error:${visitor.id}`, failureText(error));
        });
      }
      await queryClient.invalidateQueries({ queryKey: trpc.visitors.pathKey() });
      navigate(`/guard/walk-in/${visitor.id}`);
    } catch (error) {
      setServerError(failureText(error, t.registerFailed));
    } finally {
      setSending(false);
    }
  });

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        back={<BackLink href="/guard/scan">{t.backToScan}</BackLink>}
        title={t.title}
        subtitle={t.subtitle}
      />
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-6">
        {serverError && <ErrorBox message={serverError} onDismiss={() => setServerError(null)} />}
        <Card title={t.visitor}>
          <div className="grid grid-cols-1 gap-5 sm:grid-cols-2">
            <HouseSearchField
              className="sm:col-span-2"
              value={houseId}
              error={errors.houseId?.message}
              onChange={(chosen) => {
                form.setValue('houseId', chosen);
                form.clearErrors('houseId');
              }}
            />
            <TextField label={t.visitorName} autoComplete="off" error={errors.name?.message} {...field('name')} />
            <TextField label={t.phoneNumber} type="tel" autoComplete="off" placeholder="+1 555 010 0100" error={errors.phone?.message} {...field('phone')} />
            <div className="sm:col-span-2">
              <TextField label={t.purpose} aside={t.optional} error={errors.purpose?.message} {...field('purpose')} />
              <div className="mt-3 flex flex-wrap gap-2" role="group" aria-label={t.quickPurposes}>
                {QUICK_PURPOSES.map((key) => {
                  const choice = t[key];
                  return (
                    <Button
                      key={key}
                      variant={purpose === choice ? 'primary' : 'secondary'}
                      size="lg"
                      aria-pressed={purpose === choice}
                      onClick={() => form.setValue('purpose', choice)}
                    >
                      {choice}
                    </Button>
                  );
                })}
              </div>
            </div>
            <TextField
              label={t.vehiclePlate}
              aside={t.optional}
              autoComplete="off"
              autoCapitalize="characters"
              inputClassName="uppercase"
              error={errors.vehicleLicensePlate?.message}
              {...field('vehicleLicensePlate', { onChange: upperCaseInput })}
            />
          </div>
        </Card>
        <Card title={t.photo} description={t.photoDescription}>
          <div className="flex flex-col gap-4 sm:flex-row sm:items-center">
            {photo ? (
              <img src={photo.url} alt={t.photoAlt} className="size-32 rounded-xl object-cover" />
            ) : (
              <div className="flex size-32 items-center justify-center rounded-xl bg-slate-100 text-slate-400">
                <Camera aria-hidden="true" className="size-10" />
              </div>
            )}
            <div className="flex flex-col gap-2">
              <label htmlFor={photoId} className="inline-flex min-h-14 cursor-pointer items-center justify-center gap-2 rounded-lg border border-slate-300 bg-white px-6 text-base font-semibold text-slate-800 shadow-sm hover:bg-slate-50 focus-within:outline-2 focus-within:outline-brand-600">
                <Camera aria-hidden="true" className="size-5" />
                {photo ? t.retakePhoto : t.takePhoto}
              </label>
              <input id={photoId} type="file" accept="image/*" capture="environment" className="sr-only" onChange={(event) => void onPhoto(event)} />
              {photoError && (
                <p role="alert" className="text-sm font-medium text-red-700">
                  {photoError}
                </p>
              )}
            </div>
          </div>
        </Card>
        <div className="flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
          <ButtonLink href="/guard/scan" variant="secondary" size="lg">
            {t.cancel}
          </ButtonLink>
          <Button type="submit" size="lg" loading={sending}>
            {sending ? t.sending : t.askResidents}
          </Button>
        </div>
      </form>
    </div>
  );
}

/** `m:ss` of a number of seconds (never negative). */
export function formatCountdown(seconds: number): string {
  const whole = Math.max(0, Math.ceil(seconds));
  return `${Math.floor(whole / 60)}:${String(whole % 60).padStart(2, '0')}`;
}

/** Seconds since `iso` and until `iso + minutes`, ticking every second. */
function useClock(): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    const timer = setInterval(() => setNow(Date.now()), 1_000);
    return () => clearInterval(timer);
  }, []);
  return now;
}

/** The gate's own approval, with its reason (docs/gate.md#walk-ins: 5 to 200 characters). */
function GateApproval({ visitor }: { visitor: Visitor }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [reason, setReason] = useState('');
  const [error, setError] = useState<string | null>(null);
  const approve = useMutation(
    trpc.visitors.approve.mutationOptions({
      onSuccess: () => queryClient.invalidateQueries({ queryKey: trpc.visitors.pathKey() }),
      onError: (failure) => setError(failureText(failure)),
    }),
  );
  return (
    <form
      className="flex flex-col gap-3"
      onSubmit={(event) => {
        event.preventDefault();
        setError(null);
        approve.mutate({ id: visitor.id, reason });
      }}
    >
      <TextField
        label={t.approvalReason}
        placeholder={t.approvalPlaceholder}
        value={reason}
        error={error ?? undefined}
        onChange={(event) => setReason(event.target.value)}
      />
      <Button type="submit" size="lg" variant="secondary" loading={approve.isPending} icon={<ShieldAlert aria-hidden="true" className="size-5" />}>
        {t.approveAtGate}
      </Button>
    </form>
  );
}

/** /guard/walk-in/:id: the waiting card. */
export function WalkInStatusPage({ id }: { id: string }) {
  const t = useMessages(messages);
  useDocumentTitle(t.statusTitle);
  const trpc = useTRPC();
  const timeZone = useCommunityTimeZone();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [, navigate] = useLocation();
  const now = useClock();
  const [checkInError, setCheckInError] = useState<string | null>(null);
  const visitor = useQuery({ ...trpc.visitors.byId.queryOptions({ id }), refetchInterval: 15_000 });
  const settings = useQuery({ ...trpc.visitors.settings.queryOptions(), staleTime: Infinity });
  const data = visitor.data;
  const house = useQuery({ ...trpc.houses.byId.queryOptions({ id: data?.houseId.id ?? '' }), enabled: !!data && data.status === 'pending' });
  // The one gate path (lib/gate-moves.ts): done, or saved on this tablet, within a second.
  const move = useGateMove();
  const [checkingIn, setCheckingIn] = useState(false);
  const checkIn = async (visitor: Visitor) => {
    setCheckInError(null);
    setCheckingIn(true);
    const outcome = await move({ action: 'check-in', subject: { id: visitor.id, name: visitor.name, houseNumber: visitor.houseId.houseNumber } });
    setCheckingIn(false);
    if (outcome.kind === 'refused') return setCheckInError(failureText(outcome.error, checkInFailedMessage()));
    showToast(outcome.kind === 'saved' ? savedMoveMessage('checkIn') : checkedInMessage());
    void queryClient.invalidateQueries({ queryKey: trpc.visitors.pathKey() });
    void queryClient.invalidateQueries({ queryKey: trpc.gate.pathKey() });
    navigate('/guard');
  };
  const photoError = typeof sessionStorage !== 'undefined' ? sessionStorage.getItem(`walk-in-photo-error:${id}`) : null;
  const blocklistReason = typeof sessionStorage !== 'undefined' ? sessionStorage.getItem(`walk-in-blocklisted:${id}`) : null;

  if (visitor.isPending) return <PageSpinner label={t.loading} />;
  if (visitor.isError || !data) return <ErrorBox message={failureText(visitor.error)} onRetry={() => void visitor.refetch()} />;

  const createdAt = Date.parse(data.createdAt);
  const approvalMinutes = settings.data?.walkinApprovalMinutes ?? 10;
  const escalateSeconds = settings.data?.walkinEscalateSeconds ?? 60;
  const secondsLeft = (createdAt + approvalMinutes * 60_000 - now) / 1000;
  const escalated = (now - createdAt) / 1000 >= escalateSeconds;
  const residents = house.data?.residents ?? [];

  const tone =
    data.status === 'approved' || data.status === 'checked-in'
      ? { box: 'border-emerald-300 bg-emerald-50', text: 'text-emerald-900', icon: <CheckCircle2 aria-hidden="true" className="size-8 text-emerald-700" /> }
      : data.status === 'pending'
        ? { box: 'border-amber-300 bg-amber-50', text: 'text-amber-900', icon: <Clock aria-hidden="true" className="size-8 text-amber-700" /> }
        : { box: 'border-red-300 bg-red-50', text: 'text-red-900', icon: <XCircle aria-hidden="true" className="size-8 text-red-700" /> };
  const headline =
    data.status === 'pending'
      ? t.waiting
      : data.status === 'approved'
        ? t.approved
        : data.status === 'rejected'
          ? t.rejected
          : data.status === 'expired'
            ? t.expired
            : data.status === 'checked-in'
              ? t.checkedIn
              : t.closed;

  return (
    <div className="mx-auto max-w-3xl">
      <PageHeader
        back={<BackLink href="/guard">{t.backToActive}</BackLink>}
        title={t.statusTitle}
        subtitle={t.visitorForHouse({ name: data.name, house: houseLabel(data.houseId) })}
      />
      {photoError && <ErrorBox message={t.photoNotSaved({ error: photoError })} className="mb-6" />}
      {blocklistReason && <BlocklistWarning reason={blocklistReason} className="mb-6" />}
      <section aria-labelledby="walk-in-status" className={`rounded-2xl border-2 p-5 sm:p-6 ${tone.box}`}>
        <div role="status" className="flex items-start gap-3">
          {tone.icon}
          <div className="min-w-0 flex-1">
            <h2 id="walk-in-status" className={`text-xl font-bold ${tone.text}`}>
              {headline}
            </h2>
            {data.status === 'pending' && (
              <p className={`mt-1 text-sm font-medium ${tone.text}`}>
                {t.residentsAsked({ house: houseLabel(data.houseId) })}
              </p>
            )}
            {data.decidedBy && data.status === 'rejected' ? (
              // A resident's denial: who, and on a line of its own the reason to tell the visitor.
              <>
                <p className={`mt-1 text-sm font-medium ${tone.text}`}>{t.decidedBy({ name: data.decidedBy.name })}</p>
                {data.decisionReason && (
                  <p className="mt-3 rounded-lg border border-red-200 bg-white px-3 py-2 text-lg font-semibold break-words text-red-900">
                    {t.deniedReason({ reason: data.decisionReason })}
                  </p>
                )}
              </>
            ) : (
              data.decidedBy && (
                <p className={`mt-1 text-sm font-medium ${tone.text}`}>
                  {data.decisionReason
                    ? t.decidedByWithReason({ name: data.decidedBy.name, reason: data.decisionReason })
                    : t.decidedBy({ name: data.decidedBy.name })}
                </p>
              )
            )}
          </div>
          <StatusBadge status={data.status} size="lg" />
        </div>
        {data.status === 'pending' && (
          <p className="mt-4 text-base text-amber-900">
            {t.timeLeft}{' '}
            <span role="timer" aria-label={t.timeLeftLabel({ time: formatCountdown(secondsLeft) })} className="font-mono text-2xl font-bold">
              {formatCountdown(secondsLeft)}
            </span>
          </p>
        )}
        <div className="mt-5 flex items-center gap-4">
          <VisitorPhoto visitor={data} />
          <dl className="grid flex-1 grid-cols-1 gap-2 text-sm sm:grid-cols-2">
            <div>
              <dt className="text-slate-500">{t.phone}</dt>
              <dd className="font-medium text-slate-900">{data.phone}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t.purpose}</dt>
              <dd className="font-medium text-slate-900">{data.purpose ?? t.notGiven}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t.registered}</dt>
              <dd className="font-medium text-slate-900">{formatInstant(data.createdAt, timeZone)}</dd>
            </div>
            <div>
              <dt className="text-slate-500">{t.passCode}</dt>
              <dd className="font-mono font-medium text-slate-900">{data.passCode}</dd>
            </div>
          </dl>
        </div>
        {checkInError && <ErrorBox message={checkInError} onDismiss={() => setCheckInError(null)} className="mt-4" />}
        {data.status === 'approved' && (
          <Button size="lg" className="mt-6 w-full" loading={checkingIn} onClick={() => void checkIn(data)} icon={<LogIn aria-hidden="true" className="size-5" />}>
            {t.checkIn}
          </Button>
        )}
      </section>

      {data.status === 'pending' && escalated && (
        <Card title={t.noAnswerTitle} description={t.noAnswerDescription} className="mt-6">
          <div className="flex flex-col gap-5">
            {residents.length > 0 ? (
              <ul className="flex flex-col gap-2" aria-label={t.residentsToCall}>
                {residents.map((resident) => (
                  <li key={resident.id}>
                    <a
                      href={`tel:${resident.phone.replace(/[^\d+]/g, '')}`}
                      className="inline-flex min-h-14 w-full items-center gap-3 rounded-lg border border-slate-300 bg-white px-4 text-base font-semibold text-slate-800 hover:bg-slate-50"
                    >
                      <Phone aria-hidden="true" className="size-5 text-brand-700" />
                      {t.callResident({ name: resident.name, phone: resident.phone })}
                    </a>
                  </li>
                ))}
              </ul>
            ) : (
              <p className="text-sm text-slate-600">{t.noResidentPhone}</p>
            )}
            <GateApproval visitor={data} />
          </div>
        </Card>
      )}
      {data.status !== 'pending' && data.status !== 'approved' && (
        <div className="mt-6 flex gap-3">
          <ButtonLink href="/guard/walk-in" size="lg">
            {t.newWalkIn}
          </ButtonLink>
          <ButtonLink href="/guard" variant="secondary" size="lg">
            {t.activeVisitors}
          </ButtonLink>
        </div>
      )}
    </div>
  );
}
