import type { JobQueue } from '../../jobs/boss.ts';

/** URL Inspection of the posts of every connected property, within its quota (a cron each minute, and on demand). */
export const SEARCH_CONSOLE_INSPECT_QUEUE = 'search-console-inspect';
/** Search Analytics of connected projects (a cron each hour; a project is fetched once a day, and on demand). */
export const SEARCH_CONSOLE_METRICS_QUEUE = 'search-console-metrics';

/**
 * Asks for a project's data now (after connecting or picking a property) instead of at the next scheduled run. A
 * queue that is down only delays it until then.
 */
export async function kickSearchConsole(jobs: JobQueue | undefined, projectId: string): Promise<void> {
  await Promise.all([
    jobs?.send(SEARCH_CONSOLE_INSPECT_QUEUE, {}).catch(() => undefined),
    jobs?.send(SEARCH_CONSOLE_METRICS_QUEUE, { project_id: projectId }).catch(() => undefined),
  ]);
}
