/**
 * The Add User and Edit User dialogs of /users (docs/api.md#sign-in-sessions-and-users,
 * docs/security.md#who-may-do-what).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import {
  MAX_LENGTH,
  ROLES,
  ZCreateUserRequest,
  ZUpdateUserRequest,
  type User,
} from '@gatehouse/shared';
import { useMutation, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';

import { Button } from '../../components/Button';
import { Dialog } from '../../components/Dialog';
import { ErrorBox } from '../../components/ErrorBox';
import { CheckboxField, SelectField, TextField } from '../../components/Field';
import { HouseSelectField } from '../../components/HouseSelectField';
import { failureText } from '../../lib/failures';
import { roleLabel } from '../../lib/format';
import { useSubmitValidatedForm } from '../../lib/forms';
import { i18n, params, useMessages } from '../../lib/i18n';
import { useTRPC } from '../../lib/trpc-react';
import { useToast } from '../../lib/toasts';

const messages = i18n('UserDialogs', {
  cancel: 'Cancel',
  addTitle: 'Add User',
  addDescription: 'Create an account for a resident, a guard or an admin.',
  name: 'Name',
  email: 'Email',
  phone: 'Phone Number',
  password: 'Password',
  passwordHint: 'At least 6 characters. Share it with the person; they sign in with it.',
  role: 'Role',
  noHouse: 'No house',
  houseHint: 'Optional. Residents usually live in a house.',
  createUser: 'Create User',
  creating: 'Creating…',
  added: params('{name} added'),
  editTitle: params('Edit {name}'),
  ownRoleHint: 'You cannot change your own role.',
  active: 'Active',
  ownActiveHint: 'You cannot deactivate your own account.',
  inactiveHint: 'Inactive users cannot sign in; their sessions end at once.',
  saveChanges: 'Save Changes',
  saving: 'Saving…',
  saved: params('{name} saved'),
});

function DialogActions({
  onCancel,
  submitLabel,
  busyLabel,
  busy,
}: {
  onCancel: () => void;
  submitLabel: string;
  busyLabel: string;
  busy: boolean;
}) {
  const t = useMessages(messages);
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel}>
        {t.cancel}
      </Button>
      <Button type="submit" loading={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}

/**
 * Creates an account of any role (admin only, docs/api.md#sign-in-sessions-and-users): name, email,
 * phone,
 * password, role and an optional house, checked by the server's own schema
 * (docs/product.md#forms-and-their-messages messages). Server refusals (409 email taken…) show in
 * the error box.
 */
export function CreateUserDialog({ onClose }: { onClose: () => void }) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const { form, field, errors } = useSubmitValidatedForm({
    resolver: zodResolver(ZCreateUserRequest),
    defaultValues: { name: '', email: '', phone: '', password: '', role: 'resident', houseId: '' },
  });

  const create = useMutation(
    trpc.users.create.mutationOptions({
      onSuccess: async (created) => {
        await queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.houses.byId.pathKey() });
        showToast(t.added({ name: created.name }));
        onClose();
      },
      onError: (error) => setServerError(failureText(error)),
    }),
  );

  const onSubmit = form.handleSubmit((user) => {
    setServerError(null);
    create.mutate(user);
  });

  return (
    <Dialog
      title={t.addTitle}
      description={t.addDescription}
      onClose={onClose}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {serverError && (
          <ErrorBox message={serverError} onDismiss={() => setServerError(null)} headingLevel={3} />
        )}
        <TextField
          label={t.name}
          autoComplete="off"
          maxLength={MAX_LENGTH.name}
          error={errors.name?.message}
          {...field('name')}
        />
        <TextField
          label={t.email}
          type="email"
          autoComplete="off"
          maxLength={MAX_LENGTH.email}
          error={errors.email?.message}
          {...field('email')}
        />
        <TextField
          label={t.phone}
          type="tel"
          autoComplete="off"
          placeholder="+1 555 010 0100"
          error={errors.phone?.message}
          {...field('phone')}
        />
        <TextField
          label={t.password}
          type="password"
          autoComplete="new-password"
          hint={t.passwordHint}
          maxLength={MAX_LENGTH.password}
          error={errors.password?.message}
          {...field('password')}
        />
        <SelectField label={t.role} error={errors.role?.message} {...field('role')}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </SelectField>
        <HouseSelectField
          emptyLabel={t.noHouse}
          loadError="box"
          error={errors.houseId?.message}
          hint={t.houseHint}
          {...field('houseId')}
        />
        <DialogActions
          onCancel={onClose}
          submitLabel={t.createUser}
          busyLabel={t.creating}
          busy={create.isPending}
        />
      </form>
    </Dialog>
  );
}

/**
 * Changes a user's role, house or active state (admin, docs/security.md#who-may-do-what; PUT is
 * partial). Admins cannot change their own role or active state here, so the community
 * cannot lose its last admin by a slip; the server refuses that too (409).
 */
export function EditUserDialog({
  user,
  isSelf,
  onClose,
}: {
  user: User;
  isSelf: boolean;
  onClose: () => void;
}) {
  const t = useMessages(messages);
  const trpc = useTRPC();
  const queryClient = useQueryClient();
  const { showToast } = useToast();
  const [serverError, setServerError] = useState<string | null>(null);
  const { form, field, errors } = useSubmitValidatedForm({
    resolver: zodResolver(ZUpdateUserRequest),
    defaultValues: {
      id: user.id,
      role: user.role,
      houseId: user.houseId?.id ?? '',
      isActive: user.isActive,
    },
  });

  const update = useMutation(
    trpc.users.update.mutationOptions({
      onSuccess: async (updated) => {
        await queryClient.invalidateQueries({ queryKey: trpc.users.pathKey() });
        await queryClient.invalidateQueries({ queryKey: trpc.houses.byId.pathKey() });
        showToast(t.saved({ name: updated.name }));
        onClose();
      },
      onError: (error) => setServerError(failureText(error)),
    }),
  );

  const onSubmit = form.handleSubmit(({ id, role, houseId, isActive }) => {
    setServerError(null);
    update.mutate(isSelf ? { id, houseId } : { id, role, houseId, isActive });
  });

  return (
    <Dialog title={t.editTitle({ name: user.name })} description={user.email} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {serverError && (
          <ErrorBox message={serverError} onDismiss={() => setServerError(null)} headingLevel={3} />
        )}
        <SelectField
          label={t.role}
          disabled={isSelf}
          hint={isSelf ? t.ownRoleHint : undefined}
          error={errors.role?.message}
          {...field('role')}
        >
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </SelectField>
        <HouseSelectField
          current={user.houseId}
          emptyLabel={t.noHouse}
          loadError="box"
          error={errors.houseId?.message}
          {...field('houseId')}
        />
        <CheckboxField
          label={t.active}
          disabled={isSelf}
          hint={
            isSelf ? t.ownActiveHint : t.inactiveHint
          }
          {...field('isActive')}
        />
        <DialogActions
          onCancel={onClose}
          submitLabel={t.saveChanges}
          busyLabel={t.saving}
          busy={update.isPending}
        />
      </form>
    </Dialog>
  );
}
