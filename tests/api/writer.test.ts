// Issue 27, a writer that scales and research with checked claims: a 2,500-word post from a model whose output limit
// is 1,000 tokens (one request per part, each part shown in the run view as it is written), and the fact check —
// a statistic its cited page does not contain is unsupported, a quotation it does contain is supported, a number with
// no citation is uncited — checked again, against stored and newly fetched pages, when the post is edited.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { postEvidence } from '../../api/services/posts/evidence.ts';
import { BLOG_POST_GRAPH } from '../../api/services/workflows/blog-template.ts';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { FAKE_AI_KEY, FAKE_AI_MODEL, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { startFakeSearch } from '../fixtures/fake-search/server.mjs';
import { driftFrom } from './documented.ts';
import { call, signInUser, testApp, testJobs, testQueuePrefix, testSql, type TestUser } from './helpers.ts';

let ai: Awaited<ReturnType<typeof startFakeAi>>;
let site: Awaited<ReturnType<typeof startDemoSite>>;
let search: Awaited<ReturnType<typeof startFakeSearch>>;
const runners: JobRunner[] = [];
let owner: TestUser;
let setups = 0;

/** What one part of the post writer asks (api/blocks/writer/sections.ts). */
const WRITER = 'You write one part of a blog post at a time';
const asks = (body: any, text: string) =>
  (body.messages ?? []).some((message: any) => String(message.content).includes(text));
const writerAsks = (body: any, section: string) => asks(body, WRITER) && asks(body, `Section: ${section}\n`);
const wordsOf = (text: string) => text.split(/\s+/).filter((word) => /[\p{L}\p{N}]/u.test(word)).length;

beforeAll(async () => {
  ai = await startFakeAi(0, { outputLimit: 1000 });
  site = await startDemoSite();
  search = await startFakeSearch();
  owner = await signInUser({ name: 'Wanda Writer' });
  await call(testApp(), 'GET', '/api/users/me/', { token: owner.token });
  await testSql()`
    insert into subscriptions (account_id, plan_override)
    select id, 'scale' from users where external_id = ${owner.uid}`;
});
afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await Promise.all([ai.stop(), site.stop(), search.stop()]);
});

async function setup(settings: Record<string, string> = {}) {
  const env = {
    AI_BASE_URL: ai.baseUrl,
    AI_API_KEY: FAKE_AI_KEY,
    AI_MODEL: FAKE_AI_MODEL,
    AI_MAX_RETRIES: '0',
    FETCH_ALLOW_LOOPBACK: 'true',
    FETCH_TIMEOUT_MS: '5000',
    ...settings,
    JOBS_QUEUE_PREFIX: `${testQueuePrefix()}writer${++setups}.`,
  };
  const runner = await testJobs(env);
  runners.push(runner);
  const app = testApp(env, runner);
  const project = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Writer' } });
  return { app, projectId: project.body.id as string };
}

/** The model's outline for a topic: these section headings. */
function outlineFor(topic: string, headings: string[]) {
  ai.answer((body: any) => asks(body, `Topic: ${topic}`) && asks(body, 'Plan at most'), {
    content: JSON.stringify({
      outline: { title: topic, sections: headings.map((heading) => ({ heading, points: [] })) },
    }),
  });
}

async function runOf(app: ReturnType<typeof testApp>, runId: string) {
  return (await call(app, 'GET', `/api/workflows/runs/${runId}`, { token: owner.token })).body;
}

async function settled(app: ReturnType<typeof testApp>, runId: string) {
  await expect
    .poll(async () => (await runOf(app, runId)).status, { timeout: 90_000, interval: 200 })
    .toMatch(/^(success|error)$/);
  return runOf(app, runId);
}

