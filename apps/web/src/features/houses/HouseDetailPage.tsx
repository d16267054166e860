/**
 * /houses/{id}: house information, residents and vehicles (docs/product.md#screens-and-routes,
 * docs/api.md#objects).
 */
import { ZAddResidentRequest, type HouseDetail } from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Car, UserPlus, UserRoundX, UsersRound } from 'lucide-react';
import { useState, type FormEvent, type ReactNode } from 'react';

import { BackLink } from '../../components/BackLink';
import { useConfirm } from '../../components/ConfirmDialog';
import { Button } from '../../components/Button';
import { Card, EmptyState } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { SelectField } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { Tabs } from '../../components/Tabs';
import { toAppError } from '../../lib/errors';
import { failureText } from '../../lib/failures';
import { i18n, params, useMessages } from '../../lib/i18n';
import { userOptionLabel, useUserOptions } from '../../lib/pickers';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { HouseBalanceCard } from '../payments/HouseBalanceCard';
import { Avatar } from '../shell/UserMenu';

const messages = i18n('HouseDetailPage', {
  house: 'House',
  title: params('House {house}'),
  back: 'Back to houses',
  loading: 'Loading house',
  /** The fallback when a house cannot be shown (docs/product.md#how-the-app-shows-errors). */
  notFound: 'House not found',
  block: params('Block {block}'),
  houseInformation: 'House Information',
  houseNumber: 'House Number',
  blockTerm: 'Block',
  street: 'Street',
  owner: 'Owner',
  noOwner: 'No owner',
  residentsAndVehicles: 'Residents and vehicles',
  residents: 'Residents',
  vehicles: 'Vehicles',
  newResident: 'New resident',
  newResidentHint: 'Someone who lives in another house moves here.',
  loadingUsers: 'Loading users…',
  selectUser: 'Select a user',
  userInHouse: params('{user} · now in {house}'),
  addResident: 'Add Resident',
  removeTitle: 'Remove resident?',
  /** The question asked before a resident is removed from a house. */
  removeQuestion: params('Remove {name} from house {house}?'),
  removeResident: 'Remove Resident',
  residentsPrivate: 'Residents are private',
  noResidents: 'No residents yet',
  residentsPrivateHint: 'Only the residents of this house can see who lives here.',
  addFirstResident: 'Pick a user above to add the first resident.',
  nobodyLivesHere: 'Nobody is registered as living here.',
  residentsOf: params('Residents of house {house}'),
  email: 'Email: ',
  removeLabel: params('Remove {name}'),
  remove: 'Remove',
  vehiclesPrivate: 'Vehicles are private',
  noVehicles: 'No vehicles registered',
  vehiclesPrivateHint: 'Only the residents of this house can see its vehicles.',
  vehiclesHint: 'Vehicles added for this house show up here.',
  vehiclesOf: params('Vehicles of house {house}'),
  plate: 'Plate',
  make: 'Make',
  model: 'Model',
  color: 'Color',
});

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex items-baseline justify-between gap-4 py-3 lg:flex-col lg:gap-0.5">
      <dt className="shrink-0 text-sm font-medium text-slate-500">{term}</dt>
      <dd className="min-w-0 text-right text-sm break-words text-slate-900 lg:text-left">
        {children}
      </dd>
    </div>
  );
}

/** Table cells: tighter on phones so plate, make, model and color fit in 375 px. */
const TABLE_HEAD =
  'px-3 py-3 text-left text-xs font-semibold tracking-wide text-slate-500 uppercase first:pl-5 last:pr-5';
const TABLE_CELL = 'px-3 py-3 text-sm text-slate-900 first:pl-5 last:pr-5';

/**
 * The Add Resident form (admin, docs/security.md#who-may-do-what): a user picked from the users
 * list
 * (limit 100), minus the house's residents and inactive accounts. Adding someone who
 * lives elsewhere moves them, as a user lives in at most one house.
 */
