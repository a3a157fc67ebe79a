import type { JobQueue } from '../../jobs/boss.ts';
import type { ProjectJob } from './queries/erase.ts';

const BATCH = 500;

/**
 * Cancels and removes the pg-boss jobs of deleted projects' tasks and runs, once the deletion committed: queued ones
 * never start, retries never come, finished ones keep no ids of the project. Best effort: a job this misses (no job
 * runner in this process, the queue unreachable) finds its task or run gone when it starts and ends doing nothing.
 */
export async function discardJobs(jobs: JobQueue | undefined, projectJobs: readonly ProjectJob[]): Promise<void> {
  if (!jobs?.discard || !projectJobs.length) return;
  for (const [queue, list] of Map.groupBy(projectJobs, (job) => job.queue)) {
    for (let start = 0; start < list.length; start += BATCH) {
      const ids = list.slice(start, start + BATCH).map((job) => job.job_id);
      try {
        await jobs.discard(queue, ids);
      } catch (error) {
        console.error(`[privacy] could not discard ${ids.length} job(s) of ${queue}:`, error);
      }
    }
  }
}
