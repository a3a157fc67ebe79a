import type { JobQueue } from '../../jobs/boss.ts';
import { publish } from './lifecycle.ts';
import { type OutboxDeps, outboxQueue, wakeOutbox } from './outbox.ts';
import { claimDuePost } from './queries/write.ts';

/** The pg-boss queue of the job that publishes scheduled posts when their time comes (api/jobs/post-schedule.ts). */
export const POST_SCHEDULE_QUEUE = 'post-schedule';

/** Asks for a run of the schedule job at `at`, so a post goes live on time rather than at the next minute's sweep. */
export async function publishAt(jobs: JobQueue | undefined, at: Date): Promise<void> {
  await jobs?.send(POST_SCHEDULE_QUEUE, {}, { startAfter: at }).catch(() => {});
}

/**
 * Publishes every scheduled post whose time has come, each in a transaction of its own, as the system acting for its
 * project; its publish time stays the one it was scheduled for. Posts another process is publishing are skipped,
 * and a post that cannot be published is logged and left scheduled. Returns how many went live.
 */
export async function publishDuePosts(
  deps: OutboxDeps & { log: (line: string) => void },
  now = new Date(),
): Promise<number> {
  const outbox = outboxQueue(deps.config);
  const failed: string[] = [];
  let published = 0;
  for (;;) {
    let claimed: string | undefined;
    try {
      await deps.sql.begin(async (tx) => {
        const post = await claimDuePost(tx, now, failed);
        if (!post) return;
        claimed = post.id;
        const actor = { kind: 'system', project_id: post.project_id } as const;
        await publish({ tx, actor, outbox, post, at: post.published_at });
      });
    } catch (error) {
      if (!claimed) throw error;
      failed.push(claimed);
      deps.log(`scheduled post ${claimed} not published: ${error instanceof Error ? error.message : String(error)}`);
      continue;
    }
    if (!claimed) break;
    published++;
  }
  if (published) await wakeOutbox(deps.jobs);
  return published;
}
