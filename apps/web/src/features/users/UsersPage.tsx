/**
 * /users (admin): the community's accounts (docs/product.md#screens-and-routes,
 * docs/product.md#roles-and-what-they-see; docs/api.md#sign-in-sessions-and-users,
 * docs/security.md#who-may-do-what, docs/api.md#lists-and-pagination).
 */
import {
  MAX_LENGTH,
  PAGE_SIZES,
  ROLES,
  SEARCH_DEBOUNCE_MS,
  type Role,
  type User,
} from '@gatehouse/shared';
import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { Home, Pencil, Phone, UserPlus, UserRoundCheck, UserRoundX, Users } from 'lucide-react';
import { useState } from 'react';

import { Button } from '../../components/Button';
import { useConfirm } from '../../components/ConfirmDialog';
import { EmptyState } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { SelectField } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { SearchField } from '../../components/SearchField';
import { PageSpinner } from '../../components/Spinner';
import { ActiveBadge, RoleBadge } from '../../components/StatusBadge';
import { failureText } from '../../lib/failures';
import { formatNumber, houseLabel, roleLabel } from '../../lib/format';
import { count, i18n, params, useMessages } from '../../lib/i18n';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc-react';
import { useDebouncedValue } from '../../lib/use-debounced-value';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Avatar } from '../shell/UserMenu';
import { CreateUserDialog, EditUserDialog } from './UserDialogs';

const messages = i18n('UsersPage', {
  title: 'Users',
  subtitle: 'Residents, guards and admins of the community.',
  addUser: 'Add User',
  searchLabel: 'Search users',
  searchPlaceholder: 'Search by name or email',
  roleFilter: 'Filter by role',
  allRoles: 'All roles',
  loading: 'Loading users',
  empty: 'No users found',
  emptyHint: 'Try another name, email or role.',
  showing: params('Showing {shown} of {total} users'),
  total: count({ one: '{count} user', other: '{count} users' }),
  listLabel: 'Users',
  you: '(you)',
  phone: 'Phone:',
  house: 'House:',
  noHouse: 'No house',
  edit: 'Edit',
  editUser: params('Edit {name}'),
  deactivate: 'Deactivate',
  deactivateUser: params('Deactivate {name}'),
  reactivate: 'Reactivate',
  reactivateUser: params('Reactivate {name}'),
  deactivateTitle: 'Deactivate user?',
  // The question asked before a user is deactivated (server DELETE,
  // docs/security.md#who-may-do-what).
  deactivateQuestion: params('Deactivate {name}? They are signed out at once and can no longer sign in.'),
});

function UserRow({
  user,
  isSelf,
  busy,
  onEdit,
  onDeactivate,
  onReactivate,
}: {
  user: User;
  isSelf: boolean;
  busy: boolean;
  onEdit: () => void;
  onDeactivate: () => void;
  onReactivate: () => void;
}) {
  const t = useMessages(messages);
  return (
    <li className="flex flex-col gap-3 px-5 py-4 md:flex-row md:items-center md:gap-4">
      <div className="flex min-w-0 flex-1 items-start gap-3">
        <Avatar name={user.name} />
        <div className="min-w-0">
          <h2 className="flex flex-wrap items-center gap-2 text-base font-semibold text-slate-900">
            <span className="truncate">{user.name}</span>
            {isSelf && <span className="text-xs font-medium text-slate-500">{t.you}</span>}
          </h2>
          <p className="truncate text-sm text-slate-600">{user.email}</p>
          <p className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-sm text-slate-500">
            <span className="inline-flex items-center gap-1.5">
              <Phone aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{t.phone}</span>
              {user.phone}
            </span>
            <span className="inline-flex items-center gap-1.5">
              <Home aria-hidden="true" className="size-3.5" />
              <span className="sr-only">{t.house}</span>
              {user.houseId ? houseLabel(user.houseId) : t.noHouse}
            </span>
          </p>
        </div>
      </div>
      <div className="flex flex-wrap items-center gap-2 pl-12 md:pl-0">
        <RoleBadge role={user.role} />
        <ActiveBadge isActive={user.isActive} />
      </div>
      <div className="flex flex-wrap gap-2 pl-12 md:w-64 md:justify-end md:pl-0">
        <Button
          variant="secondary"
          size="sm"
          className="min-h-11"
          aria-label={t.editUser({ name: user.name })}
          icon={<Pencil aria-hidden="true" className="size-4" />}
          onClick={onEdit}
        >
          {t.edit}
        </Button>
        {!isSelf &&
          (user.isActive ? (
            <Button
              variant="danger-ghost"
              size="sm"
              className="min-h-11"
              aria-label={t.deactivateUser({ name: user.name })}
              loading={busy}
              icon={<UserRoundX aria-hidden="true" className="size-4" />}
              onClick={onDeactivate}
            >
              {t.deactivate}
            </Button>
          ) : (
            <Button
              variant="secondary"
              size="sm"
              className="min-h-11"
              aria-label={t.reactivateUser({ name: user.name })}
              loading={busy}
              icon={<UserRoundCheck aria-hidden="true" className="size-4" />}
              onClick={onReactivate}
            >
              {t.reactivate}
            </Button>
          ))}
      </div>
    </li>
  );
}

