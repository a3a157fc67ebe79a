// Generate post: an entry starts the project's default workflow with its topic, keywords and outline, links the run
// and then its post (a draft), and records one usage event; an entry under way or done is not started twice.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { driftFrom } from './documented.ts';
import { call, signInUser, testApp, testJobs, testSql } from './helpers.ts';

let runner: JobRunner;
let app: ReturnType<typeof testApp>;

beforeAll(async () => {
  runner = await testJobs();
  app = testApp({}, runner);
});
afterAll(async () => runner.stop());

describe('generate post from a calendar entry', () => {
  it('runs the default workflow for the entry and links the entry to its draft post', { timeout: 90_000 }, async () => {
    const { token } = await signInUser();
    const projectId = (await call(app, 'POST', '/api/projects/', { token, body: { name: 'Generate' } })).body
      .id as string;
    const created = await call(app, 'POST', `/api/calendar/project/${projectId}`, {
      token,
      body: {
        date: '2030-08-01',
        title: 'Rye bread basics',
        target_keyword: 'rye bread',
        secondary_keywords: ['rye flour'],
        outline: ['Why rye', 'The method'],
      },
    });
    const id = created.body.id as string;

    const started = await call(app, 'POST', `/api/calendar/entries/${id}/generate`, { token });
    expect(started.status).toBe(202);
    expect(driftFrom('post', '/api/calendar/entries/{id}/generate', 202, started.body)).toBeUndefined(); // the answer /api/openapi.json documents
    expect(started.body.entry).toMatchObject({ id, run_id: started.body.run_id });
    expect(['generating', 'draft']).toContain(started.body.entry.status);
    const [run] = await testSql()`select input from workflow_runs where id = ${started.body.run_id}`;
    expect(run!.input).toMatchObject({
      topic: 'Rye bread basics',
      target_keyword: 'rye bread',
      secondary_keywords: ['rye flour'],
      calendar_entry_id: id,
    });

    const again = await call(app, 'POST', `/api/calendar/entries/${id}/generate`, { token });
    expect(again.status).toBe(409);

    await expect
      .poll(async () => (await call(app, 'GET', `/api/calendar/entries/${id}`, { token })).body.status, {
        timeout: 60_000,
      })
      .toBe('draft');
    const entry = (await call(app, 'GET', `/api/calendar/entries/${id}`, { token })).body;
    expect(driftFrom('get', '/api/calendar/entries/{id}', 200, entry)).toBeUndefined(); // with its post linked
    const [row] = await testSql()`select status, workflow_run_id from blog_posts where id = ${entry.post_id}`;
    expect(row).toEqual({ status: 'draft', workflow_run_id: started.body.run_id });
    expect(await testSql()`select kind from usage_events where run_id = ${started.body.run_id}`).toEqual([
      { kind: 'post_generated' },
    ]);
    const done = await call(app, 'POST', `/api/calendar/entries/${id}/generate`, { token });
    expect(done.body.detail).toBe('This entry already has a post.');
  });
});
