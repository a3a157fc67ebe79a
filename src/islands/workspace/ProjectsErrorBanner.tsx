import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $projects, loadProjects } from '../../lib/stores/projects.ts';

/**
 * Says so when the project list could not be loaded (the network, or a session that could not be refreshed), so an
 * empty selector is never read as "you have no projects"; Try again reloads the list.
 */
export function ProjectsErrorBanner() {
  const { status } = useStore($projects);
  const [retrying, setRetrying] = useState(false);
  if (status !== 'error' && !retrying) return null;

  return (
    <div
      role="alert"
      className="flex flex-wrap items-center gap-3 border-b border-red-200 bg-red-50 px-4 py-2 text-sm text-red-950 dark:border-red-900 dark:bg-red-950 dark:text-red-100"
    >
      <p className="flex-1">Your projects could not be loaded. Check your connection, then try again.</p>
      <button
        type="button"
        disabled={retrying}
        onClick={() => {
          setRetrying(true);
          void loadProjects().finally(() => setRetrying(false));
        }}
        className="rounded-md border border-red-300 bg-white px-3 py-1.5 font-medium text-red-900 hover:bg-red-100 disabled:opacity-70 dark:border-red-800 dark:bg-red-900 dark:text-red-50 dark:hover:bg-red-800"
      >
        {retrying ? 'Trying again...' : 'Try again'}
      </button>
    </div>
  );
}
