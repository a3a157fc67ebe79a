// The queues a person waits on (brand guide, plan, translation) are woken by NOTIFY when a task is sent, not at the
// next poll; and a deployment whose queues an older release made gets a release's queue options on its next start
// (createQueue leaves an existing queue as it was).
import { afterAll, describe, expect, it } from 'vitest';
import { startJobs, type JobRunner } from '../../api/jobs/boss.ts';
import { brandGuideWorker } from '../../api/jobs/brand-guide.ts';
import { WORKERS } from '../../api/jobs/registry.ts';
import { BRAND_QUEUE } from '../../api/services/brand/verbs.ts';
import { PLAN_QUEUE } from '../../api/services/plan/verbs.ts';
import { TRANSLATION_QUEUE } from '../../api/services/translations/verbs.ts';
import { testConfig, testDatabaseUrl, testSql } from './helpers.ts';

const runners: JobRunner[] = [];
afterAll(async () => {
  for (const runner of runners) await runner.stop();
});

async function start(prefix: string, workers = WORKERS): Promise<JobRunner> {
  const runner = await startJobs({
    databaseUrl: testDatabaseUrl(),
    work: false,
    sql: testSql(),
    config: testConfig({ JOBS_QUEUE_PREFIX: prefix }),
    workers,
  });
  runners.push(runner);
  return runner;
}

describe('the job queues', () => {
  it('wake the brand guide, plan and translation workers by NOTIFY, also on queues an older release made', async () => {
    const prefix = `q${Date.now().toString(36)}.`;
    // An older release: the brand queue without notify and with other retries.
    const { notify: _notify, ...older } = brandGuideWorker.options;
    const old = await start(prefix, [{ ...brandGuideWorker, options: { ...older, retryLimit: 9 } }]);
    expect(await old.boss.getQueue(`${prefix}${BRAND_QUEUE}`)).toMatchObject({ notify: false, retryLimit: 9 });
    await old.stop();
    runners.pop();

    const runner = await start(prefix);

    for (const queue of [BRAND_QUEUE, PLAN_QUEUE, TRANSLATION_QUEUE])
      expect(await runner.boss.getQueue(`${prefix}${queue}`), queue).toMatchObject({ notify: true });
    expect(await runner.boss.getQueue(`${prefix}${BRAND_QUEUE}`)).toMatchObject({
      retryLimit: brandGuideWorker.options.retryLimit,
      deadLetter: `${prefix}${BRAND_QUEUE}__dead`,
    });
  });
});
