import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { deleteAccount, fetchDeletionPreview, type DeletionPreview } from '../../../lib/api/account.ts';
import { errorMessage } from '../../../lib/api/client.ts';
import { $session, impersonatorEmail, signOutLocally } from '../../../lib/auth/session.ts';
import { ROLE_LABEL } from '../roles.ts';
import { dangerButton, TypedConfirmDialog } from '../TypedConfirmDialog.tsx';

const sameEmail = (typed: string, email: string) => typed.trim().toLowerCase() === email.trim().toLowerCase();

/**
 * My Account → Delete account: after the user has read what goes (the projects they alone own, their memberships,
 * keys, sign-in, a paid subscription) and typed their email. Then they are signed out and land on the public site.
 * Not offered inside an impersonated session (the server refuses it too).
 */
export function DeleteAccountSection() {
  const user = useStore($session).user;
  const [open, setOpen] = useState(false);
  if (!user || impersonatorEmail(user)) return null;

  return (
    <section aria-labelledby="delete-account" className="rounded-lg border border-red-300 p-4 dark:border-red-900">
      <h2 id="delete-account" className="text-lg font-semibold text-red-800 dark:text-red-300">
        Delete account
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-700 dark:text-slate-300">
        Deletes your account and the projects only you own. Projects you share with another owner stay with them. It
        cannot be undone.
      </p>
      <button type="button" className={dangerButton} onClick={() => setOpen(true)}>
        Delete account
      </button>
      {open && (
        <TypedConfirmDialog
          title="Delete your account?"
          expected={user.email}
          matches={sameEmail}
          confirmLabel="Delete account"
          busyLabel="Deleting..."
          onClose={() => setOpen(false)}
          onConfirm={async (typed) => {
            await deleteAccount(typed.trim());
            await signOutLocally();
            window.location.assign('/');
          }}
        >
          <WhatGoes />
        </TypedConfirmDialog>
      )}
    </section>
  );
}

/** The projects deleted and left, read when the dialog opens. */
function WhatGoes() {
  const [preview, setPreview] = useState<DeletionPreview | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    let live = true;
    fetchDeletionPreview()
      .then((next) => live && setPreview(next))
      .catch((caught: unknown) => live && setError(errorMessage(caught, 'Could not read your projects.')));
    return () => {
      live = false;
    };
  }, []);

  if (error) return <p role="alert">Your projects could not be listed: {error}</p>;
  if (!preview) return <p>Loading...</p>;
  return (
    <>
      <p className="font-medium">Deleted with your account, for every member:</p>
      {preview.deleted_projects.length ? (
        <ul aria-label="Projects deleted" className="list-disc pl-5">
          {preview.deleted_projects.map((project) => (
            <li key={project.id} className="break-words">
              {project.name} — its posts, blog, domain, guides, plan and workflows
              {project.search_console && '; its Search Console access is revoked at Google'}
            </li>
          ))}
        </ul>
      ) : (
        <p>No project: none is yours alone.</p>
      )}
      {preview.left_projects.length > 0 && (
        <>
          <p className="font-medium">You leave these; they stay with their other owners:</p>
          <ul aria-label="Projects you leave" className="list-disc pl-5">
            {preview.left_projects.map((project) => (
              <li key={project.id} className="break-words">
                {project.name} ({ROLE_LABEL[project.role]})
              </li>
            ))}
          </ul>
        </>
      )}
      {preview.cancels_subscription && (
        <p>
          Your paid subscription is cancelled at once. The days left in the current period are not refunded
          automatically; write to support if you need that.
        </p>
      )}
      <p>Your API keys, invite links and sign-in go too, and you are signed out everywhere.</p>
    </>
  );
}
