import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { endImpersonation } from '../../lib/auth/impersonation.ts';
import { $session, impersonatorEmail } from '../../lib/auth/session.ts';

/** Spec §2.2: while impersonating, "Logout as {name}" ends it and returns to the admin. */
export function LogoutAsButton() {
  const user = useStore($session).user;
  const [busy, setBusy] = useState(false);
  const impersonator = impersonatorEmail(user);
  if (!user || !impersonator) return null;
  const name = [user.first_name, user.last_name].filter(Boolean).join(' ') || user.email;
  return (
    <button
      type="button"
      disabled={busy}
      title={`Signed in by ${impersonator}`}
      onClick={() => {
        setBusy(true);
        void endImpersonation().finally(() => setBusy(false));
      }}
      className="inline-flex h-9 items-center rounded-md border border-amber-400 bg-amber-50 px-3 text-sm font-medium text-amber-950 hover:bg-amber-100 disabled:opacity-60 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
    >
      Logout as {name}
    </button>
  );
}
