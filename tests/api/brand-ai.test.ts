// Brand processing with an AI server configured (the fake one): the guide is the AI's, not a draft; and a job that
// keeps failing ends in the dead-letter record with the task failed, never left running.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { FAKE_AI_KEY, FAKE_AI_MODEL, FAKE_GUIDE, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { call, signInUser, testApp, testJobs, testSql } from './helpers.ts';

let site: Awaited<ReturnType<typeof startDemoSite>>;
let ai: Awaited<ReturnType<typeof startFakeAi>>;
let runner: JobRunner;
let env: Record<string, string>;

beforeAll(async () => {
  site = await startDemoSite();
  ai = await startFakeAi();
  env = {
    FETCH_ALLOW_LOOPBACK: 'true',
    AI_BASE_URL: ai.baseUrl,
    AI_API_KEY: FAKE_AI_KEY,
    AI_MODEL: FAKE_AI_MODEL,
    AI_MAX_RETRIES: '0',
  };
  runner = await testJobs(env);
});
afterAll(async () => {
  await runner.stop();
  await ai.stop();
  await site.stop();
});

async function start() {
  const app = testApp(env, runner);
  const user = await signInUser();
  const project = await call(app, 'POST', '/api/projects/', { token: user.token, body: { name: 'AI bakery' } });
  const started = await call(app, 'POST', `/api/projects/${project.body.id}/brand-fetch-and-generate-guide`, {
    token: user.token,
    body: { brand_url: site.origin },
  });
  return { app, token: user.token, projectId: project.body.id as string, taskId: started.body.task_id as string };
}

describe('brand processing with an AI server', () => {
  it('stores the AI guide without a draft label and charges the tokens to the project and the task', async () => {
    const { app, token, projectId, taskId } = await start();

    await expect
      .poll(async () => (await call(app, 'GET', `/api/projects/brand-guide/status/${taskId}`, { token })).body.status, {
        timeout: 20_000,
      })
      .toBe('complete');

    const prompt = await call(app, 'GET', `/api/prompts/project/${projectId}`, { token });
    expect(prompt.body).toMatchObject({
      draft_label: null,
      brand_voice: FAKE_GUIDE.brand_voice,
      keywords: FAKE_GUIDE.keywords,
    });
    const sent = ai.calls
      .at(-1)
      .messages.map((message: { content: string }) => message.content)
      .join('\n');
    expect(sent).toContain('Slow-fermented sourdough');
    const usage =
      await testSql()`select purpose, total_tokens from ai_usage where project_id = ${projectId} and task_id = ${taskId}`;
    expect(usage).toEqual([{ purpose: 'brand_guide', total_tokens: 150 }]);
  });

  it('puts a job that fails every attempt in the dead-letter record and fails its task with the spec message', {
    timeout: 90_000,
  }, async () => {
    ai.script(...Array.from({ length: 4 }, () => ({ status: 500 })));
    const { app, token, projectId, taskId } = await start();

    await expect
      .poll(async () => (await call(app, 'GET', `/api/projects/brand-guide/status/${taskId}`, { token })).body.status, {
        timeout: 80_000,
        interval: 500,
      })
      .toBe('error');

    const status = await call(app, 'GET', `/api/projects/brand-guide/status/${taskId}`, { token });
    expect(status.body.message).toBe('Brand processing failed. Please try again or provide brand context manually.');
    const dead = await testSql()`select queue from job_dead_letters where data->>'task_id' = ${taskId}`;
    expect(dead).toEqual([{ queue: 'brand-guide' }]);
    const [task] = await testSql()`select attempts from brand_tasks where id = ${taskId}`;
    expect(task!.attempts).toBe(4);
    const [project] =
      await testSql()`select brand_info_status, default_prompt_id from projects where id = ${projectId}`;
    expect(project).toEqual({ brand_info_status: 'failed', default_prompt_id: null });
  });
});
