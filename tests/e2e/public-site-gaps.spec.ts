// Issue 17, the gaps a review found against public-site.md: one test (or a few) per gap, against the production server.
import { expect, test, type Page } from './support/test.ts';
import { randomUUID } from 'node:crypto';
import { readFile } from 'node:fs/promises';
import { hydrated } from './support/page-load.ts';

const USER_KEYS = { token: 'inkpilot.token', user: 'inkpilot.user' }; // STORAGE.token / STORAGE.user
const CALCULATOR = '/tools/local-seo-calculator';
const TEXT_PAGES = ['/terms', '/privacy', '/updates', '/tools/backlink-finder', '/tools/content-gap-analyzer'];
const fixture = `http://127.0.0.1:${Number(process.env.E2E_PORT ?? 4517) + 100}`;

/** Seeds the stored session that restoreSession() reads, so the header renders the signed-in state. */
async function signInAs(page: Page, user: { first_name: string; last_name: string; email: string }) {
  const record = { id: 'u1', is_admin: false, is_superuser: false, avatar_url: null, external_id: 'ext-1', ...user };
  await page.addInitScript(
    ([keys, json]) => {
      localStorage.setItem(keys.token, 'test-token');
      localStorage.setItem(keys.user, json);
    },
    [USER_KEYS, JSON.stringify(record)] as const,
  );
}

const faqQuestions = (page: Page) => page.locator('#faq-title + div summary').allTextContents();
const pageViews = (page: Page) =>
  page.evaluate(() =>
    (window.dataLayer ?? []).filter((entry) => entry.event === 'page_view').map((entry) => entry.page_path),
  );

test.describe('country FAQ (spec §2.8, §9.3)', () => {
  const OWN = {
    fr: 'Should my pages for France be written in French?',
    jp: 'Which search engines matter in Japan?',
    si: 'Should a Slovenian business publish in more than one language?',
  };

  test('country pages that had none now ask their own question, which the generic page does not', async ({ page }) => {
    await page.goto(CALCULATOR);
    const generic = await faqQuestions(page);
    expect(generic.length).toBeGreaterThanOrEqual(10);

    for (const [code, question] of Object.entries(OWN)) {
      await page.goto(`${CALCULATOR}/country/${code}`);

      await expect(page.locator('summary').getByText(question, { exact: true })).toBeVisible();
      expect(generic).not.toContain(question);
    }
  });

  test("a country's question is asked on its industry pages too", async ({ page }) => {
    await page.goto(`${CALCULATOR}/healthcare/jp`);

    await expect(page.locator('summary').getByText(OWN.jp, { exact: true })).toBeVisible();
  });
});

