// Issue 24, languages: a project in Portuguese and one in Arabic, with the fake AI (which answers in the language its
// prompt names, tests/fixtures/fake-ai/languages.mjs): the brand guide, the 30-day plan, a run's post and the hosted
// blog are in that language (lang, dir, og:locale, inLanguage, the feed's language, dates as its readers write them),
// every request to the model asked for it; an entry's language and a post's own win over the project's; a website's
// <html lang> is the language of a project nobody chose one for; offline drafts say their template text is English.
import { Hono } from 'hono';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { FAKE_LANGUAGES } from '../fixtures/fake-ai/languages.mjs';
import { FAKE_AI_KEY, FAKE_AI_MODEL, FAKE_GUIDE, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { listen } from '../fixtures/listen.mjs';
import { addPost, visit } from './blog-support.ts';
import { call, signInUser, testApp, testFeed, testJobs, testQueuePrefix, testSql, type TestUser } from './helpers.ts';

const poll = { timeout: 60_000, interval: 200 };
const PUBLISHED = new Date('2026-03-05T10:00:00Z');

let ai: Awaited<ReturnType<typeof startFakeAi>>;
let demo: Awaited<ReturnType<typeof startDemoSite>>;
let portuguese: { origin: string; stop: () => Promise<void> };
let runner: JobRunner;
let app: ReturnType<typeof testApp>;
let owner: TestUser;

/** A one-page website in Brazilian Portuguese, as its <html lang> says. */
function portugueseSite() {
  const site = new Hono();
  site.get('/robots.txt', (c) => c.text('User-agent: *\nAllow: /\n'));
  site.get('/', (c) =>
    c.html(`<!doctype html><html lang="pt-BR"><head><meta charset="utf-8"><title>Padaria Miolo — pão de fermentação natural</title>
<meta name="description" content="A Padaria Miolo coze pão de fermentação natural todas as manhãs em Lisboa."></head>
<body><main><h1>Pão de fermentação natural, cozido todas as manhãs</h1>
<p>Na Padaria Miolo cozemos pão devagar. A massa fermenta durante trinta e seis horas com levedura selvagem, para que cada pão tenha uma côdea estaladiça.</p>
<h2>Farinha biológica de quintas locais</h2><p>Moemos trigo e centeio biológicos de três quintas familiares, e o seu pão fica melhor por isso.</p></main></body></html>`),
  );
  return listen(site) as Promise<{ origin: string; stop: () => Promise<void> }>;
}

beforeAll(async () => {
  [ai, demo, portuguese] = await Promise.all([startFakeAi(), startDemoSite(), portugueseSite()]);
  const env = {
    FETCH_ALLOW_LOOPBACK: 'true',
    AI_BASE_URL: ai.baseUrl,
    AI_API_KEY: FAKE_AI_KEY,
    AI_MODEL: FAKE_AI_MODEL,
    AI_MAX_RETRIES: '0',
    WORKFLOW_NODE_RETRIES: '0',
  };
  runner = await testJobs(env);
  app = testApp(env, runner);
  await testFeed().ready;
  owner = await signInUser({ name: 'Lia Lingua' });
  await call(app, 'GET', '/api/users/me/', { token: owner.token });
  // Scale: the posts these tests generate never meet a plan's monthly limit.
  await testSql()`insert into subscriptions (account_id, plan_override) select id, 'scale' from users where external_id = ${owner.uid}`;
});
afterAll(async () => {
  await runner?.stop();
  await Promise.all([ai?.stop(), demo?.stop(), portuguese?.stop()]);
});

/** The text of every message of a request to the model. */
const promptOf = (body: { messages?: { content: unknown }[] }) =>
  (body.messages ?? []).map((message) => String(message.content)).join('\n');

async function newProject(body: Record<string, unknown>): Promise<string> {
  const created = await call(app, 'POST', '/api/projects/', { token: owner.token, body });
  expect(created.status).toBe(201);
  return created.body.id as string;
}

async function brandGuide(projectId: string, url: string) {
  const started = await call(app, 'POST', `/api/projects/${projectId}/brand-fetch-and-generate-guide`, {
    token: owner.token,
    body: { brand_url: url },
  });
  await expect
    .poll(
      async () =>
        (await call(app, 'GET', `/api/projects/brand-guide/status/${started.body.task_id}`, { token: owner.token }))
          .body.status,
      poll,
    )
    .toBe('complete');
  return (await call(app, 'GET', `/api/prompts/project/${projectId}`, { token: owner.token })).body;
}

async function plan(projectId: string, promptId: string) {
  const planned = await call(app, 'POST', `/api/blogs/posts/plan/${projectId}/${promptId}`, { token: owner.token });
  await expect
    .poll(
      async () =>
        (await call(app, 'GET', `/api/blogs/posts/plan/status/${planned.body.task_id}`, { token: owner.token })).body
          .status,
      poll,
    )
    .toBe('complete');
  const [days] = await testSql()`
    select min(entry_date)::text as first, max(entry_date)::text as last from calendar_entries where project_id = ${projectId}`;
  const listed = await call(app, 'GET', `/api/calendar/project/${projectId}?from=${days!.first}&to=${days!.last}`, {
    token: owner.token,
  });
  return listed.body.items as { id: string; title: string; target_keyword: string; language: string | null }[];
}

/** Generates the entry's post through the default workflow and answers it. */
async function generate(entryId: string) {
  const started = await call(app, 'POST', `/api/calendar/entries/${entryId}/generate`, { token: owner.token });
  expect(started.status).toBe(202);
  await expect
    .poll(
      async () =>
        (await call(app, 'GET', `/api/workflows/runs/${started.body.run_id}`, { token: owner.token })).body.status,
      poll,
    )
    .toBe('success');
  const run = (await call(app, 'GET', `/api/workflows/runs/${started.body.run_id}`, { token: owner.token })).body;
  return (await call(app, 'GET', `/api/blogs/posts/post/${run.post_id}`, { token: owner.token })).body;
}

/** Publishes a post through the route and dates it PUBLISHED (before its page was ever rendered). */
async function publish(post: { id: string }) {
  const published = await call(app, 'POST', `/api/blogs/posts/post/${post.id}/publish`, { token: owner.token });
  expect(published.status).toBe(200);
  await testSql()`update blog_posts set published_at = ${PUBLISHED} where id = ${post.id}`;
}

async function blogHost(projectId: string): Promise<string> {
  const [row] = await testSql()`select slug from projects where id = ${projectId}`;
  return `${row!.slug}.blogs.localhost:4321`;
}

const LANGUAGES = [
  { code: 'pt', name: 'Portuguese', dir: 'ltr', ogLocale: 'pt_PT', date: '5 de março de 2026' },
  { code: 'ar', name: 'Arabic', dir: 'rtl', ogLocale: 'ar_AR', date: '5 مارس 2026' },
] as const;

describe.each(LANGUAGES)('a project in $name', ({ code, dir, ogLocale, date }) => {
  it('has its brand guide, plan, posts and blog in that language; every prompt asked for it', {
    timeout: 120_000,
  }, async () => {
    const words = FAKE_LANGUAGES[code]!;
    // Portuguese is chosen when the project is made, Arabic later in its settings: both are the project's language.
    const projectId =
      code === 'pt' ? await newProject({ name: 'Padaria', language: code }) : await newProject({ name: 'مخبز' });
    if (code === 'ar') {
      const patched = await call(app, 'PATCH', `/api/projects/${projectId}`, {
        token: owner.token,
        body: { language: code },
      });
      expect(patched.body).toMatchObject({ language: code, language_chosen: true });
    }
    const asked = ai.calls.length;

    // The demo website is in English; the guide is written in the project's language all the same.
    const guide = await brandGuide(projectId, demo.origin);
    const entries = await plan(projectId, guide.id);
    const post = await generate(entries[0]!.id);

    expect(guide).toMatchObject({ ...words.guide, draft_label: null });
    expect(entries).toHaveLength(30);
    for (const entry of entries) {
      expect(entry.language).toBeNull(); // the project's
      expect(entry.title).toBe(words.planEntry(entry.title.split(' ').at(-1)!).title);
    }
    expect(post).toMatchObject({
      lang: code,
      title: words.text('title'),
      meta_title: words.text('meta_title'),
      cover_image_alt: words.text('alt'),
      draft_label: null,
    });
    // Written part by part (issue 27's writer): each part's paragraphs are in the language.
    expect(post.markdown).toContain(words.paragraph('Introduction', 1));
    const prompts: string[] = ai.calls.slice(asked).map(promptOf);
    expect(prompts.length).toBeGreaterThan(6);
    expect(prompts.filter((text) => !text.includes(`language code "${code}"`))).toEqual([]);

    await publish(post);
    const host = await blogHost(projectId);
    const page = await visit(app, host, `/${post.slug}`);
    const home = await visit(app, host, '/');
    const rss = await visit(app, host, '/rss.xml');

    expect(page.status).toBe(200);
    expect(page.text).toContain(`<html lang="${code}" dir="${dir}">`);
    expect(page.text).toContain(`<meta property="og:locale" content="${ogLocale}">`);
    const jsonLd = JSON.parse(/<script type="application\/ld\+json">(.*?)<\/script>/s.exec(page.text)![1]!);
    expect(jsonLd[0]).toMatchObject({ '@type': 'BlogPosting', inLanguage: code, headline: words.text('title') });
    expect(page.text).toContain(`<time datetime="${PUBLISHED.toISOString()}">${date}</time>`);
    expect(home.text).toContain(`<html lang="${code}" dir="${dir}">`);
    expect(home.text).toContain(`>${date}</time>`);
    expect(rss.text).toContain(`<language>${code}</language>`);
  });
});

describe('a language of its own', () => {
  it("an entry's language and a post's own win over the project's", { timeout: 120_000 }, async () => {
    const projectId = await newProject({ name: 'Bilingual Bakery', language: 'pt' });
    const entry = await call(app, 'POST', `/api/calendar/project/${projectId}`, {
      token: owner.token,
      body: { title: 'Sourdough in Arabic', date: '2030-04-01', target_keyword: 'sourdough', language: 'ar' },
    });
    expect(entry.status).toBe(201);
    expect(entry.body.language).toBe('ar');
    const asked = ai.calls.length;

    const post = await generate(entry.body.id);

    expect(post).toMatchObject({ lang: 'ar', title: FAKE_LANGUAGES.ar!.text('title') });
    const prompts: string[] = ai.calls.slice(asked).map(promptOf);
    expect(prompts.filter((text) => !text.includes('language code "ar"'))).toEqual([]);

    // The post moves to Portuguese: rewriting it writes Portuguese, whatever the entry said.
    const moved = await call(app, 'PATCH', `/api/blogs/posts/post/${post.id}`, {
      token: owner.token,
      body: { version: post.version, lang: 'pt-BR' },
    });
    expect(moved.body.lang).toBe('pt-BR');
    const rewrite = await call(app, 'POST', `/api/workflows/project/${projectId}/run`, {
      token: owner.token,
      body: { topic: 'Sourdough', post_id: post.id, language: 'ar' },
    });
    expect(rewrite.status).toBe(202);
    await expect
      .poll(
        async () =>
          (await call(app, 'GET', `/api/workflows/runs/${rewrite.body.run_id}`, { token: owner.token })).body.status,
        poll,
      )
      .toBe('success');
    const rewritten = (await call(app, 'GET', `/api/blogs/posts/post/${post.id}`, { token: owner.token })).body;
    expect(rewritten).toMatchObject({ lang: 'pt-BR', title: FAKE_LANGUAGES.pt!.text('title') });

    // An entry back on the project's language.
    const cleared = await call(app, 'PATCH', `/api/calendar/entries/${entry.body.id}`, {
      token: owner.token,
      body: { language: null },
    });
    expect(cleared.body.language).toBeNull();
  });

  it('refuses a language that is not on the list, naming the field, and changes nothing', async () => {
    const projectId = await newProject({ name: 'Careful Co', language: 'de' });
    const post = await call(app, 'POST', `/api/blogs/posts/project/${projectId}`, {
      token: owner.token,
      body: { title: 'Hallo' },
    });

    const project = await call(app, 'POST', '/api/projects/', {
      token: owner.token,
      body: { name: 'Nope', language: 'Portuguese' },
    });
    const patched = await call(app, 'PATCH', `/api/projects/${projectId}`, {
      token: owner.token,
      body: { language: 'xx' },
    });
    const entry = await call(app, 'POST', `/api/calendar/project/${projectId}`, {
      token: owner.token,
      body: { title: 'Hi', date: '2030-04-02', language: 'klingon' },
    });
    const edited = await call(app, 'PATCH', `/api/blogs/posts/post/${post.body.id}`, {
      token: owner.token,
      body: { version: post.body.version, lang: 'zz' },
    });

    for (const [answer, loc] of [
      [project, ['body', 'language']],
      [patched, ['body', 'language']],
      [entry, ['body', 'language']],
      [edited, ['body', 'lang']],
    ] as const) {
      expect(answer.status).toBe(422);
      expect(answer.body.detail[0]).toMatchObject({
        loc,
        msg: 'Language must be one of the ISO 639-1 languages, as a code like pt or pt-BR.',
      });
    }
    const after = await call(app, 'GET', `/api/projects/${projectId}`, { token: owner.token });
    expect(after.body).toMatchObject({ language: 'de', language_chosen: true });
    expect(post.body.lang).toBe('de'); // a post written by hand starts in the project's language
    expect((await call(app, 'GET', `/api/blogs/posts/post/${post.body.id}`, { token: owner.token })).body.lang).toBe(
      'de',
    );
  });
});

describe("a website's language", () => {
  it('is the language of a project nobody chose one for; a chosen language stays', { timeout: 120_000 }, async () => {
    const unchosen = await newProject({ name: 'Miolo' });
    const chosen = await newProject({ name: 'Miolo English', language: 'en' });

    const guide = await brandGuide(unchosen, `${portuguese.origin}/`);
    const kept = await brandGuide(chosen, `${portuguese.origin}/`);

    const project = (await call(app, 'GET', `/api/projects/${unchosen}`, { token: owner.token })).body;
    expect(project).toMatchObject({ language: 'pt', language_chosen: false, brand_language: 'pt' });
    expect(guide).toMatchObject(FAKE_LANGUAGES.pt!.guide);
    const english = (await call(app, 'GET', `/api/projects/${chosen}`, { token: owner.token })).body;
    expect(english).toMatchObject({ language: 'en', language_chosen: true, brand_language: 'pt' });
    expect(kept).toMatchObject(FAKE_GUIDE);
  });
});

describe('the hosted blog of a project with posts in several languages', () => {
  it('marks and names each post of its index in its own language, dated as its readers write dates', async () => {
    const projectId = await newProject({ name: 'Many Tongues', language: 'en' });
    const blog = { owner, projectId, slug: '', host: await blogHost(projectId) };
    await addPost(blog, { title: 'English news', lang: 'en', publishedAt: PUBLISHED });
    await addPost(blog, { title: 'Notícias', lang: 'pt', publishedAt: PUBLISHED });
    await addPost(blog, { title: 'أخبار', lang: 'ar', publishedAt: PUBLISHED });

    const home = await visit(app, blog.host, '/');

    expect(home.text).toContain('<html lang="en" dir="ltr">');
    const cards = home.text.split('<article class="card"').slice(1);
    const card = (title: string) => cards.find((text) => text.includes(title)) ?? '';
    expect(card('English news')).toMatch(/^><h2>/); // the page's own language: nothing to mark
    expect(card('English news')).toContain('>March 5, 2026</time> · <span class="lang">English</span>');
    expect(card('Notícias')).toMatch(/^ lang="pt" dir="ltr">/);
    expect(card('Notícias')).toContain('>5 de março de 2026</time> · <span class="lang">português</span>');
    expect(card('أخبار')).toMatch(/^ lang="ar" dir="rtl">/);
    expect(card('أخبار')).toContain('>5 مارس 2026</time> · <span class="lang">العربية</span>');
  });
});

describe('offline, a project in Portuguese', () => {
  let offline: JobRunner;
  let offlineApp: ReturnType<typeof testApp>;
  beforeAll(async () => {
    const env = { FETCH_ALLOW_LOOPBACK: 'true', JOBS_QUEUE_PREFIX: `${testQueuePrefix()}offline.` };
    offline = await testJobs(env);
    offlineApp = testApp(env, offline);
  });
  afterAll(async () => offline?.stop());

  it('labels the guide and plan the composer wrote as English template text, not as Portuguese', {
    timeout: 120_000,
  }, async () => {
    const created = await call(offlineApp, 'POST', '/api/projects/', {
      token: owner.token,
      body: { name: 'Offline Padaria', language: 'pt' },
    });
    const projectId = created.body.id as string;
    const started = await call(offlineApp, 'POST', `/api/projects/${projectId}/brand-fetch-and-generate-guide`, {
      token: owner.token,
      body: { brand_url: demo.origin },
    });
    await expect
      .poll(
        async () =>
          (
            await call(offlineApp, 'GET', `/api/projects/brand-guide/status/${started.body.task_id}`, {
              token: owner.token,
            })
          ).body.status,
        poll,
      )
      .toBe('complete');
    const guide = (await call(offlineApp, 'GET', `/api/prompts/project/${projectId}`, { token: owner.token })).body;
    const planned = await call(offlineApp, 'POST', `/api/blogs/posts/plan/${projectId}/${guide.id}`, {
      token: owner.token,
    });
    await expect
      .poll(
        async () =>
          (
            await call(offlineApp, 'GET', `/api/blogs/posts/plan/status/${planned.body.task_id}`, {
              token: owner.token,
            })
          ).body.status,
        poll,
      )
      .toBe('complete');

    const label = 'draft — no AI configured; its template text is in English, not Portuguese';
    expect(guide.draft_label).toBe(label);
    const labels = await testSql()`select distinct draft_label from calendar_entries where project_id = ${projectId}`;
    expect(labels.map((row) => row.draft_label)).toEqual([label]);
  });
});
