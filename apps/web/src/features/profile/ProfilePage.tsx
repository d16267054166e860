/** /profile: who is signed in (product-spec §2). */
import { LogOut } from 'lucide-react';
import { useState, type ReactNode } from 'react';

import { Button } from '../../components/Button';
import { Card } from '../../components/Card';
import { PageHeader } from '../../components/PageHeader';
import { RoleBadge } from '../../components/StatusBadge';
import { houseLabel, roleLabel } from '../../lib/format';
import { useCurrentUser, useSession } from '../../lib/session';
import { useDocumentTitle } from '../../lib/use-document-title';
import { Avatar } from '../shell/UserMenu';

function Detail({ term, children }: { term: string; children: ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 py-3 sm:flex-row sm:gap-4">
      <dt className="text-sm font-medium text-slate-500 sm:w-40 sm:shrink-0">{term}</dt>
      <dd className="text-sm text-slate-900">{children}</dd>
    </div>
  );
}

/** Avatar with initials, name, email, role badge, phone, role, house number, status and Logout. */
export function ProfilePage() {
  useDocumentTitle('My Profile');
  const user = useCurrentUser();
  const { logout } = useSession();
  const [loggingOut, setLoggingOut] = useState(false);

  return (
    <div className="mx-auto max-w-2xl">
      <PageHeader title="My Profile" />
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
          <Detail term="Phone">{user.phone}</Detail>
          <Detail term="Role">{roleLabel(user.role)}</Detail>
          <Detail term="House Number">
            {user.houseId ? (
              houseLabel(user.houseId)
            ) : (
              <span className="text-slate-400">Not assigned</span>
            )}
          </Detail>
          <Detail term="Status">
            <span
              className={
                user.isActive ? 'font-semibold text-emerald-700' : 'font-semibold text-red-700'
              }
            >
              {user.isActive ? 'Active' : 'Inactive'}
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
            Log Out
          </Button>
        </div>
      </Card>
    </div>
  );
}
