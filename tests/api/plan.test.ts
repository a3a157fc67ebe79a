// The 30-day plan: a task on the content-plan queue turns the style guide into 30 entries on 30 consecutive days,
// none competing with another or with an existing post (a collision is asked for again); re-planning keeps entries
// already generated, being generated or failed; a provider that keeps failing ends the task in error after the
// job's retries; the spec's messages. With the fake AI server and offline (the composer).
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { addDays, localParts } from '../../api/services/calendar/dates.ts';
import { competes, keywordKey } from '../../api/services/plan/cannibalisation.ts';
import { failRun } from '../../api/services/workflows/runner.ts';
import { FAKE_AI_KEY, FAKE_AI_MODEL, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { driftFrom } from './documented.ts';
import { call, signInUser, testApp, testJobs, testQueuePrefix, testSql } from './helpers.ts';

let ai: Awaited<ReturnType<typeof startFakeAi>>;
let aiRunner: JobRunner;
let offlineRunner: JobRunner;
let holdRunner: JobRunner;
let aiEnv: Record<string, string>;
// The offline runs use queues of their own, so the AI-configured runner never takes their jobs.
const OFFLINE = { JOBS_QUEUE_PREFIX: `${testQueuePrefix()}offline.` };
// Queues nobody works: a run sent there stays pending (an entry "generating").
const HOLD = { JOBS_QUEUE_PREFIX: `${testQueuePrefix()}hold.` };

beforeAll(async () => {
  ai = await startFakeAi();
  aiEnv = { AI_BASE_URL: ai.baseUrl, AI_API_KEY: FAKE_AI_KEY, AI_MODEL: FAKE_AI_MODEL, AI_MAX_RETRIES: '0' };
  aiRunner = await testJobs(aiEnv);
  offlineRunner = await testJobs(OFFLINE, { work: false });
  holdRunner = await testJobs({ ...aiEnv, ...HOLD }, { work: false });
});
afterAll(async () => {
  await aiRunner.stop();
  await offlineRunner.stop();
  await holdRunner.stop();
  await ai.stop();
});

const NOUNS =
  'rye spelt brioche focaccia ciabatta bagel pretzel baguette croissant scone muffin pita naan tortilla challah pumpernickel matzo crumpet bap cornbread soda-bread flatbread panettone stollen babka kaiser-roll english-muffin lavash injera arepa'.split(
    ' ',
  );
const idea = (keyword: string, title = `All about ${keyword}`) => ({
  title,
  target_keyword: keyword,
  secondary_keywords: [`${keyword} recipe`],
  search_intent: 'informational',
  content_type: 'guide',
  outline: ['Intro', 'Method', 'Summary'],
});

async function project(app: ReturnType<typeof testApp>, keywords = ['sourdough bread', 'bread baking']) {
  const user = await signInUser();
  const created = await call(app, 'POST', '/api/projects/', { token: user.token, body: { name: 'Plan bakery' } });
  const projectId = created.body.id as string;
  const [prompt] = await testSql()`
    insert into prompts (project_id, brand_voice, keywords, base_knowledge) values (${projectId}, 'warm', ${keywords}, 'We bake bread in Lyon.')
    returning id`;
  return { token: user.token, projectId, promptId: prompt!.id as string };
}

async function plan(app: ReturnType<typeof testApp>, token: string, projectId: string, promptId: string) {
  const started = await call(app, 'POST', `/api/blogs/posts/plan/${projectId}/${promptId}`, { token });
  expect(started.status).toBe(202);
  const taskId = started.body.task_id as string;
  await expect
    .poll(async () => (await call(app, 'GET', `/api/blogs/posts/plan/status/${taskId}`, { token })).body.status, {
      timeout: 30_000,
    })
    .toBe('complete');
  return taskId;
}

/** What the status route answers once the task has ended (complete or error). */
async function ended(app: ReturnType<typeof testApp>, token: string, taskId: string) {
  await expect
    .poll(async () => (await call(app, 'GET', `/api/blogs/posts/plan/status/${taskId}`, { token })).body.status, {
      timeout: 60_000,
    })
    .toMatch(/^(complete|error)$/);
  return (await call(app, 'GET', `/api/blogs/posts/plan/status/${taskId}`, { token })).body;
}

async function entries(app: ReturnType<typeof testApp>, token: string, projectId: string) {
  const start = addDays(localParts(new Date(), 'UTC').day, 1);
  const listed = await call(app, 'GET', `/api/calendar/project/${projectId}?from=${start}&to=${addDays(start, 40)}`, {
    token,
  });
  expect(listed.status).toBe(200);
  return {
    start,
    items: listed.body.items as {
      id: string;
      date: string;
      title: string;
      target_keyword: string;
      secondary_keywords: string[];
      status: string;
      error: string | null;
      post_id: string | null;
      draft_label: string | null;
      written_by: string | null;
    }[],
  };
}

describe('the 30-day plan with an AI server', () => {
  it('plans exactly 30 entries on 30 consecutive days with distinct keywords, re-planning collisions with posts and each other', async () => {
    const app = testApp(aiEnv, aiRunner);
    const { token, projectId, promptId } = await project(app);
    await testSql()`insert into blog_posts (project_id, title, slug, target_keyword) values (${projectId}, 'Our sourdough starter', 'starter', 'Sourdough starter')`;
    const first = NOUNS.map((noun) => idea(`${noun} bread`));
    first[5] = idea('sourdough starters', 'Keeping sourdough starters alive'); // the existing post's keyword, plural
    first[7] = idea('Bread, Rye', 'Rye bread for everyone'); // the same keyword as entry 0 in another order
    ai.script(
      { content: JSON.stringify({ entries: first }) },
      { content: JSON.stringify({ entries: [idea('oat loaf'), idea('seeded loaf')] }) },
    );

    const taskId = await plan(app, token, projectId, promptId);

    const status = await call(app, 'GET', `/api/blogs/posts/plan/status/${taskId}`, { token });
    expect(status.body).toEqual({ task_id: taskId, status: 'complete', message: 'Your 30-day plan is ready!' });
    const { start, items } = await entries(app, token, projectId);
    expect(items).toHaveLength(30);
    expect(items.map((entry) => entry.date)).toEqual(Array.from({ length: 30 }, (_, index) => addDays(start, index)));
    expect(new Set(items.map((entry) => keywordKey(entry.target_keyword))).size).toBe(30);
    for (const entry of items)
      expect(competes(entry, { title: 'Our sourdough starter', target_keyword: 'Sourdough starter' })).toBeNull();
    expect(items.map((entry) => entry.target_keyword)).toEqual(expect.arrayContaining(['oat loaf', 'seeded loaf']));
    expect(items.every((entry) => entry.status === 'planned' && entry.draft_label === null)).toBe(true);
    expect(items.every((entry) => entry.written_by === FAKE_AI_MODEL)).toBe(true);
    // the request for replacements told the AI what exists (titles and keywords) and which of its ideas were refused
    const second = ai.calls[1].messages.map((message: { content: string }) => message.content).join('\n');
    expect(second).toContain('Plan exactly 3 posts.'); // two refused above, and one the guard finds near another
    expect(second).toMatch(
      /Already planned or published \(do not repeat these or plan a post competing with them\):\n- Our sourdough starter \(keyword: Sourdough starter\)\n- All about rye bread \(keyword: rye bread\)\n/,
    );
    expect(second).toContain(
      'Refused because they compete with the above (do not propose again): sourdough starters; Bread, Rye',
    );
  });
});

describe('the 30-day plan from a model that plans fewer entries than asked', () => {
  it("asks again for the missing ones, listing every title and keyword planned, until all 30 are the model's", async () => {
    const app = testApp(aiEnv, aiRunner);
    const { token, projectId, promptId } = await project(app);
    const calls = ai.calls.length;
    ai.behave({ planBatch: 12 }); // at most 12 entries an answer, as models asked for 30 often give

    try {
      await plan(app, token, projectId, promptId);
    } finally {
      ai.behave({});
    }

    const { items } = await entries(app, token, projectId);
    expect(items).toHaveLength(30);
    expect(items.every((entry) => entry.written_by === FAKE_AI_MODEL && entry.draft_label === null)).toBe(true);
    expect(new Set(items.map((entry) => keywordKey(entry.target_keyword))).size).toBe(30);
    const asked: string[] = ai.calls
      .slice(calls)
      .map((body: any) => body.messages.map((m: { content: string }) => m.content).join('\n'));
    expect(asked.map((text) => /Plan exactly (\d+) posts\./.exec(text)?.[1])).toEqual(['30', '18', '6']);
    const planned = items.filter((entry) => asked[2]!.includes(`- ${entry.title} (keyword: ${entry.target_keyword})`));
    expect(planned).toHaveLength(24);
  });
});

describe('the 30-day plan with an AI server that fails or falls short', () => {
  it('retries a failing provider as a job, then ends the task in error with its message and leaves the calendar alone', {
    timeout: 120_000,
  }, async () => {
    const app = testApp(aiEnv, aiRunner);
    const { token, projectId, promptId } = await project(app);
    const before = ai.calls.length;
    // The job has 2 retries: three attempts, each refused by the provider (AI_MAX_RETRIES=0: one request each).
    ai.script({ status: 500 }, { status: 500 }, { status: 500 });

    const started = await call(app, 'POST', `/api/blogs/posts/plan/${projectId}/${promptId}`, { token });
    expect(started.status).toBe(202);
    const taskId = started.body.task_id as string;
    const status = await ended(app, token, taskId);

    // What the wizard polls and shows (src/lib/stores/plan.ts toasts the message of an ended task).
    expect(status).toEqual({ task_id: taskId, status: 'error', message: 'Plan generation failed. Please try again.' });
    expect(ai.calls.length - before).toBe(3);
    const [task] = await testSql()`select attempts, error from plan_tasks where id = ${taskId}`;
    expect(task).toEqual({ attempts: 3, error: 'retries exhausted' });
    expect((await entries(app, token, projectId)).items).toEqual([]);
  });

  it('labels the ideas the offline composer fills in, and only those, as planned offline because the model fell short', {
    timeout: 60_000,
  }, async () => {
    const app = testApp(aiEnv, aiRunner);
    const { token, projectId, promptId } = await project(app);
    // The AI answers 10 ideas, then one idea, then twice more only that idea, which the guard refuses: after two rounds
    // that add nothing, the composer fills 19 days.
    const fromAi = NOUNS.slice(0, 10).map((noun) => idea(`${noun} bread`));
    const repeated = idea('oat loaf');
    const calls = ai.calls.length;
    ai.script(
      { content: JSON.stringify({ entries: fromAi }) },
      { content: JSON.stringify({ entries: [repeated] }) },
      { content: JSON.stringify({ entries: [repeated] }) },
      { content: JSON.stringify({ entries: [repeated] }) },
    );

    await plan(app, token, projectId, promptId);

    const { items } = await entries(app, token, projectId);
    expect(items).toHaveLength(30);
    const aiKeywords = new Set([...fromAi, repeated].map((entry) => entry.target_keyword));
    const written = items.filter((entry) => aiKeywords.has(entry.target_keyword));
    const composed = items.filter((entry) => !aiKeywords.has(entry.target_keyword));
    expect(ai.calls.length - calls).toBe(4);
    expect(written).toHaveLength(11);
    expect(written.every((entry) => entry.draft_label === null && entry.written_by === FAKE_AI_MODEL)).toBe(true);
    expect(composed).toHaveLength(19);
    expect(
      composed.every(
        (entry) =>
          entry.draft_label === 'draft — planned offline: the AI model planned too few' &&
          entry.written_by === 'offline composer',
      ),
    ).toBe(true);
  });

  it('re-plans around entries already generated, being generated and failed, keeping each on its day', {
    timeout: 120_000,
  }, async () => {
    const app = testApp(aiEnv, aiRunner);
    const hold = testApp({ ...aiEnv, ...HOLD }, holdRunner);
    const { token, projectId, promptId } = await project(app);
    ai.script({ content: JSON.stringify({ entries: NOUNS.map((noun) => idea(`${noun} bread`)) }) });
    await plan(app, token, projectId, promptId);
    const before = (await entries(app, token, projectId)).items;
    expect(before).toHaveLength(30);

    // Generated: a real run against the fake AI makes its draft post.
    const generated = before[2]!;
    expect((await call(app, 'POST', `/api/calendar/entries/${generated.id}/generate`, { token })).status).toBe(202);
    await expect
      .poll(async () => (await call(app, 'GET', `/api/calendar/entries/${generated.id}`, { token })).body.status, {
        timeout: 60_000,
      })
      .toBe('draft');
    // Being generated: its run waits on queues nobody works.
    const generating = before[4]!;
    expect((await call(hold, 'POST', `/api/calendar/entries/${generating.id}/generate`, { token })).status).toBe(202);
    // Failed: its run ended in error (as the runs engine ends a run out of retries).
    const failed = before[6]!;
    const failedRun = await call(hold, 'POST', `/api/calendar/entries/${failed.id}/generate`, { token });
    await failRun(testSql(), failedRun.body.run_id, 'The images server answered 500.');
    const kept = [generated, generating, failed];

    // The new plan's first answer repeats two kept keywords (refused by the guard); the second fills their days.
    const fresh = NOUNS.slice(0, 25).map((noun) => idea(`${noun} loaf`));
    const answer = [
      ...fresh.slice(0, 12),
      idea(generating.target_keyword, 'The same keyword again'),
      ...fresh.slice(12),
      idea(`${generated.target_keyword}s`, 'Its plural too'),
    ];
    const calls = ai.calls.length;
    ai.script(
      { content: JSON.stringify({ entries: answer }) },
      { content: JSON.stringify({ entries: [idea('oat loaf'), idea('seeded loaf')] }) },
    );
    await plan(app, token, projectId, promptId);

    const after = (await entries(app, token, projectId)).items;
    expect(after).toHaveLength(30);
    expect(after.map((entry) => entry.date)).toEqual(before.map((entry) => entry.date));
    expect(after.find((entry) => entry.id === generated.id)).toMatchObject({
      date: generated.date,
      status: 'draft',
      post_id: expect.any(String),
    });
    expect(after.find((entry) => entry.id === generating.id)).toMatchObject({
      date: generating.date,
      status: 'generating',
    });
    expect(after.find((entry) => entry.id === failed.id)).toMatchObject({
      date: failed.date,
      status: 'failed',
      error: 'The images server answered 500.',
    });
    const replanned = after.filter((entry) => !kept.some((old) => old.id === entry.id));
    expect(replanned).toHaveLength(27);
    expect(replanned.every((entry) => !before.some((old) => old.id === entry.id))).toBe(true);
    expect(replanned.map((entry) => entry.target_keyword).sort()).toEqual(
      [...fresh.map((entry) => entry.target_keyword), 'oat loaf', 'seeded loaf'].sort(),
    );
    for (const entry of replanned) for (const old of kept) expect(competes(entry, old)).toBeNull();
    // the AI was told to keep off the kept entries' keywords
    const asked = ai.calls[calls].messages.map((message: { content: string }) => message.content).join('\n');
    for (const old of kept) expect(asked).toContain(old.target_keyword);
  });
});

describe('the 30-day plan offline', () => {
  it('composes a labelled plan of 30 distinct entries, and re-planning keeps the entries already generated', async () => {
    const app = testApp({}, offlineRunner);
    const { token, projectId, promptId } = await project(app, [
      'sourdough bread',
      'sourdough starter',
      'country sourdough',
      'fresh sourdough',
      'organic flour',
    ]);
    const work = await testJobs(OFFLINE);
    try {
      await plan(app, token, projectId, promptId);
      const before = await entries(app, token, projectId);
      expect(before.items).toHaveLength(30);
      expect(new Set(before.items.map((entry) => keywordKey(entry.target_keyword))).size).toBe(30);
      expect(
        before.items.every(
          (entry) => entry.draft_label === 'draft — no AI configured' && entry.written_by === 'offline composer',
        ),
      ).toBe(true);
      for (const [index, a] of before.items.entries())
        for (const b of before.items.slice(index + 1)) expect(competes(a, b)).toBeNull();

      const generated = before.items[3]!;
      const [post] =
        await testSql()`insert into blog_posts (project_id, title, slug, target_keyword) values (${projectId}, ${generated.title}, 'made', ${generated.target_keyword}) returning id`;
      await testSql()`update calendar_entries set post_id = ${post!.id} where id = ${generated.id}`;

      await plan(app, token, projectId, promptId);
      const after = await entries(app, token, projectId);
      expect(after.items).toHaveLength(30);
      const kept = after.items.find((entry) => entry.id === generated.id);
      expect(kept).toMatchObject({ date: generated.date, status: 'draft', post_id: post!.id });
      expect(
        after.items
          .filter((entry) => entry.id !== generated.id)
          .every((entry) => !before.items.some((old) => old.id === entry.id)),
      ).toBe(true);
      expect(
        after.items.filter((entry) => entry.id !== generated.id).every((entry) => competes(entry, generated) === null),
      ).toBe(true);
    } finally {
      await work.stop();
    }
  });

  it('refuses a project without that style guide with the spec message, and hides tasks from outsiders', async () => {
    const app = testApp({}, offlineRunner);
    const { token, projectId, promptId } = await project(app);
    const other = await project(app);

    const missing = await call(app, 'POST', `/api/blogs/posts/plan/${projectId}/${other.promptId}`, { token });
    expect(missing.status).toBe(404);
    expect(missing.body.detail).toBe('No style guide found for this project.');
    expect((await testSql()`select count(*)::int as n from plan_tasks where project_id = ${projectId}`)[0]!.n).toBe(0);

    const started = await call(app, 'POST', `/api/blogs/posts/plan/${projectId}/${promptId}`, { token });
    expect(driftFrom('post', '/api/blogs/posts/plan/{projectId}/{promptId}', 202, started.body)).toBeUndefined(); // the answers /api/openapi.json documents
    const again = await call(app, 'POST', `/api/blogs/posts/plan/${projectId}/${promptId}`, { token });
    expect(again.body.task_id).toBe(started.body.task_id); // a double click plans once
    const status = await call(app, 'GET', `/api/blogs/posts/plan/status/${started.body.task_id}`, { token });
    expect(status.body).toEqual({
      task_id: started.body.task_id,
      status: 'pending',
      message: 'Kicking off your 30-day content plan...',
    });
    expect(driftFrom('get', '/api/blogs/posts/plan/status/{taskId}', 200, status.body)).toBeUndefined();
    const outsider = await call(app, 'GET', `/api/blogs/posts/plan/status/${started.body.task_id}`, {
      token: other.token,
    });
    expect(outsider.status).toBe(404);
  });
});
