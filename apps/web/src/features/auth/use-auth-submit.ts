/**
 * The submit of the sign-in and sign-up forms (docs/product.md#screens-and-routes,
 * docs/product.md#how-the-app-shows-errors).
 */
import { useState } from 'react';
import { useLocation } from 'wouter';

import { toAppError, UNREACHABLE_MESSAGE } from '../../lib/errors';
import { translateServerError } from '../../lib/i18n';

/**
 * Runs an auth form's session call (login or signup): success goes to /dashboard; a
 * failure shows the server's message (or `fallback`) as `serverError` until it is
 * dismissed or the form is sent again.
 */
export function useAuthSubmit(fallback: string) {
  const [, navigate] = useLocation();
  const [serverError, setServerError] = useState<string | null>(null);
  const submit = async (sessionCall: () => Promise<unknown>) => {
    setServerError(null);
    try {
      await sessionCall();
      navigate('/dashboard', { replace: true });
    } catch (error) {
      // No answer at all says so plainly (docs/product.md#when-the-network-fails), not in the
      // browser's
      // words; in the current language (the catalogs' `serverTexts`, as toAppError's texts).
      const { message, status } = toAppError(error, fallback);
      setServerError(status === 0 ? translateServerError(undefined, UNREACHABLE_MESSAGE) : message);
    }
  };
  return { serverError, dismissServerError: () => setServerError(null), submit };
}