test.describe('insights panel follows the chosen business type (spec §2.8)', () => {
  test('on the generic page, choosing a business type shows that industry instead of the best practices', async ({
    page,
  }) => {
    await page.goto(CALCULATOR);
    await hydrated(page);
    await expect(page.getByRole('heading', { name: 'Local SEO Best Practices' })).toBeVisible();

    await page.getByRole('radio', { name: /Healthcare/ }).check();

    await expect(page.getByRole('heading', { name: 'Healthcare SEO Insights', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Local SEO Best Practices' })).toBeHidden();
    await page.getByRole('radio', { name: /Restaurants/ }).check();
    await expect(page.getByRole('heading', { name: 'Restaurant SEO Insights', exact: true })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Healthcare SEO Insights', exact: true })).toBeHidden();
  });

  test('the chosen industry stays through the results, and Reset brings back the best practices', async ({ page }) => {
    await page.goto(CALCULATOR);
    await hydrated(page);
    await page.getByRole('radio', { name: /Restaurants/ }).check();
    for (const option of ['Single city', 'A basic website', 'Medium']) {
      await page.getByRole('button', { name: 'Next' }).click();
      await page.getByRole('radio', { name: option, exact: true }).check();
    }

    await page.getByRole('button', { name: 'Get My Analysis' }).click();

    await expect(page.getByRole('heading', { name: 'Your Local SEO Analysis' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Restaurant SEO Insights', exact: true })).toBeVisible();
    await page.getByRole('button', { name: 'Reset analysis' }).click();
    await expect(page.getByRole('heading', { name: 'Local SEO Best Practices' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Restaurant SEO Insights', exact: true })).toBeHidden();
  });

  test("on a country page, the chosen industry's insights name the country and use its local data", async ({
    page,
  }) => {
    await page.goto(`${CALCULATOR}/country/fr`);
    await hydrated(page);

    await page.getByRole('radio', { name: /Legal/ }).check();

    await expect(
      page.getByRole('heading', { name: 'Legal Services SEO Insights in France', exact: true }),
    ).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Top Keyword Opportunities' }).locator('visible=true')).toHaveCount(
      1,
    );
  });
});

test.describe('the same header on every public page (spec §2.3)', () => {
  for (const path of TEXT_PAGES) {
    test(`${path} shows the signed-in state: Go to Dashboard and the initials menu`, async ({ page }) => {
      await signInAs(page, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' });
      await page.goto(path);
      const header = page.getByRole('banner');

      await expect(header.getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
      await header.getByRole('button', { name: 'Account menu' }).click();
      await expect(header.getByRole('button', { name: 'Account menu' })).toHaveText('AL');
      await expect(header.getByRole('link', { name: 'My Account' })).toBeVisible();
      await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
    });
  }

  test('signed out, a text page shows Join with Google and Start for Free like the landing page', async ({ page }) => {
    await page.goto('/terms');
    const header = page.getByRole('banner');

    await expect(header.getByRole('button', { name: 'Join with Google' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Start for Free' })).toBeVisible();
    await expect(header.getByRole('link', { name: 'Sign in' })).toHaveCount(0);
  });
});

test.describe('consent banner and page views on every public page (spec §7)', () => {
  for (const path of ['/signin', '/signup', ...TEXT_PAGES]) {
    test(`${path} asks for consent and records its page view after Accept, not before`, async ({ page }) => {
      await page.goto(path);
      const banner = page.getByRole('region', { name: 'Cookie consent' });
      await expect(banner).toBeVisible();
      expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();

      await banner.getByRole('button', { name: 'Accept' }).click();

      await expect(banner).toBeHidden();
      await expect.poll(() => pageViews(page)).toEqual([path]);
    });
  }

  test('a visitor who declined on one page is not asked again on /signin and sends nothing', async ({ page }) => {
    await page.goto('/privacy');
    await page.getByRole('button', { name: 'Decline' }).click();

    await page.goto('/signin');

    await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeHidden();
    expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
  });
});

test.describe('transcript as JSON (spec §2.7)', () => {
  test('the tool page downloads the edited transcript as <slug>.json', async ({ page, request }) => {
    const code = `E2e${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    await request.post(`${fixture}/__posts`, { data: { code, title: 'Json download reel', caption: '#e2ejson' } });
    await page.goto('/tools/insta-transcript');
    // the tool's own island (the top tags below it hydrate only when scrolled to)
    await expect(page.locator('astro-island:has(#reel-url)')).not.toHaveAttribute('ssr');
    const download = page.getByRole('button', { name: 'Download JSON' });
    await expect(download).toBeDisabled();
    await page.getByLabel('Instagram Reel URL').fill(`https://www.instagram.com/reel/${code}/`);
    await page.getByRole('button', { name: 'Transcribe Now' }).click();
    const text = page.getByRole('textbox', { name: 'Transcript' });
    await expect(text).toHaveValue(/^Hello from the fixture reel\./);
    await text.fill('Edited before download.');

    const [file] = await Promise.all([page.waitForEvent('download'), download.click()]);

    expect(file.suggestedFilename()).toMatch(/^json-download-reel-[a-z0-9]{5}\.json$/);
    const body = JSON.parse(await readFile((await file.path())!, 'utf8'));
    expect(body).toMatchObject({
      reel_url: expect.stringContaining(code),
      title: 'Json download reel',
      tags: ['e2ejson'],
      transcript: 'Edited before download.',
    });
    expect(`${body.slug}.json`).toBe(file.suggestedFilename());
  });

  test('the detail page downloads its transcript as JSON too', async ({ page, request }) => {
    const code = `E2e${randomUUID().replace(/-/g, '').slice(0, 10)}`;
    await request.post(`${fixture}/__posts`, { data: { code, title: 'Detail json reel', caption: '#e2ejson' } });
    const answer = await request.post('/api/reels/transcribe', {
      data: { reel: `https://www.instagram.com/reel/${code}/` },
    });
    const record = (await answer.json()) as { slug: string; transcript: string };
    await page.goto(`/reel-transcript/${record.slug}`);
    await hydrated(page);

    const [file] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download JSON' }).click(),
    ]);

    expect(file.suggestedFilename()).toBe(`${record.slug}.json`);
    expect(JSON.parse(await readFile((await file.path())!, 'utf8'))).toMatchObject({
      slug: record.slug,
      transcript: record.transcript,
    });
  });
});

test.describe('FAQ accordions (spec §4)', () => {
  test('the shared FAQ keeps several items open; the tool FAQ keeps one open at a time', async ({ page }) => {
    await page.goto('/tools/insta-transcript');
    const accuracy = page.getByText('Clear speech usually reaches 90-95% accuracy.', { exact: false });
    const duration = page.getByText('are done in 30-60 seconds', { exact: false });
    const free = page.getByText('It is free and unlimited for normal use', { exact: false });
    const stored = page.getByText('store no personal data', { exact: false });

    await page.getByText('How accurate are the transcripts?', { exact: true }).click();
    await page.getByText('How long does it take?', { exact: true }).click();
    await page.getByText('Is this Instagram transcript tool really free?', { exact: true }).click();
    await page.getByText('Is my data stored?', { exact: true }).click();

    await expect(accuracy).toBeVisible();
    await expect(duration).toBeVisible();
    await expect(stored).toBeVisible();
    await expect(free).toBeHidden();
  });
});

test.describe('annual pricing (spec §9.1)', () => {
  test('the saving label agrees with every crossed-out annual price', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'Annually' }).click();
    const plan = (name: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(plan('Starter').getByRole('deletion')).toHaveText('$588');
    const dollars = (text: string | null) => Number(text!.replace(/[$,]/g, ''));
    const label = await page.getByText(/^Save \d+%$/).textContent();

    for (const name of ['Starter', 'Pro', 'Scale']) {
      const struck = dollars(await plan(name).getByRole('deletion').textContent());
      const price = dollars(await plan(name).locator('[data-price]').textContent());

      expect(label).toBe(`Save ${Math.round(((struck - price) / struck) * 100)}%`);
    }
    expect(label).toBe('Save 17%');
    await expect(page.getByText('Get 2 months free')).toBeVisible();
  });
});
