/**
 * /vehicles: the vehicle cards (docs/product.md#screens-and-routes,
 * docs/product.md#roles-and-what-they-see; docs/security.md#who-may-do-what).
 */
import { PAGE_SIZES, type User, type Vehicle } from '@gatehouse/shared';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Car, Home, Palette, Pencil, Plus, Trash2, UserRound } from 'lucide-react';
import { useState } from 'react';
import { Link } from 'wouter';

import { ButtonLink, Button } from '../../components/Button';
import { useConfirm } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { IconFact } from '../../components/IconFact';
import { PageHeader } from '../../components/PageHeader';
import { PageSpinner } from '../../components/Spinner';
import { failureText } from '../../lib/failures';
import { houseLabel } from '../../lib/format';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { EditVehicleDialog } from './EditVehicleDialog';

const messages = i18n('VehicleListPage', {
  title: 'Vehicles',
  subtitleResident: 'Vehicles registered to your house.',
  subtitleAll: 'Every vehicle registered in the community.',
  addVehicle: 'Add Vehicle',
  loading: 'Loading vehicles',
  empty: 'No vehicles found',
  emptyHintFirst: 'Add your first vehicle so the gate knows it.',
  emptyHintNoHouse: 'You are not assigned to a house yet. Ask an admin to add you.',
  listLabel: 'Vehicles',
  editVehicle: params('Edit vehicle {plate}'),
  deleteVehicle: params('Delete vehicle {plate}'),
  color: 'Color',
  house: 'House',
  owner: 'Owner',
  deleteTitle: 'Delete vehicle?',
  // The question asked before a vehicle is deleted.
  deleteQuestion: params('Delete vehicle {plate}? This cannot be undone.'),
  deleteConfirm: 'Delete Vehicle',
});

/** Admins change any vehicle, residents the ones they own (docs/security.md#who-may-do-what). */
export function mayChangeVehicle(user: User, vehicle: Vehicle): boolean {
  return user.role === 'admin' || (user.role === 'resident' && vehicle.ownerId.id === user.id);
}

/** A colour word the browser can paint ("Silver", "navy"), for the swatch; else none. */
function paintableColor(color: string): string | undefined {
  const value = color.trim().toLowerCase();
  return typeof CSS !== 'undefined' && CSS.supports?.('color', value) ? value : undefined;
}