function AddResidentForm({ house }: { house: HouseDetail }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const users = useUserOptions();
  const [userId, setUserId] = useState('');
  const [fieldError, setFieldError] = useState<string | undefined>();
  const [serverError, setServerError] = useState<string | null>(null);
  const residentIds = new Set(house.residents.map((resident) => resident.id));
  const candidates = (users.data?.items ?? []).filter(
    (user) => user.isActive && !residentIds.has(user.id),
  );

  const add = useMutation(
    trpc.houses.addResident.mutationOptions({
      onSuccess: async (detail) => {
        queryClient.setQueryData(trpc.houses.byId.queryKey({ id: house.id }), detail);
        setUserId('');
        await queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() });
      },
      onError: (error) => setServerError(failureText(error)),
    }),
  );

  const onSubmit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // The shared schema's message for a missing user (no second rule here).
    const parsed = ZAddResidentRequest.safeParse({ id: house.id, userId });
    if (!parsed.success) {
      setFieldError(parsed.error.issues[0]?.message);
      return;
    }
    setServerError(null);
    add.mutate(parsed.data);
  };

  return (
    <form
      onSubmit={onSubmit}
      noValidate
      className="flex flex-col gap-3 border-b border-slate-100 px-5 py-4"
    >
      {users.isError && (
        <ErrorBox message={failureText(users.error)} onRetry={() => void users.refetch()} />
      )}
      {serverError && <ErrorBox message={serverError} onDismiss={() => setServerError(null)} />}
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start">
        <SelectField
          label={t.newResident}
          className="flex-1"
          value={userId}
          disabled={users.isPending}
          error={fieldError}
          hint={t.newResidentHint}
          onChange={(event) => {
            setUserId(event.target.value);
            setFieldError(undefined);
          }}
        >
          <option value="">{users.isPending ? t.loadingUsers : t.selectUser}</option>
          {candidates.map((user) => (
            <option key={user.id} value={user.id}>
              {user.houseId
                ? t.userInHouse({ user: userOptionLabel(user), house: user.houseId.houseNumber })
                : userOptionLabel(user)}
            </option>
          ))}
        </SelectField>
        <Button
          type="submit"
          loading={add.isPending}
          icon={<UserPlus aria-hidden="true" className="size-4" />}
          className="sm:mt-7"
        >
          {t.addResident}
        </Button>
      </div>
    </form>
  );
}

