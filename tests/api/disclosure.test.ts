// The "AI-assisted" note (issue 27): a project setting, off by default, that marks the posts a run wrote on the hosted
// blog: a visible note (role="note") under the title and a plain-text `backstory` in the page's JSON-LD. A post
// written by hand never carries it; turning the setting off removes it from the next page served. The run writes with
// the fake AI model: offline it would make a writer's brief, which is never published.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { AI_NOTE_TEXT } from '../../src/lib/quality/disclosure.ts';
import { FAKE_AI_KEY, FAKE_AI_MODEL, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { visit } from './blog-support.ts';
import { call, signInUser, testApp, testFeed, testJobs, testQueuePrefix, testSql, type TestUser } from './helpers.ts';

let owner: TestUser;
let runner: JobRunner;
let ai: Awaited<ReturnType<typeof startFakeAi>>;
let app: ReturnType<typeof testApp>;

beforeAll(async () => {
  await testFeed().ready; // blog pages are cached only while the change feed listens: the test sees them dropped
  ai = await startFakeAi(0);
  const env = {
    JOBS_QUEUE_PREFIX: `${testQueuePrefix()}note.`,
    AI_BASE_URL: ai.baseUrl,
    AI_API_KEY: FAKE_AI_KEY,
    AI_MODEL: FAKE_AI_MODEL,
  };
  runner = await testJobs(env);
  app = testApp(env, runner);
  owner = await signInUser({ name: 'Ada Baker' });
  await call(app, 'GET', '/api/users/me/', { token: owner.token });
  await testSql()`
    insert into subscriptions (account_id, plan_override)
    select id, 'scale' from users where external_id = ${owner.uid}`;
});
afterAll(async () => {
  await runner.stop();
  await ai.stop();
});

/** The note's paragraph and the BlogPosting of a post page. */
function read(html: string) {
  const note = /<p class="ai-note"[^>]*>.*?<\/p>/.exec(html)?.[0] ?? null;
  const blocks = [...html.matchAll(/<script type="application\/ld\+json">(.*?)<\/script>/g)].map((match) =>
    JSON.parse(match[1] as string),
  );
  const posting = blocks.flat().find((block: { '@type'?: string }) => block['@type'] === 'BlogPosting');
  return { note, posting };
}

describe('the AI-assisted note', () => {
  it('is off by default, marks only generated posts when on, in the page and its JSON-LD, and goes when off', {
    timeout: 90_000,
  }, async () => {
    const projectId = (await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Note bakery' } }))
      .body.id as string;
    const [{ slug: blogSlug }] = (await testSql()`select slug from projects where id = ${projectId}`) as unknown as [
      { slug: string },
    ];
    const host = `${blogSlug}.blogs.localhost:4321`;
    const started = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: owner.token,
      body: { topic: 'Keeping a sourdough starter alive', target_keyword: 'sourdough starter' },
    });
    await expect
      .poll(
        async () =>
          (await call(app, 'GET', `/api/workflows/runs/${started.body.run_id}`, { token: owner.token })).body.status,
        {
          timeout: 60_000,
          interval: 200,
        },
      )
      .toBe('success');
    const [{ id: generatedId }] = (await testSql()`
      select id from blog_posts where workflow_run_id = ${started.body.run_id}`) as unknown as [{ id: string }];
    const generated = (await call(app, 'POST', `/api/blogs/posts/post/${generatedId}/publish`, { token: owner.token }))
      .body;
    const byHand = (
      await call(app, 'POST', `/api/blogs/posts/project/${projectId}`, {
        token: owner.token,
        body: { title: 'Our opening hours', markdown: 'We open at seven.' },
      })
    ).body;
    await call(app, 'POST', `/api/blogs/posts/post/${byHand.id}/publish`, { token: owner.token });
    const page = async (slug: string) => read((await visit(app, host, `/${slug}`)).text);

    const offGenerated = await page(generated.slug);
    const set = (on: boolean) =>
      call(app, 'PATCH', `/api/projects/${projectId}/quality`, { token: owner.token, body: { ai_disclosure: on } });
    expect((await set(true)).body.ai_disclosure).toBe(true);
    const onGenerated = await page(generated.slug);
    const onByHand = await page(byHand.slug);
    await set(false);
    const offAgain = await page(generated.slug);

    expect(offGenerated.note).toBeNull();
    expect(offGenerated.posting).not.toHaveProperty('backstory');
    expect(onGenerated.note).toBe(
      '<p class="ai-note" role="note"><strong>AI-assisted</strong>: this post was written with the help of AI.</p>',
    );
    expect(onGenerated.posting.backstory).toBe(AI_NOTE_TEXT);
    expect(onGenerated.posting).not.toHaveProperty('comment');
    expect(onByHand.note).toBeNull();
    expect(onByHand.posting).not.toHaveProperty('backstory');
    expect(offAgain.note).toBeNull();
    expect(offAgain.posting).not.toHaveProperty('backstory');
  });
});
