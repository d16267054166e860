/** /signup: create an account (product-spec §2, §5, §6). */
import { zodResolver } from '@hookform/resolvers/zod';
import { ZSignupForm, type SignupForm } from '@gatehouse/shared';
import { useQuery } from '@tanstack/react-query';
import { Link } from 'wouter';

import { Button } from '../../components/Button';
import { ErrorBox } from '../../components/ErrorBox';
import { SelectField, TextField } from '../../components/Field';
import { useSubmitValidatedForm } from '../../lib/forms';
import { useSession } from '../../lib/session';
import { useTRPC } from '../../lib/trpc';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout } from './AuthLayout';
import { useAuthSubmit } from './use-auth-submit';

/**
 * The sign-up screen. The roles offered are those the server says can succeed: all three
 * while the community has no admin, then Resident only (product-spec §6 lets anyone pick;
 * the server refuses guard and admin with 403 once there is an admin, and that message is
 * shown if it happens). Success goes to /dashboard.
 */
export function SignupPage() {
  useDocumentTitle('Create account');
  const { signup } = useSession();
  const { serverError, dismissServerError, submit } = useAuthSubmit('Signup failed');
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
  // Only what can succeed (usable-by-everyone issue, item 9): once the community has an
  // admin, guards and admins are created by that admin. Unknown yet: all three.
  const trpc = useTRPC();
  const options = useQuery(trpc.auth.signupOptions.queryOptions());
  const onlyResident = options.data !== undefined && !options.data.roles.some((role) => role !== 'resident');

  const onSubmit = form.handleSubmit(({ confirmPassword: _confirmation, ...account }) =>
    submit(() => signup(account)),
  );

  return (
    <AuthLayout
      title="Create your account"
      subtitle="Invite visitors, follow your passes and keep your gate moving."
      footer={
        <>
          Already have an account?{' '}
          <Link href="/login" className="font-semibold text-brand-700 hover:underline">
            Sign in
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {serverError && <ErrorBox message={serverError} onDismiss={dismissServerError} />}
        <TextField
          label="Full Name"
          autoComplete="name"
          error={errors.name?.message}
          {...field('name')}
        />
        <TextField
          label="Email"
          type="email"
          autoComplete="email"
          inputMode="email"
          placeholder="you@example.com"
          error={errors.email?.message}
          {...field('email')}
        />
        <TextField
          label="Phone Number"
          type="tel"
          autoComplete="tel"
          placeholder="+1 555 010 0100"
          error={errors.phone?.message}
          {...field('phone')}
        />
        <TextField
          label="Password"
          type="password"
          autoComplete="new-password"
          hint="At least 6 characters."
          error={errors.password?.message}
          {...field('password')}
        />
        <TextField
          label="Confirm Password"
          type="password"
          autoComplete="new-password"
          error={errors.confirmPassword?.message}
          {...field('confirmPassword')}
        />
        <SelectField
          label="Role"
          error={errors.role?.message}
          hint={onlyResident ? 'Guards and admins are added by your community’s admin.' : undefined}
          {...field('role')}
        >
          <option value="resident">Resident</option>
          {!onlyResident && <option value="guard">Guard</option>}
          {!onlyResident && <option value="admin">Admin</option>}
        </SelectField>
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
          {isSubmitting ? 'Creating account…' : 'Create Account'}
        </Button>
      </form>
    </AuthLayout>
  );
}
