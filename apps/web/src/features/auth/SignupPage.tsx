/**
 * /signup: create an account (docs/product.md#screens-and-routes,
 * docs/product.md#forms-and-their-messages, docs/product.md#roles-and-what-they-see).
 */
import { zodResolver } from '@hookform/resolvers/zod';
import { ZSignupForm, type SignupForm } from '@gatehouse/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';

import { Button } from '../../components/Button';
import { ErrorBox } from '../../components/ErrorBox';
import { SelectField, TextField } from '../../components/Field';
import { roleLabel } from '../../lib/format';
import { useSubmitValidatedForm } from '../../lib/forms';
import { i18n, useMessages } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { TRPCQueryProvider, useTRPC } from '../../lib/trpc-react';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout } from './AuthLayout';
import { useAuthSubmit } from './use-auth-submit';

const messages = i18n('SignupPage', {
  documentTitle: 'Create account',
  title: 'Create your account',
  subtitle: 'Invite visitors, follow your passes and keep your gate moving.',
  haveAccount: 'Already have an account?',
  signIn: 'Sign in',
  name: 'Full Name',
  email: 'Email',
  emailPlaceholder: 'you@example.com',
  phone: 'Phone Number',
  password: 'Password',
  passwordHint: 'At least 6 characters.',
  confirmPassword: 'Confirm Password',
  role: 'Role',
  staffByAdmin: 'Guards and admins are added by your community’s admin.',
  creating: 'Creating account…',
  create: 'Create Account',
  failed: 'Signup failed',
});

/**
 * The sign-up screen. The roles offered are those the server says can succeed: all three
 * while the community has no admin, then Resident only (docs/product.md#roles-and-what-they-see
 * lets anyone pick;
 * the server refuses guard and admin with 403 once there is an admin, and that message is
 * shown if it happens). Success goes to /dashboard.
 */
export function SignupPage() {
  return (
    <TRPCQueryProvider>
      <SignupScreen />
    </TRPCQueryProvider>
  );
}

function SignupScreen() {
  const t = useMessages(messages);
  useDocumentTitle(t.documentTitle);
  const { signup } = useSession();
  const { serverError, dismissServerError, submit } = useAuthSubmit(t.failed);
  const { form, field, errors } = useSubmitValidatedForm<SignupForm>({
    resolver: zodResolver(ZSignupForm),
    defaultValues: {
      name: '',
      email: '',
      phone: '',
      password: '',
      confirmPassword: '',
      role: 'resident',
    },
  });
  const { isSubmitting } = form.formState;
  // Only what can succeed (docs/product.md#signing-up): once the community has an
  // admin, guards and admins are created by that admin. Unknown yet: all three.
  const trpc = useTRPC();
  const options = useQuery(trpc.auth.signupOptions.queryOptions());
  const onlyResident = options.data !== undefined && !options.data.roles.some((role) => role !== 'resident');

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirmation, ...account }) =>
    submit(() => signup(account)),
  );

  return (
    <AuthLayout
      title={t.title}
      subtitle={t.subtitle}
      footer={
        <>
          {t.haveAccount}{' '}
          <Link href="/login" className="font-semibold text-brand-700 hover:underline">
            {t.signIn}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {serverError && <ErrorBox message={serverError} onDismiss={dismissServerError} />}
        <TextField
          label={t.name}
          autoComplete="name"
          error={errors.name?.message}
          {...field('name')}
        />
        <TextField
          label={t.email}
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder={t.emailPlaceholder}
          error={errors.email?.message}
          {...field('email')}
        />
        <TextField
          label={t.phone}
          type="tel"
          autoComplete="tel"
          placeholder="+1 555 010 0100"
          error={errors.phone?.message}
          {...field('phone')}
        />
        <TextField
          label={t.password}
          type="password"
          autoComplete="new-password"
          hint={t.passwordHint}
          error={errors.password?.message}
          {...field('password')}
        />
        <TextField
          label={t.confirmPassword}
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...field('confirmPassword')}
        />
        <SelectField
          label={t.role}
          error={errors.role?.message}
          hint={onlyResident ? t.staffByAdmin : undefined}
          {...field('role')}
        >
          <option value="resident">{roleLabel('resident')}</option>
          {!onlyResident && <option value="guard">{roleLabel('guard')}</option>}
          {!onlyResident && <option value="admin">{roleLabel('admin')}</option>}
        </SelectField>
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
          {isSubmitting ? t.creating : t.create}
        </Button>
      </form>
    </AuthLayout>
  );
}