/** Residents (name, email); admins add and remove them. */
function ResidentsPanel({
  house,
  isAdmin,
  isPrivate,
}: {
  house: HouseDetail;
  isAdmin: boolean;
  isPrivate: boolean;
}) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [error, setError] = useState<string | null>(null);
  const remove = useMutation(
    trpc.houses.removeResident.mutationOptions({
      onSuccess: async (detail) => {
        queryClient.setQueryData(trpc.houses.byId.queryKey({ id: house.id }), detail);
        await queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() });
      },
      onError: (cause) => setError(failureText(cause)),
    }),
  );
  const confirm = useConfirm();
  const onRemove = async (resident: HouseDetail['residents'][number]) => {
    if (!(await confirm({ title: t.removeTitle, message: t.removeQuestion({ name: resident.name, house: house.houseNumber }), confirmLabel: t.removeResident }))) return;
    setError(null);
    remove.mutate({ id: house.id, residentId: resident.id });
  };

  return (
    <>
      {isAdmin && <AddResidentForm house={house} />}
      {error && (
        <div className="px-5 pt-4">
          <ErrorBox message={error} onDismiss={() => setError(null)} />
        </div>
      )}
      {house.residents.length === 0 ? (
        <EmptyState
          icon={<UsersRound aria-hidden="true" className="size-6" />}
          title={isPrivate ? t.residentsPrivate : t.noResidents}
          hint={
            isPrivate
              ? t.residentsPrivateHint
              : isAdmin
                ? t.addFirstResident
                : t.nobodyLivesHere
          }
        />
      ) : (
        <ul
          className="divide-y divide-slate-100"
          aria-label={t.residentsOf({ house: house.houseNumber })}
        >
          {house.residents.map((resident) => (
            <li key={resident.id} className="flex min-h-16 items-center gap-3 px-5 py-3">
              <Avatar name={resident.name} />
              <div className="min-w-0 flex-1 sm:flex sm:items-baseline sm:gap-4">
                <p className="truncate font-medium text-slate-900 sm:w-48 sm:shrink-0">
                  {resident.name}
                </p>
                <p className="truncate text-sm text-slate-600">
                  <span className="sr-only">{t.email}</span>
                  {resident.email}
                </p>
              </div>
              {isAdmin && (
                <Button
                  variant="danger-ghost"
                  size="sm"
                  className="min-h-11 min-w-11"
                  aria-label={t.removeLabel({ name: resident.name })}
                  loading={remove.isPending && remove.variables?.residentId === resident.id}
                  icon={<UserRoundX aria-hidden="true" className="size-4" />}
                  onClick={() => onRemove(resident)}
                >
                  <span className="hidden sm:inline">{t.remove}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
      )}
    </>
  );
}

/** Vehicles (plate, make, model, color). */
function VehiclesPanel({ house, isPrivate }: { house: HouseDetail; isPrivate: boolean }) {
  const t = useMessages(messages);
  if (house.vehicles.length === 0) {
    return (
      <EmptyState
        icon={<Car aria-hidden="true" className="size-6" />}
        title={isPrivate ? t.vehiclesPrivate : t.noVehicles}
        hint={
          isPrivate
            ? t.vehiclesPrivateHint
            : t.vehiclesHint
        }
      />
    );
  }
  return (
    <div className="overflow-x-auto">
      <table className="w-full">
        <caption className="sr-only">{t.vehiclesOf({ house: house.houseNumber })}</caption>
        <thead className="bg-slate-50">
          <tr>
            {[t.plate, t.make, t.model, t.color].map((heading) => (
              <th key={heading} scope="col" className={TABLE_HEAD}>
                {heading}
              </th>
            ))}
          </tr>
        </thead>
        <tbody className="divide-y divide-slate-100">
          {house.vehicles.map((vehicle) => (
            <tr key={vehicle.id}>
              <td className={`${TABLE_CELL} font-mono font-semibold whitespace-nowrap`}>
                {vehicle.licensePlate}
              </td>
              <td className={TABLE_CELL}>{vehicle.make}</td>
              <td className={TABLE_CELL}>{vehicle.model}</td>
              <td className={TABLE_CELL}>{vehicle.color}</td>
            </tr>
          ))}
        </tbody>
      </table>
    </div>
  );
}

/**
 * The house screen: number, block, street and owner, then the Residents and Vehicles tabs.
 * A resident of another house gets both lists empty from the server
 * (docs/security.md#who-may-do-what)
 * and is told why. Admins add and remove residents. No data: 'House not found'
 * (docs/product.md#how-the-app-shows-errors).
 * Admins and the house's own residents also see its dues balance (docs/operations.md#dues-ledger).
 */
export function HouseDetailPage({ id }: { id: string }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const user = useCurrentUser();
  const houseQuery = useQuery(trpc.houses.byId.queryOptions({ id }));
  const house = houseQuery.data;
  useDocumentTitle(house ? t.title({ house: house.houseNumber }) : t.house);
  const back = <BackLink href="/houses">{t.back}</BackLink>;

  if (houseQuery.isPending) return <PageSpinner label={t.loading} />;
  if (houseQuery.isError || !house) {
    const error = toAppError(houseQuery.error, t.notFound);
    return (
      <>
        <PageHeader back={back} title={t.house} />
        <ErrorBox
          message={error.message}
          onRetry={error.status === 404 ? undefined : () => void houseQuery.refetch()}
        />
      </>
    );
  }

  const isAdmin = user.role === 'admin';
  const isPrivate = user.role === 'resident' && user.houseId?.id !== house.id;
  // docs/operations.md#dues-ledger: the balance is read as payments are (admins, the house's
  // residents).
  const showsBalance = isAdmin || (user.role === 'resident' && !isPrivate);

  return (
    <>
      <PageHeader
        back={back}
        title={t.title({ house: house.houseNumber })}
        badge={
          <span className="rounded-full bg-slate-100 px-3 py-1 text-sm font-semibold text-slate-700">
            {t.block({ block: house.block })}
          </span>
        }
        subtitle={house.street}
      />
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-[minmax(0,20rem)_minmax(0,1fr)]">
        <div className="flex min-w-0 flex-col gap-6">
          <Card title={t.houseInformation}>
            <dl className="-my-3 divide-y divide-slate-100">
              <Detail term={t.houseNumber}>{house.houseNumber}</Detail>
              <Detail term={t.blockTerm}>{house.block}</Detail>
              <Detail term={t.street}>{house.street}</Detail>
              <Detail term={t.owner}>
                {house.owner?.name ?? <span className="text-slate-500">{t.noOwner}</span>}
              </Detail>
            </dl>
          </Card>
          {showsBalance && <HouseBalanceCard houseId={house.id} />}
        </div>
        <section
          aria-label={t.residentsAndVehicles}
          className="min-w-0 self-start rounded-2xl border border-slate-200 bg-white shadow-sm"
        >
          <Tabs
            label={t.residentsAndVehicles}
            tabs={[
              {
                id: 'residents',
                label: t.residents,
                count: isPrivate ? undefined : house.residents.length,
                panel: <ResidentsPanel house={house} isAdmin={isAdmin} isPrivate={isPrivate} />,
              },
              {
                id: 'vehicles',
                label: t.vehicles,
                count: isPrivate ? undefined : house.vehicles.length,
                panel: <VehiclesPanel house={house} isPrivate={isPrivate} />,
              },
            ]}
          />
        </section>
      </div>
    </>
  );
}
