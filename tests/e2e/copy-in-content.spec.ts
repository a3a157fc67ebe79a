// Issue 17: the words islands show only in the browser (the transcriber's tag index, popular tags and transcript,
// the local sign-in dialog) are the editors' or fixed by the spec, like the built pages'
// (tests/build/copy-in-content.test.ts, whose matcher this runs on the rendered page).
import { expect, test } from './support/test.ts';
import { randomUUID } from 'node:crypto';
import { copyStrays, strayReport } from '../build/support/copy-check.ts';
import { localChooser } from './support/auth.ts';

const fixture = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4517) + 100}`;

test("the tag index and the tool page show only editors' and spec words once their islands have loaded", async ({
  page,
  request,
}) => {
  const code = `Copy${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const tag = `copycheck${code.toLowerCase()}`;
  await request.post(`${fixture}/__posts`, { data: { code, title: 'Copy check reel', caption: `#${tag}` } });
  const answer = await request.post('/api/reels/transcribe', {
    data: { reel: `https://www.instagram.com/reel/${code}/` },
  });
  expect(answer.ok()).toBe(true);
  const record = (await answer.json()) as { transcript: string; title: string };

  await page.goto('/insta-transcript/tags');
  await expect(page.getByRole('link', { name: new RegExp(`#${tag}`) })).toBeVisible();
  const tagIndex = await page.content();
  await page.goto('/insta-transcript');
  // the popular tags load when they scroll into view
  const popular = page.locator('section[aria-labelledby="popular-tags"]');
  await popular.scrollIntoViewIfNeeded();
  await expect(popular.getByRole('link', { name: /^#/ }).first()).toBeVisible();
  await page.getByLabel('Instagram Reel URL').fill(`https://www.instagram.com/reel/${code}/`);
  await page.getByRole('button', { name: 'Transcribe Now' }).click();
  await expect(page.getByRole('textbox', { name: 'Transcript' })).toHaveValue(record.transcript);
  const toolPage = await page.content();

  const strays = copyStrays(
    [
      { url: '/insta-transcript/tags', html: tagIndex },
      { url: '/insta-transcript', html: toolPage },
    ],
    { data: [record.title, record.transcript] },
  );

  expect(strayReport(strays), `Text the islands show that is not in src/content:\n${strayReport(strays)}`).toBe('');
});

test("the tag index that failed to load shows only editors' and spec words", async ({ page }) => {
  // the gallery answering 503 without a detail, as during a database outage
  await page.route('**/api/insta-transcriptions/tags', (route) =>
    route.fulfill({ status: 503, contentType: 'application/json', body: '{}' }),
  );
  await page.goto('/insta-transcript/tags');
  await expect(page.getByRole('alert')).toContainText('Failed to fetch tags');
  await expect(page.getByRole('heading', { name: 'Failed to Load Tags' })).toBeVisible();

  const strays = copyStrays([{ url: '/insta-transcript/tags', html: await page.content() }]);

  expect(
    strayReport(strays),
    `Text the failed tag index shows that is not in src/content:\n${strayReport(strays)}`,
  ).toBe('');
});

test("the local sign-in dialog shows only editors' words", async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(localChooser(page)).toBeVisible();

  const strays = copyStrays([{ url: '/signin', html: await page.content() }]);

  expect(
    strayReport(strays),
    `Text the local sign-in dialog shows that is not in src/content:\n${strayReport(strays)}`,
  ).toBe('');
});
