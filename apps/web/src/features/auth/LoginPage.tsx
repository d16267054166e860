/** /login: sign in with email and password (product-spec §2, §5). */
import { zodResolver } from '@hookform/resolvers/zod';
import { ZLoginRequest, type LoginRequest } from '@gatehouse/shared';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { Link, useLocation } from 'wouter';

import { Button } from '../../components/Button';
import { ErrorBox } from '../../components/ErrorBox';
import { TextField } from '../../components/Field';
import { toAppError } from '../../lib/errors';
import { registerClearingErrors } from '../../lib/forms';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout } from './AuthLayout';

/** The sign-in screen; success goes to /dashboard. */
export function LoginPage() {
  useDocumentTitle('Sign in');
  const { login } = useSession();
  const [, navigate] = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const form = useForm<LoginRequest>({
    resolver: zodResolver(ZLoginRequest),
    defaultValues: { email: '', password: '' },
    mode: 'onSubmit',
    reValidateMode: 'onSubmit',
  });
  const field = registerClearingErrors(form);
  const { errors, isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit(async (values) => {
    setServerError(null);
    try {
      await login(values);
      navigate('/dashboard', { replace: true });
    } catch (error) {
      setServerError(toAppError(error, 'Login failed').message);
    }
  });

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
        {serverError && <ErrorBox message={serverError} onDismiss={() => setServerError(null)} />}
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
