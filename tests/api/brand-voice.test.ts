// Issue 24: brand voice from example articles. The demo site's three journal articles have a distinctive voice ("we"
// talking to "you", short sentences, contractions, phrases that recur); the brand task given them measures that voice
// and the guide quotes them, offline and with the fake AI; the writer's prompt carries the quotes. An article that
// cannot be read says why and never sinks the guide; bad lists of addresses are refused before anything is stored.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { postWriter } from '../../api/blocks/post-writer.ts';
import { styleGuide } from '../../api/blocks/style-guide.ts';
import { voiceExamplesPrompt } from '../../api/blocks/voice-examples.ts';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { createAi } from '../../api/providers/ai/index.ts';
import { createBlockContext } from '../../api/services/workflows/block-context.ts';
import { extractArticle } from '../../api/providers/crawler/article.ts';
import { wordsOf } from '../../src/lib/voice/text.ts';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { JOURNAL } from '../fixtures/demo-site/pages.mjs';
import { FAKE_AI_KEY, FAKE_AI_MODEL, FAKE_GUIDE, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { call, signInUser, testApp, testConfig, testJobs, testQueuePrefix, testSql, type TestUser } from './helpers.ts';

const JOURNAL_PATHS = Object.keys(JOURNAL);
let site: Awaited<ReturnType<typeof startDemoSite>>;
let ai: Awaited<ReturnType<typeof startFakeAi>>;
const runners: JobRunner[] = [];
let setups = 0;
const offline = { FETCH_ALLOW_LOOPBACK: 'true', FETCH_TIMEOUT_MS: '5000' };
const withAi = () => ({
  ...offline,
  AI_BASE_URL: ai.baseUrl,
  AI_API_KEY: FAKE_AI_KEY,
  AI_MODEL: FAKE_AI_MODEL,
  AI_MAX_RETRIES: '0',
});

beforeAll(async () => {
  [site, ai] = await Promise.all([startDemoSite(), startFakeAi()]);
});
afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await Promise.all([site.stop(), ai.stop()]);
});

/** An app and a worker of their own (own queue names) with the given settings. */
async function setup(env: Record<string, string>) {
  const settings = { ...env, JOBS_QUEUE_PREFIX: `${testQueuePrefix()}${++setups}.` };
  const runner = await testJobs(settings);
  runners.push(runner);
  return testApp(settings, runner);
}

async function ownerWithProject(app: ReturnType<typeof testApp>) {
  const user = await signInUser();
  const project = await call(app, 'POST', '/api/projects/', { token: user.token, body: { name: 'Bakery' } });
  return { user, projectId: project.body.id as string };
}

const journal = () => JOURNAL_PATHS.map((path) => `${site.origin}${path}`);

async function connect(app: ReturnType<typeof testApp>, user: TestUser, projectId: string, body: object) {
  return call(app, 'POST', `/api/projects/${projectId}/brand-fetch-and-generate-guide`, { token: user.token, body });
}

async function settled(app: ReturnType<typeof testApp>, token: string, taskId: string) {
  let last: any;
  await expect
    .poll(
      async () => {
        last = (await call(app, 'GET', `/api/projects/brand-guide/status/${taskId}`, { token })).body;
        return last.status;
      },
      { timeout: 30_000 },
    )
    .toMatch(/^(complete|error)$/);
  return last;
}

/** The text of each journal article as a reader sees it, by address. */
function articleTexts(): Map<string, string> {
  return new Map(
    JOURNAL_PATHS.map((path) => [
      `${site.origin}${path}`,
      extractArticle(JOURNAL[path as keyof typeof JOURNAL])
        .blocks.map((block) => block.text)
        .join('\n'),
    ]),
  );
}

/** Every quote is a whole sentence of at most 30 words, found word for word in the article it names. */
function expectVerbatimQuotes(examples: { text: string; url: string; title: string }[]) {
  const texts = articleTexts();
  for (const example of examples) {
    expect(texts.get(example.url), example.url).toContain(example.text);
    expect(wordsOf(example.text).length).toBeLessThanOrEqual(30);
    expect(example.title).not.toBe('');
  }
}

