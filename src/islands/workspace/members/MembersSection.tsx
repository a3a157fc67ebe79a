import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $session } from '../../../lib/auth/session.ts';
import { errorMessage } from '../../../lib/api/client.ts';
import { deleteInvite, deleteMember, patchMemberRole, type Member } from '../../../lib/api/members.ts';
import type { ProjectRole } from '../../../lib/api/projects.ts';
import { $selectedProject, loadProjects } from '../../../lib/stores/projects.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { ROLE_LABEL } from '../roles.ts';
import { InviteDialog } from './InviteDialog.tsx';
import { $invites, $members, revalidateTeam } from './memberStores.ts';

const ROLES: ProjectRole[] = ['owner', 'editor', 'viewer'];
const memberName = (member: Member) => [member.first_name, member.last_name].filter(Boolean).join(' ') || member.email;
const button =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900';

/** Invite people: needs a selected project (spec §5); opens the share-link dialog. */
export function InviteButton() {
  const project = useStore($selectedProject);
  const [open, setOpen] = useState(false);
  if (project && project.role !== 'owner') return null; // only owners invite
  return (
    <>
      <button
        type="button"
        className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700"
        onClick={() => {
          if (!$session.get().user || !project) showToast('Please select a project first.', 'error');
          else setOpen(true);
        }}
      >
        Invite people
      </button>
      {open && project && <InviteDialog projectId={project.id} onClose={() => setOpen(false)} />}
    </>
  );
}

/** The selected project's members and open links, for its owners: change roles, remove, revoke. */
export function MembersSection() {
  const project = useStore($selectedProject);
  if (!project || project.role !== 'owner') return null;
  return <OwnerTeam projectId={project.id} projectName={project.name} />;
}

function OwnerTeam({ projectId, projectName }: { projectId: string; projectName: string }) {
  const members = useStore($members);
  const invites = useStore($invites);
  const me = useStore($session).user;

  async function run(action: () => Promise<unknown>, success: string) {
    try {
      await action();
      showToast(success, 'success');
    } catch (error) {
      showToast(errorMessage(error, 'An error occurred.'), 'error');
    } finally {
      revalidateTeam(projectId);
      void loadProjects(); // the caller's own role may have changed
    }
  }

  return (
    <section aria-labelledby="members-title" className="flex flex-col gap-4">
      <h2 id="members-title" className="text-lg font-semibold">
        Members of {projectName}
      </h2>
      {members.loading && !members.data && <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p>}
      <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 dark:divide-slate-800 dark:border-slate-800">
        {(members.data ?? []).map((member) => (
          <li key={member.user_id} aria-label={memberName(member)} className="flex flex-wrap items-center gap-3 p-3">
            <div className="min-w-0 flex-1">
              <p className="font-medium break-all">{memberName(member)}</p>
              <p className="text-sm break-all text-slate-600 dark:text-slate-400">{member.email}</p>
            </div>
            <label className="sr-only" htmlFor={`role-${member.user_id}`}>
              Role of {memberName(member)}
            </label>
            <select
              id={`role-${member.user_id}`}
              value={member.role}
              onChange={(event) =>
                run(
                  () => patchMemberRole(projectId, member.user_id, event.target.value as ProjectRole),
                  'Role changed.',
                )
              }
              className="h-9 rounded-md border border-slate-300 bg-white px-2 text-sm dark:border-slate-700 dark:bg-slate-900"
            >
              {ROLES.map((role) => (
                <option key={role} value={role}>
                  {ROLE_LABEL[role]}
                </option>
              ))}
            </select>
            <button
              type="button"
              className={button}
              onClick={() =>
                run(
                  () => deleteMember(projectId, member.user_id),
                  member.user_id === me?.id ? 'You left the project.' : 'Member removed.',
                )
              }
            >
              {member.user_id === me?.id ? 'Leave' : 'Remove'}
            </button>
          </li>
        ))}
      </ul>
      <h3 className="font-medium">Open invite links</h3>
      {(invites.data ?? []).length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">No open invite links.</p>
      )}
      <ul className="flex flex-col gap-2">
        {(invites.data ?? []).map((invite) => (
          <li key={invite.id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
            <span>
              {ROLE_LABEL[invite.role]} link · expires {new Date(invite.expires_at).toLocaleDateString()}
            </span>
            <button
              type="button"
              className={button}
              aria-label={`Revoke ${ROLE_LABEL[invite.role]} link created ${new Date(invite.created_at).toLocaleString()}`}
              onClick={() => run(() => deleteInvite(projectId, invite.id), 'Invite link revoked.')}
            >
              Revoke
            </button>
          </li>
        ))}
      </ul>
    </section>
  );
}
