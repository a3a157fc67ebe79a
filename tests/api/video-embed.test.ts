// The video block through the real runs engine against a fake YouTube Data API and a fake SearXNG on loopback: a run
// of the "Blog post" workflow embeds a video, the blog serves it as a click-to-load player with a thumbnail from its
// own host, and every way the sources refuse (quota, key, nothing found, not configured) skips the block with the
// reason while the post is still saved.
import { randomUUID } from 'node:crypto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { readFileSync } from 'node:fs';
import { videoEmbed } from '../../api/blocks/video-embed.ts';
import { createSql } from '../../api/db/sql.ts';
import { migrate } from '../../api/db/migrate.ts';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { createAi } from '../../api/providers/ai/index.ts';
import { SearchError } from '../../api/providers/search/index.ts';
import { createBlockContext } from '../../api/services/workflows/block-context.ts';
import { BLOG_POST_GRAPH, BLOG_POST_TEMPLATE_ID } from '../../api/services/workflows/blog-template.ts';
import { FAKE_AI_KEY, FAKE_AI_MODEL, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { startFakeSearch } from '../fixtures/fake-search/server.mjs';
import { startFakeYoutube } from '../fixtures/fake-youtube/server.mjs';
import { visit } from './blog-support.ts';
import {
  call,
  signInUser,
  testApp,
  testConfig,
  testDatabaseUrl,
  testJobs,
  testQueuePrefix,
  testSql,
  type TestUser,
} from './helpers.ts';

const THUMBNAIL = readFileSync(new URL('../fixtures/fake-youtube/thumbnail.jpg', import.meta.url));
/** A call the fake YouTube recorded. */
type YoutubeRequest = { api: string; query: Record<string, string> };

const VIDEOS = [
  { id: 'LIVE0000000', title: 'Sourdough live stream', live: true },
  { id: 'PRIVATE0000', title: 'Sourdough starter secrets', privacy: 'private' as const },
  { id: 'NOEMBED0000', title: 'Sourdough starter, not embeddable', embeddable: false },
  {
    id: 'abcDEF12345',
    title: 'Sourdough starter from scratch & feeding',
    channel: 'Bake & Co',
    description: 'Feed the starter twice a day',
    duration: 'PT8M2S',
  },
  { id: 'LONG0000000', title: 'Sourdough starter: the 3-hour course', duration: 'PT3H' },
  { id: 'xyz98765432', title: 'Levain or starter?', channel: 'Crumb', duration: 'PT5M' },
];

let youtube: Awaited<ReturnType<typeof startFakeYoutube>>;
let search: Awaited<ReturnType<typeof startFakeSearch>>;
const runners: JobRunner[] = [];
let owner: TestUser;
let setups = 0;

beforeAll(async () => {
  [youtube, search] = await Promise.all([startFakeYoutube(), startFakeSearch()]);
  owner = await signInUser({ name: 'Vid Owner' });
  await call(testApp(), 'GET', '/api/users/me/', { token: owner.token });
  await testSql()`insert into subscriptions (account_id, plan_override) select id, 'scale' from users where external_id = ${owner.uid}`;
});
afterAll(async () => {
  for (const runner of runners) await runner.stop();
  await Promise.all([youtube.stop(), search.stop()]);
});

/** An app and a worker of their own with the given settings, and a new project of the owner. */
async function setup(settings: Record<string, string> = {}) {
  const env = { WORKFLOW_NODE_RETRIES: '0', ...settings, JOBS_QUEUE_PREFIX: `${testQueuePrefix()}${++setups}.` };
  const runner = await testJobs(env);
  runners.push(runner);
  const app = testApp(env, runner);
  const project = await call(app, 'POST', '/api/projects/', { token: owner.token, body: { name: 'Sourdough Club' } });
  return { app, projectId: project.body.id as string };
}

async function runDefault(app: ReturnType<typeof testApp>, projectId: string, topic: string, keyword: string) {
  const started = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
    token: owner.token,
    body: { topic, target_keyword: keyword },
  });
  expect(started.status).toBe(202);
  await expect
    .poll(
      async () =>
        (await call(app, 'GET', `/api/workflows/runs/${started.body.run_id}`, { token: owner.token })).body.status,
      { timeout: 30_000, interval: 100 },
    )
    .toMatch(/^(success|error)$/);
  const run = (await call(app, 'GET', `/api/workflows/runs/${started.body.run_id}`, { token: owner.token })).body;
  const video = run.node_runs.find((node: any) => node.block_type === 'video_embed');
  const [post] = await testSql()`select id, slug, markdown, version from blog_posts where id = ${run.post_id}`;
  return { run, video, post: post! };
}