describe('brand voice from example articles', () => {
  it('offline: measures the three articles, quotes each of them and states the voice in words', async () => {
    const app = await setup(offline);
    const { user, projectId } = await ownerWithProject(app);

    const started = await connect(app, user, projectId, { brand_url: `${site.origin}/`, example_urls: journal() });
    const done = await settled(app, user.token, started.body.task_id);

    expect(started.status).toBe(202);
    expect(done.status).toBe('complete');
    expect(done.examples).toEqual(
      journal().map((url) => expect.objectContaining({ url, read: true, reason: null, words: expect.any(Number) })),
    );
    const guide = (await call(app, 'GET', `/api/prompts/project/${projectId}`, { token: user.token })).body;
    expect(guide.draft_label).toBe('draft — no AI configured');
    expect(new Set(guide.voice_examples.map((example: { url: string }) => example.url))).toEqual(new Set(journal()));
    expectVerbatimQuotes(guide.voice_examples);
    expect(guide.voice_profile).toMatchObject({ language: 'en', documents: 3, not_measured: [] });
    expect(guide.voice_profile.sentence_length.mean).toBeLessThan(12);
    expect(guide.voice_profile.person.we).toBeGreaterThan(20);
    expect(guide.voice_profile.person.you).toBeGreaterThan(20);
    expect(guide.voice_profile.phrases).toEqual(
      expect.arrayContaining(["here's the thing", 'low and slow', 'trust us']),
    );
    // The composer's voice section: the measurements in words and the quotes.
    expect(guide.brand_voice).toContain('Measured from your 3 example articles');
    expect(guide.brand_voice).toMatch(/Sentences: short, about \d+ words on average/);
    expect(guide.brand_voice).toContain('Person: writes as "we" and speaks to the reader as "you"');
    expect(guide.brand_voice).toContain(`"${guide.voice_examples[0].text}"`);
    expect(guide.writing_style_guide).toContain('Use contractions');
    const projects = (await call(app, 'GET', '/api/projects/', { token: user.token })).body;
    expect(projects.find((project: { id: string }) => project.id === projectId).brand_example_urls).toEqual(journal());
  });

  it('with a model: the model is given the measured voice and the quotes, and the guide keeps them', async () => {
    const app = await setup(withAi());
    const { user, projectId } = await ownerWithProject(app);
    const before = ai.calls.length;

    const started = await connect(app, user, projectId, { brand_url: site.origin, example_urls: journal() });
    const done = await settled(app, user.token, started.body.task_id);

    expect(done.status).toBe('complete');
    const guide = (await call(app, 'GET', `/api/prompts/project/${projectId}`, { token: user.token })).body;
    expect(guide).toMatchObject({ draft_label: null, brand_voice: FAKE_GUIDE.brand_voice });
    expect(guide.voice_examples.length).toBeGreaterThanOrEqual(3);
    expectVerbatimQuotes(guide.voice_examples);
    const sent = ai.calls
      .slice(before)
      .map((body: { messages: { content: string }[] }) =>
        body.messages.map((message: { content: string }) => message.content).join('\n'),
      )
      .find((text: string) => text.includes('Voice measured from 3 example articles'));
    expect(sent).toBeDefined();
    expect(sent).toContain('quote two or three of the example sentences exactly as given');
    for (const example of guide.voice_examples) expect(sent).toContain(`"${example.text}"`);
  });

  it("the writer's prompt for each part of the post carries the guide's quotes and the measured voice", async () => {
    const app = await setup(offline);
    const { user, projectId } = await ownerWithProject(app);
    const done = await settled(
      app,
      user.token,
      (await connect(app, user, projectId, { brand_url: site.origin, example_urls: journal() })).body.task_id,
    );
    expect(done.status).toBe('complete');
    const config = testConfig(withAi());
    // The writer memoises each part as a step of its run (node_steps), so the run exists.
    const [run] = await testSql()<{ id: string }[]>`
      insert into workflow_runs (project_id, graph, status) values (${projectId}, '{}', 'running') returning id`;
    const ctx = createBlockContext({
      sql: testSql(),
      config,
      ai: createAi(config, testSql()),
      projectId,
      runId: run!.id,
      nodeId: 'writer',
      runInput: { topic: 'Shaping a loaf' },
      userId: null,
    });
    const { style_guide } = await styleGuide.run({ ctx, input: {}, config: {} } as never);
    const before = ai.calls.length;

    await postWriter.run({
      ctx,
      input: {
        topic: 'Shaping a loaf',
        outline: { title: 'Shaping a loaf', sections: [{ heading: 'Pre-shape', points: [] }] },
        style_guide,
      },
      config: { words: 400 },
    } as never);

    const prompts = ai.calls
      .slice(before)
      .map((body: { messages: { content: string }[] }) =>
        body.messages.map((message: { content: string }) => message.content).join('\n'),
      );
    // The writer asks once per part: the introduction, the one section and the conclusion, each with the voice.
    expect(prompts).toHaveLength(3);
    expect(style_guide.voice_examples?.length).toBeGreaterThanOrEqual(3);
    for (const prompt of prompts) {
      expect(prompt).toContain(voiceExamplesPrompt(style_guide));
      expect(prompt).toContain("Examples of the brand's voice, quoted from its own articles");
      for (const example of style_guide.voice_examples ?? []) expect(prompt).toContain(`"${example.text}"`);
      expect(prompt).toContain('Write as "we" and speak to the reader as "you".');
    }
  });

  it('an article that cannot be read says why; the guide is written from the others', async () => {
    const app = await setup(offline);
    const { user, projectId } = await ownerWithProject(app);
    const missing = `${site.origin}/journal/missing`;
    const tooShort = `${site.origin}/contact`;

    const started = await connect(app, user, projectId, {
      brand_url: site.origin,
      example_urls: [journal()[0], missing, tooShort],
    });
    const done = await settled(app, user.token, started.body.task_id);

    expect(done.status).toBe('complete');
    expect(done.examples).toEqual([
      expect.objectContaining({ url: journal()[0], read: true, reason: null }),
      { url: missing, read: false, title: '', words: 0, reason: 'The article answered HTTP 404 instead of a page.' },
      expect.objectContaining({
        url: tooShort,
        read: false,
        reason: expect.stringMatching(/^Too little article text to measure a voice \(\d+ words; at least 120/),
      }),
    ]);
    const guide = (await call(app, 'GET', `/api/prompts/project/${projectId}`, { token: user.token })).body;
    expect(guide.voice_articles).toEqual(done.examples);
    expect(guide.voice_profile.documents).toBe(1);
    expect(guide.voice_examples.every((example: { url: string }) => example.url === journal()[0])).toBe(true);
    expectVerbatimQuotes(guide.voice_examples);
  });

  it('no article readable (down, or forbidden by robots.txt): the guide is written as before, with the reasons kept', async () => {
    const app = await setup(offline);
    const { user, projectId } = await ownerWithProject(app);

    const started = await connect(app, user, projectId, {
      brand_url: site.origin,
      example_urls: [`${site.origin}/down/article`, `${site.origin}/private/staff`],
    });
    const done = await settled(app, user.token, started.body.task_id);

    expect(done.status).toBe('complete');
    const guide = (await call(app, 'GET', `/api/prompts/project/${projectId}`, { token: user.token })).body;
    expect(guide).toMatchObject({ voice_profile: null, voice_examples: [] });
    expect(guide.voice_articles).toEqual([
      {
        url: `${site.origin}/down/article`,
        read: false,
        title: '',
        words: 0,
        reason: 'The article answered HTTP 503 instead of a page.',
      },
      {
        url: `${site.origin}/private/staff`,
        read: false,
        title: '',
        words: 0,
        reason: `The robots.txt of ${new URL(site.origin).host} does not allow reading this article (our crawler is InkpilotBot).`,
      },
    ]);
    expect(site.requests).not.toContain('/private/staff');
    expect(guide.brand_voice).toContain('We believe good bread needs time');
  });

  it('left out, the stored articles are read again; an empty list clears them', async () => {
    const app = await setup(offline);
    const { user, projectId } = await ownerWithProject(app);
    await settled(
      app,
      user.token,
      (await connect(app, user, projectId, { brand_url: site.origin, example_urls: journal().slice(0, 2) })).body
        .task_id,
    );

    const again = await settled(
      app,
      user.token,
      (await connect(app, user, projectId, { brand_url: site.origin })).body.task_id,
    );
    const cleared = await settled(
      app,
      user.token,
      (await connect(app, user, projectId, { brand_url: site.origin, example_urls: [] })).body.task_id,
    );

    expect(again.examples.map((example: { url: string }) => example.url)).toEqual(journal().slice(0, 2));
    expect(cleared.examples).toEqual([]);
    const guide = (await call(app, 'GET', `/api/prompts/project/${projectId}`, { token: user.token })).body;
    expect(guide).toMatchObject({ voice_profile: null, voice_examples: [], voice_articles: [] });
    const [project] = await testSql()`select brand_example_urls from projects where id = ${projectId}`;
    expect(project?.brand_example_urls).toEqual([]);
  });

  it('refuses a bad list with a 422 naming the field, and stores nothing', async () => {
    const app = await setup(offline);
    const { user, projectId } = await ownerWithProject(app);
    const home = { brand_url: site.origin };

    const four = await connect(app, user, projectId, { ...home, example_urls: [...journal(), `${site.origin}/about`] });
    const relative = await connect(app, user, projectId, { ...home, example_urls: [journal()[0], '/journal/x'] });
    const scheme = await connect(app, user, projectId, { ...home, example_urls: ['ftp://example.com/post'] });
    const notList = await connect(app, user, projectId, { ...home, example_urls: 'https://example.com/post' });
    const privateAddress = await connect(app, user, projectId, {
      brand_url: 'https://example.com/',
      example_urls: ['https://example.com/post', 'http://10.0.0.7/article'],
    });

    expect(four.status).toBe(422);
    expect(four.body.detail).toEqual([
      expect.objectContaining({ loc: ['body', 'example_urls'], msg: 'Give at most 3 example articles.' }),
    ]);
    expect(relative.status).toBe(422);
    expect(relative.body.detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'example_urls', 1],
        msg: 'Enter the full address of an article, like https://example.com/blog/post.',
      }),
    ]);
    expect(scheme.status).toBe(422);
    expect(scheme.body.detail[0].loc).toEqual(['body', 'example_urls', 0]);
    expect(notList.status).toBe(422);
    expect(notList.body.detail[0]).toMatchObject({
      loc: ['body', 'example_urls'],
      msg: 'Example articles must be a list of addresses.',
    });
    expect(privateAddress.status).toBe(422);
    expect(privateAddress.body.detail).toEqual([
      expect.objectContaining({
        loc: ['body', 'example_urls', 1],
        msg: 'This address points to a private or local network and cannot be read. Enter a public article.',
      }),
    ]);
    const tasks = await testSql()`select id from brand_tasks where project_id = ${projectId}`;
    const [project] = await testSql()`select brand_url, brand_example_urls from projects where id = ${projectId}`;
    expect(tasks).toEqual([]);
    expect(project).toEqual({ brand_url: null, brand_example_urls: [] });
  });

  it("another user's project answers 404 and keeps its articles", async () => {
    const app = await setup(offline);
    const { projectId } = await ownerWithProject(app);
    const stranger = await signInUser();

    const answer = await connect(app, stranger, projectId, { brand_url: site.origin, example_urls: journal() });

    expect(answer.status).toBe(404);
    const [project] = await testSql()`select brand_example_urls from projects where id = ${projectId}`;
    expect(project?.brand_example_urls).toEqual([]);
  });
});
