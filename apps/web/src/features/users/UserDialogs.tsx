/** The Add User and Edit User dialogs of /users (server-contract §4, §5). */
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
import { useTRPC } from '../../lib/trpc';
import { useToast } from '../../lib/toasts';

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
  return (
    <div className="flex flex-col-reverse gap-3 border-t border-slate-100 pt-5 sm:flex-row sm:justify-end">
      <Button variant="secondary" onClick={onCancel}>
        Cancel
      </Button>
      <Button type="submit" loading={busy}>
        {busy ? busyLabel : submitLabel}
      </Button>
    </div>
  );
}

/**
 * Creates an account of any role (admin only, server-contract §4): name, email, phone,
 * password, role and an optional house, checked by the server's own schema
 * (product-spec §5 messages). Server refusals (409 email taken…) show in the error box.
 */
export function CreateUserDialog({ onClose }: { onClose: () => void }) {
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
        showToast(`${created.name} added`);
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
      title="Add User"
      description="Create an account for a resident, a guard or an admin."
      onClose={onClose}
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {serverError && (
          <ErrorBox message={serverError} onDismiss={() => setServerError(null)} headingLevel={3} />
        )}
        <TextField
          label="Name"
          autoComplete="off"
          maxLength={MAX_LENGTH.name}
          error={errors.name?.message}
          {...field('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="off"
          maxLength={MAX_LENGTH.email}
          error={errors.email?.message}
          {...field('email')}
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
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters. Share it with the person; they sign in with it."
          maxLength={MAX_LENGTH.password}
          error={errors.password?.message}
          {...field('password')}
        />
        <SelectField label="Role" error={errors.role?.message} {...field('role')}>
          {ROLES.map((role) => (
            <option key={role} value={role}>
              {roleLabel(role)}
            </option>
          ))}
        </SelectField>
        <HouseSelectField
          emptyLabel="No house"
          loadError="box"
          error={errors.houseId?.message}
          hint="Optional. Residents usually live in a house."
          {...field('houseId')}
        />
        <DialogActions
          onCancel={onClose}
          submitLabel="Create User"
          busyLabel="Creating…"
          busy={create.isPending}
        />
      </form>
    </Dialog>
  );
}

/**
 * Changes a user's role, house or active state (admin, server-contract §5; PUT is
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
        showToast(`${updated.name} saved`);
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
    <Dialog title={`Edit ${user.name}`} description={user.email} onClose={onClose}>
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {serverError && (
          <ErrorBox message={serverError} onDismiss={() => setServerError(null)} headingLevel={3} />
        )}
        <SelectField
          label="Role"
          disabled={isSelf}
          hint={isSelf ? 'You cannot change your own role.' : undefined}
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
          emptyLabel="No house"
          loadError="box"
          error={errors.houseId?.message}
          {...field('houseId')}
        />
        <CheckboxField
          label="Active"
          disabled={isSelf}
          hint={
            isSelf
              ? 'You cannot deactivate your own account.'
              : 'Inactive users cannot sign in; their sessions end at once.'
          }
          {...field('isActive')}
        />
        <DialogActions
          onCancel={onClose}
          submitLabel="Save Changes"
          busyLabel="Saving…"
          busy={update.isPending}
        />
      </form>
    </Dialog>
  );
}
