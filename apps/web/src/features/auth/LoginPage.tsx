/**
 * /login: sign in with email and password (docs/product.md#screens-and-routes,
 * docs/product.md#forms-and-their-messages).
 */
import type { LoginRequest } from '@gatehouse/shared';
import { Link } from 'wouter';

import { Button } from '../../components/Button';
import { ErrorBox } from '../../components/ErrorBox';
import { TextField } from '../../components/Field';
import { lazyZodResolver, useSubmitValidatedForm } from '../../lib/forms';
import { i18n, useMessages } from '../../lib/i18n';
import { useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { AuthLayout } from './AuthLayout';
import { useAuthSubmit } from './use-auth-submit';

const messages = i18n('LoginPage', {
  title: 'Sign in',
  subtitle: 'Welcome back. Sign in to manage visitors and your community.',
  noAccount: "Don't have an account?",
  signUp: 'Sign up',
  email: 'Email',
  emailPlaceholder: 'you@example.com',
  password: 'Password',
  signingIn: 'Signing in…',
  signIn: 'Sign In',
  failed: 'Login failed',
});

/** The sign-in screen; success goes to /dashboard. */
export function LoginPage() {
  const t = useMessages(messages);
  useDocumentTitle(t.title);
  const { login } = useSession();
  const { serverError, dismissServerError, submit } = useAuthSubmit(t.failed);
  const { form, field, errors } = useSubmitValidatedForm<LoginRequest>({
    // The sign-in rules (docs/product.md#forms-and-their-messages), loaded with zod at the first
    // submit.
    resolver: lazyZodResolver(() => import('@gatehouse/shared/schemas/auth').then((module) => module.ZLoginRequest)),
    defaultValues: { email: '', password: '' },
  });
  const { isSubmitting } = form.formState;

  const onSubmit = form.handleSubmit((values) => submit(() => login(values)));

  return (
    <AuthLayout
      title={t.title}
      subtitle={t.subtitle}
      footer={
        <>
          {t.noAccount}{' '}
          <Link href="/signup" className="font-semibold text-brand-700 hover:underline">
            {t.signUp}
          </Link>
        </>
      }
    >
      <form onSubmit={onSubmit} noValidate className="flex flex-col gap-5">
        {serverError && <ErrorBox message={serverError} onDismiss={dismissServerError} />}
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
          label={t.password}
          type="password"
          autoComplete="current-password"
          error={errors.password?.message}
          {...field('password')}
        />
        <Button type="submit" size="lg" loading={isSubmitting} className="w-full">
          {isSubmitting ? t.signingIn : t.signIn}
        </Button>
      </form>
    </AuthLayout>
  );
}
