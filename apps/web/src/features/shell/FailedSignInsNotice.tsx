/**
 * After a sign-in, tells the user how many failed sign-in attempts there were on their
 * account since their previous sign-in (docs/security.md#password-guessing): someone may be
 * guessing
 * their password. Shown on the page they land on until dismissed.
 */
import { ShieldAlert } from 'lucide-react';
import { Link } from 'wouter';

import { Button, buttonClasses } from '../../components/Button';
import { count, i18n, useMessages } from '../../lib/i18n';
import { useSession } from '../../lib/session';

const messages = i18n('FailedSignInsNotice', {
  attempts: count({
    one: '{count} failed sign-in attempt was made on your account since your last sign-in.',
    other: '{count} failed sign-in attempts were made on your account since your last sign-in.',
  }),
  ifNotYou: "If this wasn't you, change your password.",
  changePassword: 'Change password',
  dismiss: 'Dismiss',
});

/** An alert with the count, a link to change the password, and Dismiss; nothing when there were none. */
export function FailedSignInsNotice() {
  const t = useMessages(messages);
  const { failedSignIns, dismissFailedSignIns } = useSession();
  if (failedSignIns <= 0) return null;
  return (
    <div role="alert" className="mb-6 rounded-xl border border-amber-300 bg-amber-50 p-4 text-amber-900">
      <div className="flex gap-3">
        <ShieldAlert aria-hidden="true" className="mt-0.5 size-5 shrink-0 text-amber-600" />
        <div className="min-w-0 flex-1">
          <p className="text-sm font-semibold">{t.attempts(failedSignIns)}</p>
          <p className="mt-1 text-sm">{t.ifNotYou}</p>
          <div className="mt-3 flex flex-wrap gap-2">
            <Link
              href="/profile#change-password"
              onClick={dismissFailedSignIns}
              className={buttonClasses('primary', 'md')}
            >
              {t.changePassword}
            </Link>
            <Button variant="ghost" size="md" onClick={dismissFailedSignIns} className="text-amber-900 hover:bg-amber-100">
              {t.dismiss}
            </Button>
          </div>
        </div>
      </div>
    </div>
  );
}