/**
 * The user list (limit 100) with role badges and Active/Inactive; search by name or email
 * (`q`, 300 ms) and a role filter go to the server (docs/api.md#lists-and-pagination). Admins add
 * users
 * of any role, change role, house or active state, and deactivate (confirmed; the server's
 * DELETE). Server refusals, such as 409 'The community must keep at least one active
 * admin', show in the shared error box.
 */
export function UsersPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const me = useCurrentUser();
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const [search, setSearch] = useState('');
  const [roleFilter, setRoleFilter] = useState<Role | ''>('');
  const query = useDebouncedValue(search, SEARCH_DEBOUNCE_MS).trim();
  const users = useQuery(
    trpc.users.list.queryOptions(
      {
        limit: PAGE_SIZES.users,
        ...(query ? { q: query } : {}),
        ...(roleFilter ? { role: roleFilter } : {}),
      },
      { placeholderData: keepPreviousData },
    ),
  );
  const [creating, setCreating] = useState(false);
  const [editing, setEditing] = useState<User | null>(null);
  const [actionError, setActionError] = useState<string | null>(null);

  // Deactivate and Reactivate alike: refresh users and houses, or show why the server refused.
  const activeStateOptions = {
    onSuccess: async () => {
      await queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() });
      await queryClient.invalidateQueries({ queryKey: trpc.houses.byId.pathKey() });
    },
    onError: (error: unknown) => setActionError(failureText(error)),
  };
  const deactivate = useMutation(trpc.users.deactivate.mutationOptions(activeStateOptions));
  const confirm = useConfirm();
  const reactivate = useMutation(trpc.users.update.mutationOptions(activeStateOptions));

  const onDeactivate = async (user: User) => {
    if (!(await confirm({
        title: t.deactivateTitle,
        message: t.deactivateQuestion({ name: user.name }),
        confirmLabel: t.deactivate,
      }))) return;
    setActionError(null);
    deactivate.mutate({ id: user.id });
  };
  const onReactivate = (user: User) => {
    setActionError(null);
    reactivate.mutate({ id: user.id, isActive: true });
  };
  const busyId =
    (deactivate.isPending && deactivate.variables?.id) ||
    (reactivate.isPending && reactivate.variables?.id) ||
    null;

  const items = users.data?.items ?? [];
  const total = users.data?.total ?? 0;

  return (
    <>
      <PageHeader
        title={t.title}
        subtitle={t.subtitle}
        actions={
          <Button
            icon={<UserPlus aria-hidden="true" className="size-4" />}
            onClick={() => setCreating(true)}
          >
            {t.addUser}
          </Button>
        }
      />

      <div className="mb-6 flex flex-col gap-3 sm:flex-row sm:items-end">
        <SearchField
          label={t.searchLabel}
          placeholder={t.searchPlaceholder}
          value={search}
          onChange={setSearch}
          maxLength={MAX_LENGTH.q}
          busy={users.isFetching && users.isPlaceholderData}
          className="w-full sm:max-w-md sm:flex-1"
        />
        <SelectField
          label={t.roleFilter}
          className="sm:w-48 [&>div>label]:sr-only"
          value={roleFilter}
          onChange={(event) => setRoleFilter(event.target.value as Role | '')}
        >
          <option value="">{t.allRoles}</option>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </SelectField>
      </div>

      {actionError && (
        <ErrorBox message={actionError} onDismiss={() => setActionError(null)} className="mb-6" />
      )}

      {users.isPending ? (
        <PageSpinner label={t.loading} />
      ) : users.isError ? (
        <ErrorBox message={failureText(users.error)} onRetry={() => void users.refetch()} />
      ) : items.length === 0 ? (
        <div className="rounded-2xl border border-dashed border-slate-300 bg-white">
          <EmptyState
            icon={<Users aria-hidden="true" className="size-6" />}
            title={t.empty}
            hint={query || roleFilter ? t.emptyHint : undefined}
          />
        </div>
      ) : (
        <div className="overflow-hidden rounded-2xl border border-slate-200 bg-white shadow-sm">
          <p className="border-b border-slate-100 px-5 py-3 text-sm text-slate-500">
            {total > items.length
              ? t.showing({ shown: formatNumber(items.length), total: formatNumber(total) })
              : t.total(total)}
          </p>
          <ul className="divide-y divide-slate-100" aria-label={t.listLabel}>
            {items.map((user) => (
              <UserRow
                key={user.id}
                user={user}
                isSelf={user.id === me.id}
                busy={busyId === user.id}
                onEdit={() => setEditing(user)}
                onDeactivate={() => onDeactivate(user)}
                onReactivate={() => onReactivate(user)}
              />
            ))}
          </ul>
        </div>
      )}

      {creating && <CreateUserDialog onClose={() => setCreating(false)} />}
      {editing && (
        <EditUserDialog
          user={editing}
          isSelf={editing.id === me.id}
          onClose={() => setEditing(null)}
        />
      )}
    </>
  );
}
