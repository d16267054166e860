/**
 * The House picker of the forms (docs/product.md#screens-and-routes,
 * docs/product.md#constants-and-formats).
 */
import type { HouseRef, User } from '@gatehouse/shared';
import type { ComponentProps } from 'react';

import { failureText } from '../lib/failures';
import { houseLabel } from '../lib/format';
import { i18n, useMessages } from '../lib/i18n';
import { ownHouseOf, useHouseOptions } from '../lib/pickers';
import { ErrorBox } from './ErrorBox';
import { SelectField } from './Field';

const messages = i18n('HouseSelectField', {
  house: 'House',
  // The hint of a resident who has no house yet.
  notAssigned: 'You are not assigned to a house yet. Ask an admin to add you.',
  noHouse: 'No house assigned',
  loading: 'Loading houses…',
  select: 'Select a house',
});

type HouseSelectFieldProps = Omit<ComponentProps<typeof SelectField>, 'label' | 'children'> & {
  /** The signed-in user: a resident gets only their own house; anyone else the houses list. */
  user?: User;
  /** The hint under a resident's own house, e.g. 'Invitations are for your own house.' */
  ownHouseHint?: string;
  /** A house offered even before (or without) the list, e.g. the edited user's current one. */
  current?: HouseRef | null;
  /**
   * The empty choice, even while loading, e.g. 'No house'. By default 'Loading houses…',
   * then 'Select a house'.
   */
  emptyLabel?: string;
  /**
   * Where a failed houses list shows: as the field's error, or in an error box with Retry
   * (an h3, as in a dialog) just above the field. Left out, the form shows it itself.
   */
  loadError?: 'field' | 'box';
};

/**
 * The labelled 'House' select. A resident sees their own house preselected (or 'No house
 * assigned' and a hint to ask an admin); anyone else picks from the houses list (limit 100),
 * disabled while it loads.
 */
export function HouseSelectField({
  user,
  ownHouseHint,
  current,
  emptyLabel,
  loadError,
  error,
  hint,
  ...props
}: HouseSelectFieldProps) {
  const t = useMessages(messages);
  const isResident = user?.role === 'resident';
  const houses = useHouseOptions(!isResident);

  if (user && isResident) {
    const ownHouse = ownHouseOf(user);
    return (
      <SelectField
        label={t.house}
        error={error}
        hint={ownHouse ? ownHouseHint : t.notAssigned}
        {...props}
      >
        {ownHouse ? (
          <option value={ownHouse.id}>{houseLabel(ownHouse)}</option>
        ) : (
          <option value="">{t.noHouse}</option>
        )}
      </SelectField>
    );
  }

  const loaded = houses.data?.items ?? [];
  const options =
    current && !loaded.some((house) => house.id === current.id) ? [current, ...loaded] : loaded;
  const loadMessage = houses.isError ? failureText(houses.error) : undefined;
  return (
    <>
      {loadError === 'box' && loadMessage !== undefined && (
        <ErrorBox message={loadMessage} onRetry={() => void houses.refetch()} headingLevel={3} />
      )}
      <SelectField
        label={t.house}
        error={error ?? (loadError === 'field' ? loadMessage : undefined)}
        hint={hint}
        disabled={houses.isPending}
        {...props}
      >
        <option value="">
          {emptyLabel ?? (houses.isPending ? t.loading : t.select)}
        </option>
        {options.map((house) => (
          <option key={house.id} value={house.id}>
            {houseLabel(house)}
          </option>
        ))}
      </SelectField>
    </>
  );
}
