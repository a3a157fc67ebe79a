import { useStore } from '@nanostores/react';
import { useId } from 'react';
import { $brandTask } from '../../../lib/stores/brandTask.ts';

/** The running brand task of a project as a labelled progress bar with the task's own message (spec §2.3). */
export function BrandProgress({ projectId }: { projectId: string }) {
  const task = useStore($brandTask);
  const labelId = useId();
  if (task.projectId !== projectId || task.phase !== 'running') return null;
  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-baseline justify-between gap-3 text-sm">
        <p id={labelId} aria-live="polite">
          {task.message}
        </p>
        <span className="tabular-nums text-slate-600 dark:text-slate-400">{task.progress}%</span>
      </div>
      <div
        role="progressbar"
        aria-labelledby={labelId}
        aria-valuemin={0}
        aria-valuemax={100}
        aria-valuenow={task.progress}
        className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800"
      >
        <div
          className="h-full rounded-full bg-brand-600 transition-[width] duration-500"
          style={{ width: `${Math.max(task.progress, 3)}%` }}
        />
      </div>
    </div>
  );
}
