import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { $trackedRuns, displayStatus, trackRun } from '../../../lib/stores/runs.ts';
import { Link } from '../Link.tsx';
import { ProgressLine, RunNotes } from './RunNotes.tsx';
import { headingClass, linkClass, panelClass } from './styles.ts';

const STATUS_TONE: Record<string, string> = {
  success: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
  error: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-100',
  skipped: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
};

/** A status pill; running reads as pending (spec §4). */
export function StatusBadge({ status }: { status: string }) {
  const shown = displayStatus(status);
  return (
    <span
      className={`rounded px-2 py-0.5 text-xs font-medium ${STATUS_TONE[shown] ?? 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100'}`}
    >
      {shown}
    </span>
  );
}

/** Why a block did nothing (web search without a provider), from its output; null when it says nothing. */
export function skippedReason(output: unknown): string | null {
  const reason = (output as { skipped_reason?: unknown } | null | undefined)?.skipped_reason;
  return typeof reason === 'string' && reason.trim() ? reason : null;
}

/** One run as it progresses: its status, each node's status and output, the saved post's links. */
export function RunView({ runId, nodeIds = [] }: { runId: string; nodeIds?: string[] }) {
  const tracked = useStore($trackedRuns)[runId];

  useEffect(() => {
    void trackRun(runId);
  }, [runId]);

  const run = tracked?.run;
  const nodeRuns = run?.node_runs ?? [];
  const waiting = nodeIds.filter((id) => !nodeRuns.some((node) => node.node_id === id));

  return (
    <section aria-labelledby="run-heading" className={panelClass}>
      <div className="flex flex-wrap items-center gap-3">
        <h2 id="run-heading" className={headingClass}>
          Run
        </h2>
        <span className="text-xs text-slate-600 dark:text-slate-400">{runId}</span>
        {tracked && <StatusBadge status={tracked.status === 'unknown' ? 'pending' : tracked.status} />}
        {tracked && tracked.totalSteps > 0 && (
          <span className="text-sm" aria-label="Steps completed">
            {tracked.stepsCompleted} / {Math.max(tracked.totalSteps, nodeIds.length)} steps
          </span>
        )}
      </div>
      {run?.error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          {run.error_node_id ? `${run.error_node_id}: ` : ''}
          {run.error}
        </p>
      )}
      {run && <RunNotes nodes={nodeRuns} />}
      {tracked?.postId && (
        <p className="mt-2 flex gap-4">
          <Link href={`/dashboard/blog/edit/${tracked.postId}`} className={linkClass}>
            Open the post in the editor
          </Link>
          <Link href={`/blogs/${tracked.postId}`} className={linkClass}>
            View the post
          </Link>
        </p>
      )}
      {!run && <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Loading...</p>}
      {run && (
        <ol className="mt-3 flex flex-col gap-2" aria-label="Node runs">
          {nodeRuns.map((node) => {
            const reason = node.status === 'skipped' ? skippedReason(node.output) : null;
            return (
              <li key={node.node_id} className="rounded border border-slate-200 p-2 text-sm dark:border-slate-800">
                <div className="flex flex-wrap items-center gap-2">
                  <span className="font-medium">{node.node_id}</span>
                  <span className="text-xs text-slate-600 dark:text-slate-400">{node.block_type}</span>
                  <StatusBadge status={node.status} />
                  {reason && <span className="text-xs text-slate-700 dark:text-slate-300">{reason}</span>}
                </div>
                {node.progress && <ProgressLine progress={node.progress} running={node.status === 'running'} />}
                {node.error && <p className="mt-1 text-xs text-red-700 dark:text-red-300">{node.error}</p>}
                {node.output !== undefined && node.output !== null && (
                  <details className="mt-1">
                    <summary className="cursor-pointer text-xs">Output of {node.node_id}</summary>
                    <pre className="mt-1 max-h-64 overflow-auto rounded bg-slate-50 p-2 text-xs whitespace-pre-wrap dark:bg-slate-900">
                      {JSON.stringify(node.output, null, 2)}
                    </pre>
                  </details>
                )}
              </li>
            );
          })}
          {waiting.map((id) => (
            <li key={id} className="rounded border border-dashed border-slate-200 p-2 text-sm dark:border-slate-800">
              <span className="font-medium">{id}</span>{' '}
              <span className="text-xs text-slate-600 dark:text-slate-400">waiting</span>
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
