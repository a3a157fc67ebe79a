// The whole engine against each way real servers answer (tests/fixtures/fake-ai BEHAVIOURS): for every behaviour a
// website becomes a brand guide, the guide a 30-entry plan the model wrote, and an entry a post through the default
// workflow; and nothing a server wraps its answers in (reasoning, fences, prose) reaches a stored row.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { CONTINUE_PROMPT } from '../../api/providers/ai/continuation.ts';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { BEHAVIOURS, FAKE_AI_KEY, FAKE_AI_MODEL, FAKE_GUIDE, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { call, signInUser, testApp, testJobs, testSql } from './helpers.ts';

let site: Awaited<ReturnType<typeof startDemoSite>>;
beforeAll(async () => {
  site = await startDemoSite();
});
afterAll(async () => site.stop());

const poll = { timeout: 60_000, interval: 200 };

/** Every text stored for a project: its guide, plan, posts, their runs' node outputs. */
async function storedText(projectId: string): Promise<string> {
  const sql = testSql();
  const rows = [
    ...(await sql`select brand_voice, writing_style_guide, image_style, keywords, base_knowledge from prompts where project_id = ${projectId}`),
    ...(await sql`select title, target_keyword, secondary_keywords, outline, content_type from calendar_entries where project_id = ${projectId}`),
    ...(await sql`select title, markdown, html, excerpt, meta_title, meta_description, keywords, cover_image_alt from blog_posts where project_id = ${projectId}`),
    ...(await sql`
      select n.output from node_runs n join workflow_runs r on r.id = n.run_id where r.project_id = ${projectId}`),
  ];
  return JSON.stringify(rows);
}

function expectNoWrapping(text: string) {
  expect(text).not.toMatch(/<\/?(think|thinking|reasoning)>/i);
  expect(text).not.toContain('Okay, the user wants');
  expect(text).not.toContain('```');
  expect(text).not.toContain('Sure! Here is');
  expect(text).not.toContain('Let me know if you want changes');
}

describe.each(Object.entries(BEHAVIOURS))('a server with %s', (_name, behaviour) => {
  let ai: Awaited<ReturnType<typeof startFakeAi>>;
  let runner: JobRunner;
  let env: Record<string, string>;
  beforeAll(async () => {
    ai = await startFakeAi(0, behaviour);
    env = {
      FETCH_ALLOW_LOOPBACK: 'true',
      AI_BASE_URL: ai.baseUrl,
      AI_API_KEY: FAKE_AI_KEY,
      AI_MODEL: FAKE_AI_MODEL,
      AI_MAX_RETRIES: '0',
      WORKFLOW_NODE_RETRIES: '0',
    };
    runner = await testJobs(env);
  });
  afterAll(async () => {
    await runner.stop();
    await ai.stop();
  });

  it('writes the brand guide, a 30-entry plan and a post, storing none of the wrapping', {
    timeout: 120_000,
  }, async () => {
    const app = testApp(env, runner);
    const { token } = await signInUser();
    const projectId = (await call(app, 'POST', '/api/projects/', { token, body: { name: 'Behaviour' } })).body
      .id as string;

    const brand = await call(app, 'POST', `/api/projects/${projectId}/brand-fetch-and-generate-guide`, {
      token,
      body: { brand_url: site.origin },
    });
    await expect
      .poll(
        async () =>
          (await call(app, 'GET', `/api/projects/brand-guide/status/${brand.body.task_id}`, { token })).body.status,
        poll,
      )
      .toBe('complete');
    const prompt = (await call(app, 'GET', `/api/prompts/project/${projectId}`, { token })).body;
    expect(prompt).toMatchObject({ ...FAKE_GUIDE, draft_label: null });

    const planned = await call(app, 'POST', `/api/blogs/posts/plan/${projectId}/${prompt.id}`, { token });
    await expect
      .poll(
        async () =>
          (await call(app, 'GET', `/api/blogs/posts/plan/status/${planned.body.task_id}`, { token })).body.status,
        poll,
      )
      .toBe('complete');
    const [days] = await testSql()`
      select min(entry_date)::text as first, max(entry_date)::text as last from calendar_entries where project_id = ${projectId}`;
    const listed = await call(app, 'GET', `/api/calendar/project/${projectId}?from=${days!.first}&to=${days!.last}`, {
      token,
    });
    expect(listed.body.items).toHaveLength(30);
    for (const item of listed.body.items) expect(item).toMatchObject({ written_by: FAKE_AI_MODEL, draft_label: null });

    const entry = listed.body.items[0];
    const generated = await call(app, 'POST', `/api/calendar/entries/${entry.id}/generate`, { token });
    expect(generated.status).toBe(202);
    await expect
      .poll(
        async () => (await call(app, 'GET', `/api/workflows/runs/${generated.body.run_id}`, { token })).body.status,
        poll,
      )
      .toBe('success');
    const run = (await call(app, 'GET', `/api/workflows/runs/${generated.body.run_id}`, { token })).body;
    const statuses = Object.fromEntries(
      run.node_runs.map((node: { node_id: string; status: string }) => [node.node_id, node.status]),
    );
    expect(statuses).toMatchObject({ search: 'skipped', competitors: 'skipped', writer: 'success', save: 'success' });
    const [post] = await testSql()`select title, markdown, draft_label from blog_posts where project_id = ${projectId}`;
    expect(post).toMatchObject({ title: 'Fake title from the fake AI.', draft_label: null });
    // Written part by part (issue 27): the fake's text for each part, nothing of the wrapping.
    expect(post!.markdown).toMatch(/^Sentence 1 about Introduction/);
    expect(post!.markdown).toContain('## Conclusion\n\nSentence 1 about Conclusion');

    expectNoWrapping(await storedText(projectId));
    // The behaviour did happen: answers were continued, JSON modes fell back and were remembered.
    if (behaviour.outputLimit) expect(ai.prompted(CONTINUE_PROMPT)).toBeGreaterThan(5);
    const [mode] = await testSql()`select json_mode from ai_provider_modes where base_url = ${ai.baseUrl}`;
    const expected = { reject: 'instructions', 'no-json-schema': 'json_object', ignore: 'json_schema' } as const;
    expect(mode?.json_mode).toBe(behaviour.responseFormat ? expected[behaviour.responseFormat] : 'json_schema');
    const usage = await testSql()`
      select count(*)::int as requests, bool_and(tokens_estimated) as all_estimated, bool_or(tokens_estimated) as any_estimated
      from ai_usage where project_id = ${projectId}`;
    expect(usage[0]!.requests).toBeGreaterThan(6);
    expect(usage[0]!.all_estimated).toBe(Boolean(behaviour.noUsage));
    expect(usage[0]!.any_estimated).toBe(Boolean(behaviour.noUsage));
  });
});
