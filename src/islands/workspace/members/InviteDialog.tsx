import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import { postInvite } from '../../../lib/api/members.ts';
import type { ProjectRole } from '../../../lib/api/projects.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { ROLE_LABEL } from '../roles.ts';
import { revalidateTeam } from './memberStores.ts';

const ROLES: ProjectRole[] = ['viewer', 'editor', 'owner'];

/** The invite share-link dialog (spec §2.3): choose a role, generate a single-use link, copy it (read-only), Close. */
export function InviteDialog({ projectId, onClose }: { projectId: string; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [role, setRole] = useState<ProjectRole>('viewer');
  const [link, setLink] = useState('');
  const [busy, setBusy] = useState(false);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  async function generate() {
    setBusy(true);
    try {
      const invite = await postInvite(projectId, role);
      setLink(new URL(invite.path, window.location.origin).toString());
      revalidateTeam(projectId);
    } catch (error) {
      showToast(errorMessage(error, 'An error occurred.'), 'error');
    } finally {
      setBusy(false);
    }
  }

  async function copy() {
    if (!link) {
      showToast('Please generate an invite link first.', 'error'); // spec §5
      return;
    }
    try {
      await navigator.clipboard.writeText(link);
      showToast('Invite link copied to clipboard!', 'success');
    } catch {
      showToast('Failed to copy link.', 'error');
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby="invite-title"
      onClose={onClose}
      className="m-auto w-[32rem] max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-100"
    >
      <h2 id="invite-title" className="text-lg font-semibold">
        Invite to project
      </h2>
      <p className="mt-1 mb-4 text-sm text-slate-600 dark:text-slate-400">
        Anyone who opens the link joins with the role you choose. It works once and expires in 7 days.
      </p>
      <div className="flex items-end gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Role
          <select
            value={role}
            onChange={(event) => setRole(event.target.value as ProjectRole)}
            className="h-10 rounded-md border border-slate-300 bg-white px-2 dark:border-slate-700 dark:bg-slate-900"
          >
            {ROLES.map((option) => (
              <option key={option} value={option}>
                {ROLE_LABEL[option]}
              </option>
            ))}
          </select>
        </label>
        <button
          type="button"
          onClick={generate}
          disabled={busy}
          className="h-10 rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? 'Generating...' : 'Generate link'}
        </button>
      </div>
      <div className="mt-4 flex gap-2">
        <label htmlFor="invite-link" className="sr-only">
          Invite link
        </label>
        <input
          id="invite-link"
          readOnly
          value={link}
          placeholder="Generate a link first"
          className="h-10 min-w-0 flex-1 rounded-md border border-slate-300 bg-slate-50 px-3 text-sm dark:border-slate-700 dark:bg-slate-900"
          onFocus={(event) => event.currentTarget.select()}
        />
        <button
          type="button"
          onClick={copy}
          className="h-10 rounded-md border border-slate-300 px-3 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900"
        >
          Copy
        </button>
      </div>
      <div className="mt-6 flex justify-end">
        <button
          type="button"
          onClick={() => dialog.current?.close()}
          className="h-10 rounded-md border border-slate-300 px-4 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900"
        >
          Close
        </button>
      </div>
    </dialog>
  );
}
