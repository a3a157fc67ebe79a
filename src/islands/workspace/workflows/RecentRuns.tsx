import { useStore } from '@nanostores/react';
import { Link } from '../Link.tsx';
import { StatusBadge } from './RunView.tsx';
import { headingClass, panelClass } from './styles.ts';
import { $projectRuns } from './workflowStores.ts';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The selected project's recent runs, each linked to its run view; an empty state says how to start one. */
export function RecentRuns({ title = 'Recent runs' }: { title?: string }) {
  const { data, loading } = useStore($projectRuns);
  return (
    <section aria-labelledby="recent-runs-heading" className={panelClass}>
      <h2 id="recent-runs-heading" className={headingClass}>
        {title}
      </h2>
      {loading && !data && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Loading...</p>}
      {data && data.length === 0 && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          No runs yet. Go to{' '}
          <Link href="/workflows" className="underline">
            Workflows
          </Link>
          , enter a topic and run the default workflow to write your first post.
        </p>
      )}
      {data && data.length > 0 && (
        <ul className="mt-2 flex flex-col gap-2">
          {data.map((run) => (
            <li key={run.run_id} className="flex flex-wrap items-center justify-between gap-2 text-sm">
              <Link
                href={
                  run.workflow_id ? `/workflows/${run.workflow_id}?run=${run.run_id}` : `/workflows?run=${run.run_id}`
                }
                className="underline-offset-2 hover:underline"
              >
                Run of {dateFormat.format(new Date(run.created_at))}
              </Link>
              <span className="flex items-center gap-2">
                <StatusBadge status={run.status} />
                {run.post_id && (
                  <Link href={`/dashboard/blog/edit/${run.post_id}`} className="text-xs underline">
                    Edit post
                  </Link>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
