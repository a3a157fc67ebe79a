// The posts outbox's consumer killed mid-drain (SIGKILL: no clean-up of any kind), then started again: no event is
// lost and none is applied twice. The consumer runs as its own process (tests/fixtures/outbox-worker.ts) with the
// app's subscribers plus two recorders; the second one hangs from its 8th application on, so the process dies with
// some events consumed, one delivered to the first recorder but not to the second, and the rest untouched.
import { spawn, type ChildProcess } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createRecordTable } from '../fixtures/outbox-recorder.ts';
import { call, signInUser, testApp, testDatabaseUrl, testJobs, testQueuePrefix, testSql } from './helpers.ts';

const children: ChildProcess[] = [];

beforeAll(async () => {
  await createRecordTable(testSql());
  await testSql()`
    create table if not exists outbox_test_markers (
      name text not null, pid integer not null, at timestamptz not null default now()
    )`;
});
afterAll(() => {
  for (const child of children) if (child.exitCode === null) child.kill('SIGKILL');
});

/** The outbox's consumer as a process of its own on the test database, working one queue prefix. */
function startConsumer(queuePrefix: string, hangAfter?: number): ChildProcess {
  const { FIREBASE_AUTH_EMULATOR_HOST: _emulator, ...rest } = process.env;
  const child = spawn(process.execPath, ['tests/fixtures/outbox-worker.ts'], {
    stdio: 'ignore',
    env: {
      ...rest,
      NODE_ENV: 'test',
      DATABASE_URL: testDatabaseUrl(),
      JOBS_SUPERVISE_SECONDS: '1',
      JOBS_QUEUE_PREFIX: queuePrefix,
      ...(hangAfter === undefined ? {} : { OUTBOX_HANG_AFTER: String(hangAfter) }),
    },
  });
  children.push(child);
  return child;
}

async function kill(child: ChildProcess): Promise<void> {
  if (child.exitCode !== null) return;
  const exited = new Promise((done) => child.once('exit', done));
  child.kill('SIGKILL');
  await exited;
}

describe('the outbox after a crash', () => {
  it('a consumer killed mid-drain and started again loses no event and applies none twice', {
    timeout: 180_000,
  }, async () => {
    const queuePrefix = `${testQueuePrefix()}outbox-crash.`;
    const queueOnly = await testJobs({ JOBS_QUEUE_PREFIX: queuePrefix }, { work: false });
    const app = testApp({ JOBS_QUEUE_PREFIX: queuePrefix }, queueOnly);
    const { token } = await signInUser();
    const projectId = (await call(app, 'POST', '/api/projects/', { token, body: { name: 'Crash' } })).body.id;
    // Six posts, four transitions each: 24 events wait in the outbox before any consumer runs.
    const posts: string[] = [];
    for (let index = 1; index <= 6; index++) {
      const made = await call(app, 'POST', `/api/blogs/posts/project/${projectId}`, {
        token,
        body: { title: `Crash post ${index}` },
      });
      const id = made.body.id as string;
      await call(app, 'POST', `/api/blogs/posts/post/${id}/publish`, { token, body: { version: 1 } });
      await call(app, 'PATCH', `/api/blogs/posts/post/${id}`, { token, body: { version: 2, markdown: 'Edited.' } });
      await call(app, 'POST', `/api/blogs/posts/post/${id}/unpublish`, { token, body: { version: 3 } });
      posts.push(id);
    }
    const events = await testSql()<{ id: string; post_id: string; version: number }[]>`
      select id::text as id, post_id, version from post_events where post_id in ${testSql()(posts)}`;
    const consumedCount = async () =>
      (
        await testSql()<{ n: number }[]>`
          select count(*)::int as n from post_events where post_id in ${testSql()(posts)} and consumed_at is not null`
      )[0]!.n;

    const first = startConsumer(queuePrefix, 7);
    await expect
      .poll(async () => (await testSql()`select 1 from outbox_test_markers where pid = ${first.pid!}`).length, {
        timeout: 60_000,
        interval: 100,
      })
      .toBe(1);
    await expect.poll(consumedCount, { timeout: 30_000, interval: 100 }).toBeGreaterThan(0);
    await kill(first);
    const consumedBefore = await consumedCount();
    const [inFlight] = await testSql()<{ n: number }[]>`
      select count(*)::int as n from post_events e
      where e.post_id in ${testSql()(posts)} and e.consumed_at is null
        and exists (select 1 from post_event_deliveries d where d.event_id = e.id and d.subscriber = 'crash_first')`;

    const second = startConsumer(queuePrefix);
    await expect.poll(consumedCount, { timeout: 120_000, interval: 250 }).toBe(events.length);
    await kill(second);
    await queueOnly.stop();

    expect(events).toHaveLength(24);
    expect(consumedBefore).toBeLessThan(24);
    // The process died inside the second recorder's delivery of an event the first recorder already had.
    expect(inFlight!.n).toBeGreaterThan(0);
    for (const subscriber of ['crash_first', 'crash_second']) {
      const rows = await testSql()<{ event_id: string; post_id: string; version: number }[]>`
        select event_id::text as event_id, post_id, version from outbox_test_applications a
        where subscriber = ${subscriber} and post_id in ${testSql()(posts)} order by a.id`;
      // Each event exactly once...
      expect(rows.map((row) => row.event_id).sort(), subscriber).toEqual(events.map((event) => event.id).sort());
      // ...and each post's events in their order.
      for (const post of posts)
        expect(
          rows.filter((row) => row.post_id === post).map((row) => row.version),
          `${subscriber} ${post}`,
        ).toEqual([1, 2, 3, 4]);
    }
  });
});