describe('a writer that scales', () => {
  it('writes a 2,500-word post with a model whose output limit is 1,000 tokens, one request per part, and the run view shows the parts as they are written', {
    timeout: 150_000,
  }, async () => {
    const { app, projectId } = await setup();
    const topic = 'Sourdough from starter to loaf';
    const headings = ['Feeding the starter', 'Mixing the dough', 'Bulk fermentation', 'Shaping', 'Proofing', 'Baking'];
    outlineFor(topic, headings);
    const workflow = await call(app, 'POST', `/api/workflows/project/${projectId}`, {
      token: owner.token,
      body: {
        name: 'Long posts',
        nodes: BLOG_POST_GRAPH.nodes.map((node) =>
          node.id === 'writer' ? { ...node, config: { words: 2500 } } : node,
        ),
        edges: BLOG_POST_GRAPH.edges,
      },
    });
    const asked = ai.calls.length;
    // The fourth part waits at the fake, so the run can be looked at while the writer is mid-post.
    const fourth = ai.hold((body: any) => writerAsks(body, 'Bulk fermentation'));

    const started = await call(app, 'POST', `/api/workflows/${workflow.body.id}/run`, {
      token: owner.token,
      body: { topic },
    });
    await expect.poll(() => fourth.waiting(), { timeout: 60_000, interval: 100 }).toBe(1);
    const midway = await runOf(app, started.body.run_id);
    fourth.release();
    const run = await settled(app, started.body.run_id);

    const writerMidway = midway.node_runs.find((node: any) => node.node_id === 'writer');
    expect(writerMidway.status).toBe('running');
    expect(writerMidway.progress).toMatchObject({
      done: 3,
      total: 8,
      steps: [{ label: 'Introduction' }, { label: 'Feeding the starter' }, { label: 'Mixing the dough' }],
    });
    expect(writerMidway.progress.words).toBe(
      writerMidway.progress.steps.reduce((sum: number, step: any) => sum + step.words, 0),
    );
    expect(writerMidway.progress.words).toBeGreaterThan(600);
    expect(driftFrom('get', '/api/workflows/runs/{runId}', 200, midway)).toBeUndefined();

    expect(run.status).toBe('success');
    const post = (await call(app, 'GET', `/api/blogs/posts/post/${run.post_id}`, { token: owner.token })).body;
    expect(wordsOf(post.markdown)).toBeGreaterThanOrEqual(2500);
    expect(post.markdown.match(/^## .+$/gm)).toEqual([...headings.map((heading) => `## ${heading}`), '## Conclusion']);
    // One request per part, none cut at the limit (a cut answer is continued with the text so far as the assistant's
    // turn): each part fits in 1,000 tokens, while the whole post is far past it (about 4 characters a token).
    const writerCalls = ai.calls.slice(asked).filter((body: any) => asks(body, WRITER));
    expect(writerCalls).toHaveLength(8);
    expect(writerCalls.every((body: any) => !body.messages.some((message: any) => message.role === 'assistant'))).toBe(
      true,
    );
    expect(post.markdown.length / 4).toBeGreaterThan(3 * 1000);
    // Each part knows what it is and what came before it: the last one is told the earlier parts' openings.
    expect(asks(writerCalls[7], 'You are writing the conclusion')).toBe(true);
    expect(asks(writerCalls[7], '- Baking: Sentence 1 about Baking')).toBe(true);
    const writer = run.node_runs.find((node: any) => node.node_id === 'writer');
    expect(writer.progress).toMatchObject({ done: 8, total: 8 });
    expect(post.parts).toEqual([
      { heading: 'Introduction', written_by: FAKE_AI_MODEL },
      ...headings.map((heading) => ({ heading, written_by: FAKE_AI_MODEL })),
      { heading: 'Conclusion', written_by: FAKE_AI_MODEL },
    ]);
    expect(driftFrom('get', '/api/blogs/posts/post/{id}', 200, post)).toBeUndefined();
    ai.clearAnswers();
  });
});

describe('the fact check', () => {
  it('marks a statistic its cited page lacks unsupported, a quotation it has supported and a number with no citation uncited; edits are checked again', {
    timeout: 150_000,
  }, async () => {
    const { app, projectId } = await setup({ SEARCH_PROVIDER: 'searxng', SEARCH_BASE_URL: search.origin });
    const about = `${site.origin}/about`;
    const classes = `${site.origin}/classes`;
    search.results([{ title: 'About Hearth & Crumb', url: about, content: 'Two friends and a wood-fired oven.' }]);
    const topic = 'Who bakes our bread';
    outlineFor(topic, ['The bakers']);
    ai.answer((body: any) => writerAsks(body, 'The bakers'), {
      content: [
        `A team of 40 bakers shapes every loaf by hand [About us](${about}).`,
        '',
        `They put it plainly: “We never add commercial yeast or preservatives to our sourdough bread” [About us](${about}).`,
        '',
        `A class takes 3 hours [Baking classes](${classes}). Most loaves bake in 45 minutes.`,
      ].join('\n'),
    });
    const fetchedBefore = site.requests.length;

    const started = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: owner.token,
      body: { topic },
    });
    const run = await settled(app, started.body.run_id);

    expect(run.status).toBe('success');
    const facts = run.node_runs.find((node: any) => node.node_id === 'facts');
    expect(facts).toMatchObject({ status: 'success', output: { supported: 2, unsupported: 1, uncited: 1 } });
    const post = (await call(app, 'GET', `/api/blogs/posts/post/${run.post_id}`, { token: owner.token })).body;
    const byText = Object.fromEntries(post.claims.map((claim: any) => [claim.text, claim]));
    expect(byText['40 bakers']).toMatchObject({
      kind: 'number',
      state: 'unsupported',
      source_url: about,
      source_title: 'About us — Hearth & Crumb Bakery',
      passage: 'Today we are a team of twelve bakers who still shape every sourdough loaf by hand.',
      reason:
        'The cited page does not contain “40 bakers”. Check it against the source, or cite the page it comes from.',
    });
    const quote = 'We never add commercial yeast or preservatives to our sourdough bread';
    expect(byText[quote]).toMatchObject({ kind: 'quote', state: 'supported', source_url: about });
    expect(byText[quote].passage).toContain(quote);
    // A page the research never read is fetched through the guarded fetch when cited, and stored.
    expect(byText['3 hours']).toMatchObject({ state: 'supported', source_url: classes });
    expect(byText['3 hours'].passage).toContain('In three hours you will feed a starter');
    expect(byText['45 minutes']).toMatchObject({ state: 'uncited', source_url: null, passage: null });
    for (const claim of post.claims) expect(post.markdown.slice(claim.start, claim.end)).toBe(claim.text);
    expect(site.requests.slice(fetchedBefore).filter((path: string) => path === '/classes')).toHaveLength(1);
    expect(driftFrom('get', '/api/blogs/posts/post/{id}', 200, post)).toBeUndefined();

    // The research: the competitor page's text is a snapshot, its passages notes of the run, linked to the post.
    const [snapshot] = await testSql()`
      select text from source_snapshots where project_id = ${projectId} and url = ${about}`;
    expect(snapshot!.text).toContain('team of twelve bakers');
    const notes = await testSql()`select url, post_id from research_notes where run_id = ${run.run_id}`;
    expect(notes.length).toBeGreaterThan(0);
    expect(notes.every((note) => note.url === about && note.post_id === run.post_id)).toBe(true);
    const writerCall = ai.calls.find((body: any) => writerAsks(body, 'The bakers'));
    expect(asks(writerCall, `About us — Hearth & Crumb Bakery <${about}>: `)).toBe(true);

    // The writer corrects the figure and cites a new page: checked again at the save, the new page fetched once.
    const wholesale = `${site.origin}/wholesale`;
    const edited = post.markdown
      .replace('A team of 40 bakers', 'A team of 12 bakers')
      .replace('45 minutes.', `45 minutes. Cafés get their bread before 7 am [Wholesale](${wholesale}).`);
    const saved = await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
      token: owner.token,
      body: { version: post.version, markdown: edited },
    });

    expect(saved.status).toBe(200);
    const after = Object.fromEntries(saved.body.claims.map((claim: any) => [claim.text, claim.state]));
    expect(after).toMatchObject({ '12 bakers': 'supported', [quote]: 'supported', '7 am': 'supported' });
    expect(site.requests.filter((path: string) => path === '/wholesale')).toHaveLength(1);
    const versions = await testSql()`select version from post_claims where post_id = ${post.id} order by version`;
    expect(versions.map((row) => row.version)).toEqual([post.version, saved.body.version]);
    // The parts the person changed are theirs now; the ones untouched still name the model.
    expect(saved.body.parts).toEqual([
      { heading: 'Introduction', written_by: FAKE_AI_MODEL },
      { heading: 'The bakers', written_by: 'Wanda Writer (edited)' },
      { heading: 'Conclusion', written_by: FAKE_AI_MODEL },
      { heading: 'Sources', written_by: 'Inkpilot (links it added)' },
    ]);

    // What the quality gate and the copy check read: the claims and the stored text of the sources.
    const evidence = await postEvidence(testSql(), post.id);
    expect(evidence.claims).toEqual(saved.body.claims);
    expect(evidence.sources.map((source) => source.url).sort()).toEqual([about, classes, wholesale].sort());
    expect(evidence.sources.find((source) => source.url === about)?.text).toContain('team of twelve bakers');
    ai.clearAnswers();
  });
});

