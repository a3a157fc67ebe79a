import { expect, test, type APIRequestContext } from './support/test.ts';
import { randomUUID } from 'node:crypto';
import { auditPages, formatFindings } from '../../src/lib/seo/audit/index.ts';
import { CANONICAL_GALLERY_BASE, detailPath, tagPath } from '../../src/lib/transcripts/aliases.ts';
import { hydrated } from './support/page-load.ts';

const fixture = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4517) + 100}`;
const unique = () => randomUUID().replace(/-/g, '').slice(0, 10);

/** Publishes a post on the fake Instagram and transcribes it through the real API; returns the stored record. */
async function transcribed(request: APIRequestContext, post: { title: string; caption: string }) {
  const code = `E2e${unique()}`;
  await request.post(`${fixture}/__posts`, { data: { code, ...post } });
  const answer = await request.post('/api/reels/transcribe', {
    data: { reel: `https://www.instagram.com/reel/${code}/` },
  });
  expect(answer.ok()).toBe(true);
  return (await answer.json()) as { slug: string; transcript: string };
}

test('the tool page turns a Reel URL into an editable transcript', async ({ page, request }) => {
  const code = `E2e${unique()}`;
  await request.post(`${fixture}/__posts`, { data: { code, title: 'Tool page reel', caption: '#e2etool' } });
  await page.goto('/tools/insta-transcript');

  await page.getByLabel('Instagram Reel URL').fill(`https://www.instagram.com/reel/${code}/`);
  await page.getByRole('button', { name: 'Transcribe Now' }).click();

  await expect(page.getByRole('textbox', { name: 'Transcript' })).toHaveValue(/^Hello from the fixture reel\./);
});

test('the tool page shows the server message when the URL is not a Reel', async ({ page }) => {
  await page.goto('/insta-transcript');

  await page.getByLabel('Instagram Reel URL').fill('https://www.tiktok.com/@someone/video/1');
  await page.getByRole('button', { name: 'Transcribe Now' }).click();

  await expect(page.getByRole('alert')).toHaveText(
    'Enter a public Instagram Reel or post URL, like https://www.instagram.com/reel/ABC123xyz/.',
  );
});

test('the detail page copies the transcript and says Copied!', async ({ page, context, request }) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  const record = await transcribed(request, { title: 'Copy me reel', caption: '#e2ecopy' });
  await page.goto(`/reel-transcript/${record.slug}`);
  await hydrated(page);

  await page.getByRole('button', { name: 'Copy' }).click();

  await expect(page.getByRole('button', { name: 'Copied!' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => navigator.clipboard.readText())).toBe(record.transcript);
});

test('the tag page pages through 21 transcriptions', async ({ page, request }) => {
  const tag = `pager${unique()}`;
  for (let index = 0; index < 21; index++)
    await transcribed(request, { title: `Pager reel ${index}`, caption: `#${tag}` });
  await page.goto(`/insta-transcript/tags/${tag}`);
  await expect(page.getByText('Showing 20 of 21 transcriptions')).toBeVisible();

  await page.getByRole('navigation', { name: 'Pages' }).getByRole('link', { name: '2', exact: true }).click();

  await expect(page.getByText('Showing 1 of 21 transcriptions')).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pager reel 0' })).toBeVisible();
});

test('the tag index filters tags case-insensitively', async ({ page, request }) => {
  const suffix = unique();
  await transcribed(request, { title: 'Index reel', caption: `#alpha${suffix} #beta${suffix}` });
  await page.goto('/instagram-transcript/tags');
  await expect(page.getByRole('link', { name: new RegExp(`#beta${suffix}`) })).toBeVisible();

  await page.getByPlaceholder('Search tags...').fill(`ALPHA${suffix.toUpperCase()}`);

  await expect(page.getByRole('heading', { name: 'All Tags (1)' })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`#alpha${suffix}`) })).toBeVisible();
  await expect(page.getByRole('link', { name: new RegExp(`#beta${suffix}`) })).toHaveCount(0);
});

test('an unknown transcription says Transcription Not Found', async ({ page }) => {
  const response = await page.goto('/instagram-audio-transcript/no-such-reel-abcde');

  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Transcription Not Found' })).toBeVisible();
});

test('a path under an unknown alias is not taken by the transcript pages', async ({ request }) => {
  const response = await request.get('/instagram-transcripts/some-slug-abcde');

  expect(response.status()).toBe(404);
  expect(await response.text()).not.toContain('Transcription Not Found');
});

test('edits to a transcript stay in this browser after a reload', async ({ page, request }) => {
  const record = await transcribed(request, { title: 'Edit me reel', caption: '#e2eedit' });
  await page.goto(`/insta-transcript/${record.slug}`);
  await hydrated(page);
  const text = page.getByRole('textbox', { name: 'Transcription' });

  await text.fill('My corrected transcript');
  await page.reload();

  await expect(page.getByRole('textbox', { name: 'Transcription' })).toHaveValue('My corrected transcript');
});

test('hovering a tag card plays its muted preview and leaving rewinds it', async ({ page, request }) => {
  const tag = `hover${unique()}`;
  await transcribed(request, { title: 'Hover reel', caption: `#${tag}` });
  await page.goto(`/insta-transcript/tags/${tag}`);
  const card = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Hover reel' }) });
  const video = card.locator('video');

  await card.hover();
  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => !element.paused && element.muted && element.loop))
    .toBe(true);
  await page.mouse.move(0, 0);

  await expect
    .poll(() => video.evaluate((element: HTMLVideoElement) => element.paused && element.currentTime === 0))
    .toBe(true);
});

test('the pages rendered on demand pass the SEO audit, even for a long Reel title and tag', async ({ request }) => {
  const site = process.env.SITE_URL ?? 'https://inkpilot.app';
  const tag = `seo${unique()}${'long'.repeat(20)}`;
  const record = await transcribed(request, {
    title: `A very long Reel title that keeps going about pasta, sauce, basil and every secret of the kitchen ${unique()}`,
    caption: `#${tag}`,
  });
  const urls = {
    detail: detailPath(CANONICAL_GALLERY_BASE, record.slug),
    tag: tagPath(CANONICAL_GALLERY_BASE, tag),
    index: `${CANONICAL_GALLERY_BASE}/tags/`,
  };

  const pages = await Promise.all(
    Object.values(urls).map(async (path) => ({
      url: new URL(path, site).href,
      html: await (await request.get(path)).text(),
    })),
  );

  expect(formatFindings(auditPages(pages))).toBe('');
});
