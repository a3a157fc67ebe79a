import { useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import { finishSearchConsoleConnect } from '../../../lib/api/searchConsole.ts';
import { navigate } from '../../../lib/stores/router.ts';
import { selectProject } from '../../../lib/stores/projects.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { Link } from '../Link.tsx';
import { PageFrame } from '../PageFrame.tsx';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/**
 * Where Google sends the owner back after its consent page (/projects/search-console?state=…&code=…, or &error=…):
 * the answer is handed to the server, which checks the state is this user's for this project, and the owner goes on
 * to Projects → Search Console to pick the property.
 */
export default function SearchConsoleCallbackPage() {
  const [problem, setProblem] = useState<string | null>(null);
  const sent = useRef(false);

  useEffect(() => {
    if (sent.current) return; // once, even when React runs effects twice
    sent.current = true;
    const params = new URLSearchParams(window.location.search);
    const state = params.get('state') ?? '';
    const projectId = state.split('.')[0] ?? '';
    if (!UUID.test(projectId)) {
      setProblem('This address is not an answer from Google. Start again from Projects → Search Console.');
      return;
    }
    const code = params.get('code');
    const error = params.get('error');
    finishSearchConsoleConnect(projectId, { state, ...(code ? { code } : {}), ...(error ? { error } : {}) })
      .then((connection) => {
        selectProject(projectId);
        showToast(connection.message ?? 'Search Console connected.', 'success');
        navigate('/projects#search-console', { replace: true });
      })
      .catch((failure) => {
        selectProject(projectId);
        setProblem(errorMessage(failure, 'Search Console could not be connected.'));
      });
  }, []);

  return (
    <PageFrame title="Search Console">
      {problem ? (
        <div role="alert" className="flex flex-col items-start gap-2 text-sm">
          <p className="text-red-700 dark:text-red-300">{problem}</p>
          <Link href="/projects#search-console" className="font-medium text-brand-700 underline dark:text-brand-100">
            Back to Projects
          </Link>
        </div>
      ) : (
        <p role="status" className="text-sm text-slate-600 dark:text-slate-400">
          Connecting Search Console...
        </p>
      )}
    </PageFrame>
  );
}