describe('research notes from search snippets', () => {
  it('makes a result whose page is not read (unreadable, or past the pages read in full) a note of its snippet, given to the writer to cite', {
    timeout: 150_000,
  }, async () => {
    const { app, projectId } = await setup({ SEARCH_PROVIDER: 'searxng', SEARCH_BASE_URL: search.origin });
    const down = `${site.origin}/down`; // answers 503: the page cannot be read
    const breads = `${site.origin}/breads`; // the fourth result: competitor analysis reads three in full
    const unreadable = 'Rye starter timing depends on a warm kitchen, says the Rye Guild of bakers.';
    const unread = 'Rye starter timing: a rye starter doubles in about 6 hours at 26 degrees.';
    search.results([
      { title: 'Rye starter guide', url: down, content: unreadable },
      { title: 'About Hearth & Crumb', url: `${site.origin}/about`, content: 'Two friends and a wood-fired oven.' },
      { title: 'Baking classes', url: `${site.origin}/classes`, content: 'Saturday classes.' },
      { title: 'Rye starter timing', url: breads, content: unread },
    ]);
    const topic = 'Rye starter basics';
    outlineFor(topic, ['Rye starter timing']);

    const started = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: owner.token,
      body: { topic },
    });
    const run = await settled(app, started.body.run_id);

    expect(run.status).toBe('success');
    const notes = await testSql()`
      select url, title, passage from research_notes where run_id = ${run.run_id} order by position`;
    expect(notes).toContainEqual({ url: down, title: 'Rye starter guide', passage: unreadable });
    expect(notes).toContainEqual({ url: breads, title: 'Rye starter timing', passage: unread });
    // Only the snippet of each: a page not read has no passages of its own.
    expect(notes.filter((note) => note.url === down || note.url === breads)).toHaveLength(2);
    const writerCall = ai.calls.find((body: any) => writerAsks(body, 'Rye starter timing'));
    expect(asks(writerCall, `Rye starter guide <${down}>: ${unreadable}`)).toBe(true);
    expect(asks(writerCall, `Rye starter timing <${breads}>: ${unread}`)).toBe(true);
    ai.clearAnswers();
  });
});
