// Offline plans with real NLP (issue 27), end to end on the demo website: connect it (crawl, offline brand guide),
// launch the 30-day plan with no AI configured, and read the calendar: 30 entries, labelled, none competing, no two
// on near-duplicate keywords, each title built around a noun phrase the site itself uses, none naming the brand.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { JobRunner } from '../../api/jobs/boss.ts';
import { phraseShape } from '../../api/providers/ai/offline/noun-phrases.ts';
import { addDays, localParts } from '../../api/services/calendar/dates.ts';
import { competes, keywordKey } from '../../api/services/plan/cannibalisation.ts';
import { startDemoSite } from '../fixtures/demo-site/server.mjs';
import { call, signInUser, testApp, testJobs } from './helpers.ts';

let site: Awaited<ReturnType<typeof startDemoSite>>;
let runner: JobRunner;
const env = { FETCH_ALLOW_LOOPBACK: 'true', FETCH_TIMEOUT_MS: '5000' };

beforeAll(async () => {
  site = await startDemoSite();
  runner = await testJobs(env);
});
afterAll(async () => {
  await runner.stop();
  await site.stop();
});

interface Entry {
  title: string;
  target_keyword: string;
  secondary_keywords: string[];
  draft_label: string | null;
  written_by: string | null;
}

describe('the offline plan of the demo site', () => {
  it('has 30 labelled entries on distinct, non-competing keywords, titled with the site’s own noun phrases', {
    timeout: 90_000,
  }, async () => {
    const app = testApp(env, runner);
    const { token } = await signInUser();
    const projectId = (await call(app, 'POST', '/api/projects/', { token, body: { name: 'Demo bakery' } })).body
      .id as string;

    const brand = await call(app, 'POST', `/api/projects/${projectId}/brand-fetch-and-generate-guide`, {
      token,
      body: { brand_url: `${site.origin}/` },
    });
    await expect
      .poll(
        async () =>
          (await call(app, 'GET', `/api/projects/brand-guide/status/${brand.body.task_id}`, { token })).body.status,
        { timeout: 30_000 },
      )
      .toBe('complete');
    const guide = (await call(app, 'GET', `/api/prompts/project/${projectId}`, { token })).body;
    const planned = await call(app, 'POST', `/api/blogs/posts/plan/${projectId}/${guide.id}`, { token });
    await expect
      .poll(
        async () =>
          (await call(app, 'GET', `/api/blogs/posts/plan/status/${planned.body.task_id}`, { token })).body.status,
        { timeout: 60_000 },
      )
      .toBe('complete');
    const start = addDays(localParts(new Date(), 'UTC').day, 0);
    const listed = await call(app, 'GET', `/api/calendar/project/${projectId}?from=${start}&to=${addDays(start, 40)}`, {
      token,
    });
    const entries = listed.body.items as Entry[];

    expect(guide.keywords).toEqual(expect.arrayContaining(['sourdough bread', 'sourdough starter', 'organic flour']));
    expect(entries).toHaveLength(30);
    expect(entries.every((entry) => entry.draft_label === 'draft — no AI configured')).toBe(true);
    expect(new Set(entries.map((entry) => keywordKey(entry.target_keyword))).size).toBe(30);
    for (const [index, a] of entries.entries())
      for (const b of entries.slice(index + 1)) expect(competes(a, b), `${a.title} / ${b.title}`).toBeNull();
    const phrases = (guide.keywords as string[]).flatMap((keyword) => {
      const shape = phraseShape(keyword);
      return [keyword, shape.singular, shape.general];
    });
    for (const { title } of entries) {
      expect(
        phrases.some((phrase) => title.toLowerCase().includes(phrase)),
        title,
      ).toBe(true);
      expect(title).not.toMatch(/Hearth|Crumb|Order Sourdough/);
    }
  });
});