describe('a run with the YouTube Data API', () => {
  it('embeds the most fitting embeddable video after the introduction and keeps the others for the editor', async () => {
    youtube.videos(VIDEOS);
    youtube.mode('ok');
    const asked = youtube.state.requests.length;
    const { app, projectId } = await setup(youtube.env());

    const { run, video, post } = await runDefault(app, projectId, 'Making a sourdough starter', 'sourdough starter');

    expect(run.status).toBe('success');
    expect(video.status).toBe('success');
    expect(video.output.video).toMatchObject({
      id: 'abcDEF12345',
      title: 'Sourdough starter from scratch & feeding',
      channel: 'Bake & Co',
      duration_seconds: 482,
    });
    // Live, private, not embeddable and too long (over the 30 minutes of the block's default) are never offered.
    expect(video.output.candidates.map((candidate: any) => candidate.id)).toEqual(['abcDEF12345', 'xyz98765432']);
    expect(post.markdown).toContain(
      '[Sourdough starter from scratch & feeding](https://www.youtube.com/watch?v=abcDEF12345)',
    );
    const intro = post.markdown.indexOf('\n## ');
    expect(post.markdown.indexOf('watch?v=abcDEF12345')).toBeLessThan(intro);
    const searches = youtube.state.requests.slice(asked).filter((request: YoutubeRequest) => request.api === 'search');
    expect(searches).toHaveLength(1);
    expect(searches[0]!.query).toMatchObject({
      part: 'snippet',
      type: 'video',
      videoEmbeddable: 'true',
      q: 'sourdough starter',
      relevanceLanguage: 'en',
      safeSearch: 'strict',
      maxResults: '10',
    });
    // The live stream is dropped from the search answer; the rest are checked with videos.list.
    expect(
      youtube.state.requests.slice(asked).filter((request: YoutubeRequest) => request.api === 'videos')[0]!.query.id,
    ).toBe('PRIVATE0000,NOEMBED0000,abcDEF12345,LONG0000000,xyz98765432');
  });

  it('shows the published post as a click-to-load player whose thumbnail the blog serves itself', async () => {
    youtube.videos(VIDEOS);
    youtube.mode('ok');
    // Written by a model: offline a run makes a writer's brief, which is not published (issue 27).
    const ai = await startFakeAi();
    const { app, projectId } = await setup({
      ...youtube.env(),
      AI_BASE_URL: ai.baseUrl,
      AI_API_KEY: FAKE_AI_KEY,
      AI_MODEL: FAKE_AI_MODEL,
    });
    const { post } = await runDefault(app, projectId, 'Making a sourdough starter', 'sourdough starter').finally(() =>
      ai.stop(),
    );
    const published = await call(app, 'POST', `/api/blogs/posts/post/${post.id}/publish`, {
      token: owner.token,
      body: { version: post.version },
    });
    expect(published.status).toBe(200);
    const [project] = await testSql()`select slug from projects where id = ${projectId}`;
    const host = `${project!.slug}.blogs.localhost:4321`;

    const page = await visit(app, host, `/${post.slug}`);
    const thumbnail = await visit(app, host, '/media/youtube/abcDEF12345.jpg');
    const editorThumbnail = await call(app, 'GET', '/api/media/youtube/abcDEF12345.jpg');
    const notAnId = await visit(app, host, '/media/youtube/abc.jpg');

    expect(page.status).toBe(200);
    expect(page.text).toContain('aria-label="Play video: Sourdough starter from scratch &amp; feeding"');
    expect(page.text).toContain(
      '<img src="/media/youtube/abcDEF12345.jpg" alt="" width="480" height="360" loading="lazy"',
    );
    expect(page.text).not.toMatch(/<iframe|i\.ytimg\.com/);
    const csp = page.headers.get('content-security-policy') ?? '';
    expect(csp).toMatch(/script-src 'sha256-[\w+/=]+';/);
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com;');
    expect(thumbnail.status).toBe(200);
    expect(thumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect(thumbnail.bytes.equals(THUMBNAIL)).toBe(true);
    expect(editorThumbnail.status).toBe(200);
    expect(editorThumbnail.headers.get('content-type')).toBe('image/jpeg');
    expect(notAnId.status).toBe(404);
  });
});

describe('when the video cannot be found', () => {
  const skippedRun = async (settings: Record<string, string>) => {
    const { app, projectId } = await setup(settings);
    const outcome = await runDefault(app, projectId, 'Making a sourdough starter', 'sourdough starter');
    expect(outcome.run.status).toBe('success');
    expect(outcome.video.status).toBe('skipped');
    expect(outcome.post.markdown).not.toContain('youtube.com');
    return outcome.video.output.skipped_reason as string;
  };

  it('says the daily quota is used up, in YouTube’s words, and saves the post without a video', async () => {
    youtube.videos(VIDEOS);
    youtube.mode('quotaExceeded');
    try {
      expect(await skippedRun(youtube.env())).toMatch(
        /^YouTube refused the video search: "The request cannot be completed because you have exceeded your quota\." \(quotaExceeded\)\. .*resets at midnight Pacific time/,
      );
    } finally {
      youtube.mode('ok');
    }
  });

  it('says the key is not valid and what to check', async () => {
    youtube.videos(VIDEOS);

    const reason = await skippedRun({ ...youtube.env(), YOUTUBE_API_KEY: 'a-wrong-key' });

    expect(reason).toMatch(
      /"API key not valid\. Please pass a valid API key\." \(API_KEY_INVALID\)\. Check YOUTUBE_API_KEY/,
    );
  });

  it('says nothing was found when the search answers no videos', async () => {
    youtube.mode('empty');
    try {
      expect(await skippedRun(youtube.env())).toBe(
        'YouTube found no embeddable video of 30 minutes or less for "sourdough starter".',
      );
    } finally {
      youtube.mode('ok');
    }
  });

  it('says no source is configured when there is neither a key nor SearXNG', async () => {
    expect(await skippedRun({})).toMatch(/^No video source is configured \(set YOUTUBE_API_KEY/);
  });

  it('lets the run retry a YouTube outage (503) like any provider error', async () => {
    youtube.videos(VIDEOS);
    youtube.mode('unavailable');
    const projectId = (
      await call(testApp(), 'POST', '/api/projects/', { token: owner.token, body: { name: 'Outage' } })
    ).body.id;
    const config = testConfig(youtube.env());
    const ctx = createBlockContext({
      sql: testSql(),
      config,
      ai: createAi(config, testSql()),
      projectId,
      runId: randomUUID(),
      nodeId: 'video',
      runInput: { topic: 'Sourdough' },
      userId: null,
    });
    try {
      const input = { markdown: 'Intro.\n\n## One\n\nText.', topic: 'Sourdough' };
      const settings = videoEmbed.config.parse({});

      await expect(videoEmbed.run({ ctx, input, config: settings })).rejects.toBeInstanceOf(SearchError);
    } finally {
      youtube.mode('ok');
    }
  });
});

describe('a run with SearXNG video results', () => {
  it('embeds the first YouTube result, leaving other engines’ videos out', async () => {
    search.videos([
      { title: 'Starter on Vimeo', url: 'https://vimeo.com/76979871', engine: 'vimeo', length: '3:10' },
      {
        title: 'Sourdough starter, day by day',
        url: 'https://www.youtube.com/watch?v=SEARX123456',
        author: 'Loaf Lab',
        length: '12:04',
        content: 'A starter from flour and water',
      },
      { title: 'Starter basics', url: 'https://www.youtube.com/watch?v=SEARX654321', length: '1:02:03' },
    ]);
    const asked = search.requests.length;
    const { app, projectId } = await setup({ SEARCH_PROVIDER: 'searxng', SEARCH_BASE_URL: search.origin });

    const { video, post } = await runDefault(app, projectId, 'Making a sourdough starter', 'sourdough starter');

    expect(video.status).toBe('success');
    expect(video.output.video).toMatchObject({ id: 'SEARX123456', channel: 'Loaf Lab', duration_seconds: 724 });
    expect(video.output.candidates.map((candidate: any) => candidate.id)).toEqual(['SEARX123456']); // 1:02:03 is too long
    expect(post.markdown).toContain('[Sourdough starter, day by day](https://www.youtube.com/watch?v=SEARX123456)');
    const videoSearch = search.requests
      .slice(asked)
      .find((request: { params?: Record<string, string> }) => request.params?.categories === 'videos');
    expect(videoSearch?.params).toMatchObject({
      format: 'json',
      q: 'sourdough starter',
      safesearch: '2',
      language: 'en',
    });
  });
});

describe('migration 0032', () => {
  it('adds the video block to the template and to default workflows never changed, and leaves edited ones alone', async () => {
    const name = `inkpilot_video_${randomUUID().slice(0, 8)}`;
    await testSql().unsafe(`create database ${name}`);
    const url = new URL(testDatabaseUrl());
    url.pathname = `/${name}`;
    const scratch = createSql(url.toString(), 1);
    try {
      await migrate(scratch, () => {}, { through: '0031' });
      const copy = async (project: string) => {
        const [row] = await scratch`insert into projects (name) values (${project}) returning id`;
        const [workflow] = await scratch`
          insert into workflows (project_id, name, description, nodes, edges, is_default, source_template_id)
          select ${row!.id}, t.name, t.description, t.nodes, t.edges, true, t.id from workflows t where t.id = ${BLOG_POST_TEMPLATE_ID}
          returning id`;
        return workflow!.id as string;
      };
      const untouched = await copy('Untouched');
      const edited = await copy('Edited');
      await scratch`update workflows set nodes = nodes - 0, version = version + 1 where id = ${edited}`;
      const [before] = await scratch`select nodes, edges, version from workflows where id = ${edited}`;

      await migrate(scratch, () => {}, { through: '0032' });

      const [template] = await scratch`select nodes, edges from workflows where id = ${BLOG_POST_TEMPLATE_ID}`;
      const [upgraded] =
        await scratch`select nodes, edges, version, description from workflows where id = ${untouched}`;
      const [left] = await scratch`select nodes, edges, version from workflows where id = ${edited}`;
      // The graph as 0032 left it: today's, without what migration 0051 (the fact check) added after it.
      const through0032 = {
        nodes: BLOG_POST_GRAPH.nodes.filter((node) => node.id !== 'facts'),
        edges: BLOG_POST_GRAPH.edges.filter(
          (edge) => edge.source !== 'facts' && edge.target !== 'facts' && edge.id !== 'competitors.notes->writer.notes',
        ),
      };
      expect({ nodes: template!.nodes, edges: template!.edges }).toEqual(through0032);
      expect({ nodes: upgraded!.nodes, edges: upgraded!.edges }).toEqual(through0032);
      expect(upgraded!.version).toBe(2);
      expect(upgraded!.description).toContain('cover, video, links');
      expect(left).toEqual(before);
    } finally {
      await scratch.end();
      await testSql().unsafe(`drop database ${name}`);
    }
  });
});
