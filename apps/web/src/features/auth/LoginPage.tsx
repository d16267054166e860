/** /login: sign in with email and password (product-spec §2, §5). */
import type { LoginRequest } from '@gatehouse/shared';
import { Link } from 'wouter';

import { Button } from '../../components/Button';
import { ErrorBox } from '../../components/ErrorBox';
import { TextField } from '../../components/Field';
import { lazyZodResolver, useSubmitValidatedForm } from '../../lib/forms';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout } from './AuthLayout';
import { useAuthSubmit } from './use-auth-submit';

/** The sign-in screen; success goes to /dashboard. */
export function LoginPage() {
  useDocumentTitle('Sign in');
  const { login } = useSession();
  const { serverError, dismissServerError, submit } = useAuthSubmit('Login failed');
  const { form, field, errors } = useSubmitValidatedForm<LoginRequest>({
    // The sign-in rules (product-spec §5), loaded with zod at the first submit.
    resolver: lazyZodResolver(() => import('@gatehouse/shared/schemas/auth').then((module) => module.ZLoginRequest)),
    defaultValues: { email: '', password: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit((values) => submit(() => login(values)));

  return (
    <AuthLayout
      title="Sign in"
      subtitle="Welcome back. Sign in to manage visitors and your community."
      footer={
        <>
          Don&apos;t have an account?{' '}
          <Link href="/signup" className="font-semibold text-brand-700 hover:underline">
            Sign up
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {serverError && <ErrorBox message={serverError} onDismiss={dismissServerError} />}
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
          label="Password"
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...field('password')}
        />
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
          {isSubmitting ? 'Signing in…' : 'Sign In'}
        </Button>
      </form>
    </AuthLayout>
  );
}
