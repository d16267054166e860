/**
 * The visitor list's filters: status, the visit dates (from, to) and, for admins, the house
 * and the gate. Each change goes to the address at once (the list reads its filters from
 * there, so reload and Back keep them); the server filters.
 */
import { VISITOR_STATUSES } from '@gatehouse/shared';
import { useQuery } from '@tanstack/react-query';
import { X } from 'lucide-react';

import { Button } from '../../components/Button';
import { SelectField, TextField } from '../../components/Field';
import { HouseSelectField } from '../../components/HouseSelectField';
import { visitorStatusLabel } from '../../components/StatusBadge';
import { i18n, useMessages } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc-react';

const messages = i18n('VisitorListFilters', {
  filters: 'Filters',
  status: 'Status',
  anyStatus: 'Any status',
  visitDate: 'Visit date',
  from: 'From',
  to: 'To',
  house: 'House',
  anyHouse: 'Any house',
  gate: 'Gate',
  anyGate: 'Any gate',
  clear: 'Clear filters',
});

/** The filters these controls set, by their names in the address. */
export interface VisitorFilterValues {
  status?: string | undefined;
  from?: string | undefined;
  to?: string | undefined;
  house?: string | undefined;
  gate?: string | undefined;
}

/**
 * The filter controls. `withPlaces`: the house and gate filters (admins); `withStatus`: the
 * status filter (not while a fixed view, such as Waiting for you, sets the status).
 */
export function VisitorListFilters({
  values,
  onChange,
  onClear,
  withPlaces,
  withStatus,
  canClear,
}: {
  values: VisitorFilterValues;
  onChange: (change: Partial<VisitorFilterValues>) => void;
  onClear: () => void;
  withPlaces: boolean;
  withStatus: boolean;
  canClear: boolean;
}) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const gates = useQuery({ ...trpc.gates.list.queryOptions(), enabled: withPlaces, staleTime: 60_000 });
  return (
    // Two columns on a phone (the dates side by side, then the house and the gate), one row from a tablet's width on.
    <div role="group" aria-label={t.filters} className="grid grid-cols-2 items-end gap-3 sm:flex sm:flex-wrap">
      {withStatus && (
        <SelectField
          label={t.status}
          className="col-span-2 sm:w-44"
          value={values.status ?? ''}
          onChange={(event) => onChange({ status: event.target.value || undefined })}
        >
          <option value="">{t.anyStatus}</option>
          {VISITOR_STATUSES.map((status) => (
            <option key={status} value={status}>
              {visitorStatusLabel(status)}
            </option>
          ))}
        </SelectField>
      )}
      <fieldset className="col-span-2 grid grid-cols-2 items-end gap-3 sm:flex">
        <legend className="sr-only">{t.visitDate}</legend>
        <TextField
          label={t.from}
          type="date"
          className="min-w-0 sm:w-40"
          value={values.from ?? ''}
          max={values.to}
          onChange={(event) => onChange({ from: event.target.value || undefined })}
        />
        <TextField
          label={t.to}
          type="date"
          className="min-w-0 sm:w-40"
          value={values.to ?? ''}
          min={values.from}
          onChange={(event) => onChange({ to: event.target.value || undefined })}
        />
      </fieldset>
      {withPlaces && (
        <>
          <HouseSelectField
            className="min-w-0 sm:w-48"
            emptyLabel={t.anyHouse}
            loadError="field"
            value={values.house ?? ''}
            onChange={(event) => onChange({ house: event.target.value || undefined })}
          />
          <SelectField
            label={t.gate}
            className="min-w-0 sm:w-44"
            value={values.gate ?? ''}
            onChange={(event) => onChange({ gate: event.target.value || undefined })}
          >
            <option value="">{t.anyGate}</option>
            {(gates.data?.items ?? []).map((gate) => (
              <option key={gate.id} value={gate.id}>
                {gate.name}
              </option>
            ))}
          </SelectField>
        </>
      )}
      {canClear && (
        <Button variant="ghost" className="col-span-2 min-h-11 justify-self-start" icon={<X aria-hidden="true" className="size-4" />} onClick={onClear}>
          {t.clear}
        </Button>
      )}
    </div>
  );
}
