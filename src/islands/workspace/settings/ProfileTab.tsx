import { useStore } from '@nanostores/react';
import { $session, avatarInitials } from '../../../lib/auth/session.ts';
import { DeleteAccountSection } from '../account/DeleteAccountSection.tsx';
import { YourDataSection } from '../account/YourDataSection.tsx';

/** The signed-in user's fields as the API knows them (from the Google account), their data download and deletion. */
export function ProfileTab() {
  const user = useStore($session).user;
  if (!user) return null;
  const rows: [string, string][] = [
    ['First name', user.first_name || '—'],
    ['Last name', user.last_name || '—'],
    ['Email', user.email],
    ['Account type', user.is_superuser ? 'Superuser' : user.is_admin ? 'Admin' : 'User'],
  ];
  return (
    <div className="flex flex-col gap-5">
      <div className="flex items-center gap-4">
        <span className="grid size-14 place-items-center overflow-hidden rounded-full bg-brand-600 text-lg font-semibold text-white">
          {user.avatar_url ? (
            <img src={user.avatar_url} alt="" className="size-full object-cover" referrerPolicy="no-referrer" />
          ) : (
            avatarInitials(user)
          )}
        </span>
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Your name, email and picture come from your Google account.
        </p>
      </div>
      <dl className="grid gap-x-6 gap-y-3 text-sm sm:grid-cols-[max-content_1fr]">
        {rows.map(([term, value]) => (
          <div key={term} className="contents">
            <dt className="text-slate-600 dark:text-slate-400">{term}</dt>
            <dd className="font-medium break-all">{value}</dd>
          </div>
        ))}
      </dl>
      <YourDataSection />
      <DeleteAccountSection />
    </div>
  );
}
