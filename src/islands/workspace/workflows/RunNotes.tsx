import type { NodeProgress, NodeRun } from '../../../lib/workflows/schema.ts';
import { BriefBadge } from '../blogs/BriefNotice.tsx';

const number = new Intl.NumberFormat();

/** A node's steps so far (the post writer's parts as they are written): how many of how many, their words. */
export function ProgressLine({ progress, running }: { progress: NodeProgress; running: boolean }) {
  const last = progress.steps.at(-1);
  return (
    <p className="mt-1 text-xs text-slate-700 dark:text-slate-300">
      <span aria-label="Parts written">
        {progress.done} of {Math.max(progress.total, progress.done)} {progress.total === 1 ? 'part' : 'parts'}
      </span>{' '}
      · {number.format(progress.words)} words
      {running && last ? ` · last written: ${last.label}` : ''}
    </p>
  );
}

const field = (output: unknown, key: string): unknown => (output as Record<string, unknown> | null)?.[key];

/**
 * What a run's outputs say about its post beyond success: that it is a writer's brief (no AI model), and why a post
 * the run was to publish was kept a draft.
 */
export function RunNotes({ nodes }: { nodes: NodeRun[] }) {
  const brief = nodes.some((node) => field(node.output, 'brief') === true);
  const refused = nodes.map((node) => field(node.output, 'publish_refused')).find((text) => typeof text === 'string');
  if (!brief && !refused) return null;
  return (
    <div role="note" className="mt-2 flex flex-col gap-1 text-sm">
      {brief && (
        <p className="flex flex-wrap items-center gap-2">
          <BriefBadge />
          No AI model is configured, so this run made a writer's brief from your website, not a post.
        </p>
      )}
      {typeof refused === 'string' && <p className="text-amber-900 dark:text-amber-200">Not published: {refused}</p>}
    </div>
  );
}
