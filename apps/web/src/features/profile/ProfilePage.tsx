/** /profile: who is signed in (docs/product.md#screens-and-routes). */
import { useMutation } from '@tanstack/react-query';
import { zodResolver } from '@hookform/resolvers/zod';
import { ZChangePasswordForm, type ChangePasswordForm } from '@gatehouse/shared';
import { CircleCheck, KeyRound, LogOut, MonitorSmartphone } from 'lucide-react';
import { useState, type ReactNode } from 'react';

import { Button } from '../../components/Button';
import { useConfirm } from '../../components/ConfirmDialog';
import { Card } from '../../components/Card';
import { ErrorBox } from '../../components/ErrorBox';
import { TextField } from '../../components/Field';
import { PageHeader } from '../../components/PageHeader';
import { RoleBadge } from '../../components/StatusBadge';
import { houseLabel, roleLabel } from '../../lib/format';
import { failureText } from '../../lib/failures';
import { useSubmitValidatedForm } from '../../lib/forms';
import { count, i18n, useMessages } from '../../lib/i18n';
import { useLogout } from '../../lib/gate-sync';
import { useCurrentUser } from '../../lib/session';
import { useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { NotificationSettingsCard } from '../notifications/NotificationSettingsCard';
import { Avatar } from '../shell/UserMenu';
import { AppearanceCard } from './AppearanceCard';
import { LanguageCard } from './LanguageCard';

const messages = i18n('ProfilePage', {
  title: 'My Profile',
  phone: 'Phone',
  role: 'Role',
  houseNumber: 'House Number',
  notAssigned: 'Not assigned',
  status: 'Status',
  active: 'Active',
  inactive: 'Inactive',
  logOut: 'Log Out',
  sessionsTitle: 'Sessions',
  sessionsDescription:
    'Lost a phone or signed in on a shared computer? End every other sign-in of your account.',
  signOutOthers: 'Sign out of all other sessions',
  signOutOthersTitle: 'Sign out other sessions?',
  // The question asked before the other sessions are ended.
  signOutOthersQuestion: 'Sign out of all other sessions? You stay signed in on this device.',
  signOutOthersConfirm: 'Sign Out Other Sessions',
  // What the profile says after other sessions were ended: how many.
  noOtherSessions: 'There were no other sessions; none were ended.',
  sessionsEnded: count({ one: '{count} other session was ended.', other: '{count} other sessions were ended.' }),
  changePasswordTitle: 'Change password',
  changePasswordDescription: 'Changing your password signs you out on every other device.',
  currentPassword: 'Current password',
  newPassword: 'New password',
  confirmPassword: 'Confirm new password',
  changePassword: 'Change password',
  // What the profile says after the password was changed: and how many other sessions ended.
  passwordChanged: 'Password changed.',
  passwordChangedSignedOut: count({
    one: 'Password changed. {count} other session was signed out.',
    other: 'Password changed. {count} other sessions were signed out.',
  }),
  passwordChangeFailed: 'Password change failed',
});

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-3 sm:flex-row sm:gap-4">
      <dt className="text-sm font-medium text-slate-500 sm:w-40 sm:shrink-0">{term}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/**
 * Signs the account out everywhere but here (auth.revokeOtherSessions), after a
 * confirmation; says how many sessions were ended.
 */
function OtherSessionsCard() {
  const t = useMessages(messages);
  const trpc = useTRPC();
  // How many sessions were ended, once they were.
  const [result, setResult] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const confirm = useConfirm();
  const revoke = useMutation(
    trpc.auth.revokeOtherSessions.mutationOptions({
      onSuccess: ({ revoked }) => setResult(revoked),
      onError: (cause) => setError(failureText(cause)),
    }),
  );
  const onRevoke = async () => {
    if (!(await confirm({
        title: t.signOutOthersTitle,
        message: t.signOutOthersQuestion,
        confirmLabel: t.signOutOthersConfirm,
      }))) return;
    setResult(null);
    setError(null);
    revoke.mutate();
  };

  return (
    <Card
      title={t.sessionsTitle}
      description={t.sessionsDescription}
    >
      <div className="flex flex-col gap-4">
        {error && <ErrorBox message={error} onDismiss={() => setError(null)} headingLevel={3} />}
        <div role="status">
          {result !== null && (
            <p className="flex items-center gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm font-medium text-emerald-800">
              <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-600" />
              {result === 0 ? t.noOtherSessions : t.sessionsEnded(result)}
            </p>
          )}
        </div>
        <Button
          variant="secondary"
          size="lg"
          className="w-full sm:w-auto sm:self-start"
          loading={revoke.isPending}
          icon={<MonitorSmartphone aria-hidden="true" className="size-5" />}
          onClick={onRevoke}
        >
          {t.signOutOthers}
        </Button>
      </div>
    </Card>
  );
}

/**
 * Changes the own password (auth.changePassword, docs/security.md#sign-in-and-sessions): the
 * current
 * password, the new one twice; every other session of the account is signed out.
 */
function ChangePasswordCard() {
  const t = useMessages(messages);
  const trpc = useTRPC();
  // How many other sessions were signed out, once the password was changed.
  const [result, setResult] = useState<number | null>(null);
  const [error, setError] = useState<string | null>(null);
  const { form, field, errors } = useSubmitValidatedForm<ChangePasswordForm>({
    resolver: zodResolver(ZChangePasswordForm),
    defaultValues: { currentPassword: '', newPassword: '', confirmPassword: '' },
  });
  const change = useMutation(trpc.auth.changePassword.mutationOptions());
  const onSubmit = form.handleSubmit(async ({ currentPassword, newPassword }) => {
    setResult(null);
    setError(null);
    try {
      const { revoked } = await change.mutateAsync({ currentPassword, newPassword });
      form.reset();
      setResult(revoked);
    } catch (cause) {
      setError(failureText(cause, t.passwordChangeFailed));
    }
  });

  return (
    <section id="change-password" aria-labelledby="change-password-heading" className="scroll-mt-24">
      <Card
        title={<span id="change-password-heading">{t.changePasswordTitle}</span>}
        description={t.changePasswordDescription}
      >
        <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
          {error && <ErrorBox message={error} onDismiss={() => setError(null)} headingLevel={3} />}
          <div role="status">
            {result !== null && (
              <p className="flex items-center gap-2 rounded-xl border border-emerald-200 bg-emerald-50 p-4 text-sm font-medium text-emerald-800">
                <CircleCheck aria-hidden="true" className="size-5 shrink-0 text-emerald-600" />
                {result === 0 ? t.passwordChanged : t.passwordChangedSignedOut(result)}
              </p>
            )}
          </div>
          <TextField
            label={t.currentPassword}
            type="password"
            autoComplete="current-password"
            error={errors.currentPassword?.message}
            {...field('currentPassword')}
          />
          <TextField
            label={t.newPassword}
            type="password"
            autoComplete="new-password"
            error={errors.newPassword?.message}
            {...field('newPassword')}
          />
          <TextField
            label={t.confirmPassword}
            type="password"
            autoComplete="new-password"
            error={errors.confirmPassword?.message}
            {...field('confirmPassword')}
          />
          <Button
            type="submit"
            size="lg"
            className="w-full sm:w-auto sm:self-start"
            loading={form.formState.isSubmitting}
            icon={<KeyRound aria-hidden="true" className="size-5" />}
          >
            {t.changePassword}
          </Button>
        </form>
      </Card>
    </section>
  );
}

/**
 * Avatar with initials, name, email, role badge, phone, role, house number, status
 * (Active or Inactive) and Logout (docs/product.md#screens-and-routes), plus changing the password
 * and
 * signing out of all other sessions.
 */
export function ProfilePage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const user = useCurrentUser();
  const logout = useLogout();
  const [loggingOut, setLoggingOut] = useState(false);

  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <PageHeader title={t.title} className="" />
      <Card>
        <div className="flex flex-col items-center gap-4 text-center sm:flex-row sm:text-left">
          <Avatar name={user.name} size="xl" />
          <div className="min-w-0">
            <h2 className="text-xl font-bold text-slate-900">{user.name}</h2>
            <p className="truncate text-sm text-slate-600">{user.email}</p>
            <div className="mt-2">
              <RoleBadge role={user.role} />
            </div>
          </div>
        </div>
        <dl className="mt-6 divide-y divide-slate-100 border-t border-slate-100">
          <Detail term={t.phone}>{user.phone}</Detail>
          <Detail term={t.role}>{roleLabel(user.role)}</Detail>
          <Detail term={t.houseNumber}>
            {user.houseId ? (
              houseLabel(user.houseId)
            ) : (
              <span className="text-slate-500">{t.notAssigned}</span>
            )}
          </Detail>
          <Detail term={t.status}>
            <span
              className={
                user.isActive ? 'font-semibold text-emerald-700' : 'font-semibold text-red-700'
              }
            >
              {user.isActive ? t.active : t.inactive}
            </span>
          </Detail>
        </dl>
        <div className="mt-6 border-t border-slate-100 pt-6">
          <Button
            variant="danger"
            size="lg"
            className="w-full sm:w-auto"
            loading={loggingOut}
            icon={<LogOut aria-hidden="true" className="size-5" />}
            onClick={() => {
              setLoggingOut(true);
              void logout();
            }}
          >
            {t.logOut}
          </Button>
        </div>
      </Card>
      <NotificationSettingsCard />
      <AppearanceCard />
      <LanguageCard />
      <ChangePasswordCard />
      <OtherSessionsCard />
    </div>
  );
}