function VehicleCard({
  vehicle,
  canChange,
  deleting,
  onEdit,
  onDelete,
}: {
  vehicle: Vehicle;
  canChange: boolean;
  deleting: boolean;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const t = useMessages(messages);
  const swatch = paintableColor(vehicle.color);
  return (
    <article className="flex h-full flex-col gap-4 rounded-2xl border border-slate-200 bg-white p-5 shadow-sm">
      <div className="flex items-start justify-between gap-3">
        <div className="min-w-0">
          <h2 className="inline-block rounded-md border-2 border-slate-800 bg-white px-2 py-0.5 font-mono text-base font-bold tracking-wider text-slate-900">
            {vehicle.licensePlate}
          </h2>
          <p className="mt-2 truncate text-base font-semibold text-slate-900">
            {vehicle.make} {vehicle.model}
          </p>
        </div>
        {canChange && (
          <div className="-mt-1 -mr-2 flex shrink-0 gap-1">
            <Button
              variant="ghost"
              size="sm"
              aria-label={t.editVehicle({ plate: vehicle.licensePlate })}
              className="min-h-11 min-w-11"
              icon={<Pencil aria-hidden="true" className="size-4" />}
              onClick={onEdit}
            />
            <Button
              variant="danger-ghost"
              size="sm"
              aria-label={t.deleteVehicle({ plate: vehicle.licensePlate })}
              className="min-h-11 min-w-11"
              loading={deleting}
              icon={<Trash2 aria-hidden="true" className="size-4" />}
              onClick={onDelete}
            />
          </div>
        )}
      </div>
      <dl className="grid grid-cols-1 gap-2 text-sm text-slate-700">
        <IconFact icon={Palette} term={t.color} className="flex items-center gap-1.5">
          {swatch && (
            <span
              aria-hidden="true"
              className="size-3 rounded-full ring-1 ring-slate-300"
              style={{ backgroundColor: swatch }}
            />
          )}
          {vehicle.color}
        </IconFact>
        <IconFact icon={Home} term={t.house}>
          <Link
            href={`/houses/${vehicle.houseId.id}`}
            className="font-medium text-brand-800 underline-offset-2 hover:underline"
          >
            {houseLabel(vehicle.houseId)}
          </Link>
        </IconFact>
        <IconFact icon={UserRound} term={t.owner}>{vehicle.ownerId.name}</IconFact>
      </dl>
    </article>
  );
}

/**
 * Vehicle cards: plate, make, model, color and house (limit 50,
 * docs/product.md#constants-and-formats). Admins
 * and residents get Add Vehicle; admins and the owning resident may edit, and delete after
 * a confirmation (docs/security.md#who-may-do-what). Residents see their own house's vehicles (the
 * server
 * does it); guards see all, read-only, for plate look-ups at the gate.
 */
export function VehicleListPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const user = useCurrentUser();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const vehicles = useQuery(trpc.vehicles.list.queryOptions({ limit: PAGE_SIZES.vehicles }));
  const [actionError, setActionError] = useState<string | null>(null);
  const [editing, setEditing] = useState<Vehicle | null>(null);
  const canAdd = user.role !== 'guard';

  const remove = useMutation(
    trpc.vehicles.delete.mutationOptions({
      onSuccess: async () => {
        await queryClient.invalidateQueries({ queryKey: trpc.vehicles.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.houses.byId.pathKey() });
      },
      onError: (error) => setActionError(failureText(error)),
    }),
  );

  const confirm = useConfirm();
  const onDelete = async (vehicle: Vehicle) => {
    if (!(await confirm({
        title: t.deleteTitle,
        message: t.deleteQuestion({ plate: vehicle.licensePlate }),
        confirmLabel: t.deleteConfirm,
      }))) return;
    setActionError(null);
    remove.mutate({ id: vehicle.id });
  };

  const items = vehicles.data?.items ?? [];

  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={user.role === 'resident' ? t.subtitleResident : t.subtitleAll}
        actions={
          canAdd && (
            <ButtonLink href="/vehicles/add" icon={<Plus aria-hidden="true" className="size-4" />}>
              {t.addVehicle}
            </ButtonLink>
          )
        }
      />
      {actionError && (
        <ErrorBox message={actionError} onDismiss={() => setActionError(null)} className="mb-6" />
      )}
      {vehicles.isPending ? (
        <PageSpinner label={t.loading} />
      ) : vehicles.isError ? (
        <ErrorBox
          message={failureText(vehicles.error)}
          onRetry={() => void vehicles.refetch()}
        />
      ) : items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white">
          <EmptyState
            icon={<Car aria-hidden="true" className="size-6" />}
            title={t.empty}
            hint={
              user.role === 'resident'
                ? user.houseId
                  ? t.emptyHintFirst
                  : t.emptyHintNoHouse
                : undefined
            }
          />
        </div>
      ) : (
        <ul className="grid grid-cols-1 gap-4 sm:grid-cols-2 xl:grid-cols-3" aria-label={t.listLabel}>
          {items.map((vehicle) => (
            <li key={vehicle.id}>
              <VehicleCard
                vehicle={vehicle}
                canChange={mayChangeVehicle(user, vehicle)}
                deleting={remove.isPending && remove.variables?.id === vehicle.id}
                onEdit={() => setEditing(vehicle)}
                onDelete={() => onDelete(vehicle)}
              />
            </li>
          ))}
        </ul>
      )}
      {editing && <EditVehicleDialog vehicle={editing} onClose={() => setEditing(null)} />}
    </>
  );
}
