import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../lib/api/client.ts';
import { acceptInvite } from '../../lib/api/members.ts';
import type { ProjectRole } from '../../lib/api/projects.ts';
import { $session, restoreSession } from '../../lib/auth/session.ts';
import { STORAGE, storage } from '../../lib/storage-keys.ts';

const ROLE_LABEL: Record<ProjectRole, string> = { owner: 'Owner', editor: 'Editor', viewer: 'Viewer' };
const link = 'font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100';

type State =
  | { kind: 'working' }
  | { kind: 'joined'; role: ProjectRole; already: boolean }
  | { kind: 'failed'; message: string };

/** The token of /invite/{token}. */
function tokenFromPath(): string {
  return decodeURIComponent(window.location.pathname.replace(/^\/invite\/?/, '').replace(/\/+$/, ''));
}

/**
 * /invite/{token}: signed out, a way to sign in that comes back here; signed in, joins the project with the link's
 * role, selects it and opens the dashboard.
 */
export default function InviteAccept() {
  const session = useStore($session);
  const [state, setState] = useState<State>({ kind: 'working' });

  useEffect(() => restoreSession(), []);
  useEffect(() => {
    if (session.status !== 'signed-in') return;
    const token = tokenFromPath();
    if (!token) {
      setState({ kind: 'failed', message: 'This invite link is not valid.' });
      return;
    }
    acceptInvite(token)
      .then((joined) => {
        storage.set(STORAGE.projectId, joined.project_id);
        setState({ kind: 'joined', role: joined.role, already: joined.already_member });
        window.location.assign('/dashboard');
      })
      .catch((error: unknown) => setState({ kind: 'failed', message: errorMessage(error, 'An error occurred.') }));
  }, [session.status]);

  if (session.status === 'loading') return <p role="status">Loading...</p>;
  if (session.status === 'signed-out') {
    const back = encodeURIComponent(window.location.pathname);
    return (
      <div className="flex flex-col gap-3">
        <p>You have been invited to a project on Inkpilot. Sign in first, and you will come back here to join it.</p>
        <p>
          <a className={link} href={`/signin?next=${back}`}>
            Sign in to accept the invite
          </a>
        </p>
      </div>
    );
  }
  if (state.kind === 'failed') {
    return (
      <div className="flex flex-col gap-3">
        <p role="alert">{state.message}</p>
        <p>
          Ask the project owner for a new link, or go to your{' '}
          <a className={link} href="/dashboard">
            dashboard
          </a>
          .
        </p>
      </div>
    );
  }
  if (state.kind === 'joined') {
    return (
      <p role="status">
        {state.already
          ? `You are already a member (${ROLE_LABEL[state.role]}).`
          : `You joined the project as ${ROLE_LABEL[state.role]}.`}{' '}
        Opening your dashboard...
      </p>
    );
  }
  return <p role="status">Joining the project...</p>;
}
