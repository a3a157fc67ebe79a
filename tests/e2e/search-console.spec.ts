// Search Console as an owner goes through it (issue 25): Projects → Search Console → Connect → Google's consent page
// (the fake Google of tests/fixtures/fake-google on TCP E2E_PORT + 105, which the e2e server is configured to use) →
// back in the workspace → pick the property covering the blog → the sitemap is submitted; then the jobs inspect the
// posts and fetch their search metrics, shown as badges on calendar cards and in the post list, as charts and a
// queries table on the post page, and as a refresh suggestion on the dashboard; the next plan starts with the rising
// query no post answers, labelled on its card. 1366×768 and 390×844, axe. One owner's story in steps run in order, each
// signed in again as the same owner.
import AxeBuilder from './support/axe.ts';
import postgres from 'postgres';
import { startFakeGoogle } from '../fixtures/fake-google/server.mjs';
import { signIn, uniqueEmail } from './support/auth.ts';
import { expect, test, type Page } from './support/test.ts';

const port = Number(process.env.E2E_PORT ?? 4517);
let google: Awaited<ReturnType<typeof startFakeGoogle>>;

test.describe.configure({ mode: 'serial' });
// Every step goes on a machine the other test runs share (the jobs included): two minutes each at most.
test.beforeEach(() => test.setTimeout(120_000));

/** The owner of the story, their project and blog, and their two published posts. */
const owner = { email: uniqueEmail('search-console'), name: 'Ada Lovelace' };
let projectId: string;
let blogUrl: string;
let starter: { id: string; slug: string };
let rye: { id: string; slug: string };

/** Signs the story's owner in again (each step has its own browser context). */
async function signInOwner(page: Page) {
  await page.setViewportSize(VIEWPORTS[0]!);
  await signIn(page, owner);
}

test.beforeAll(async () => {
  google = await startFakeGoogle(port + 105);
});
test.afterAll(async () => google?.stop());

/** The e2e server's embedded Postgres (playwright.config.ts derives its port from E2E_PORT). */
function database() {
  const pgPort = port + 50_000 > 65_000 ? 54517 : port + 50_000;
  return postgres({
    host: '127.0.0.1',
    port: pgPort,
    user: 'inkpilot',
    password: 'inkpilot',
    database: 'inkpilot',
    max: 1,
  });
}

const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

async function axeViolations(page: Page, include?: string): Promise<string[]> {
  const builder = new AxeBuilder({ page });
  const { violations } = await (include ? builder.include(include) : builder).analyze();
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** Checks the page at both sizes: no sideways scroll on the phone, no axe findings, a screenshot of each. */
async function checkAtBothSizes(page: Page, name: string, include?: string) {
  for (const viewport of VIEWPORTS) {
    await page.setViewportSize(viewport);
    await expect
      .poll(() => page.evaluate(() => document.documentElement.scrollWidth))
      .toBeLessThanOrEqual(viewport.width);
    expect(await axeViolations(page, include)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath(`${name}-${viewport.width}.png`), fullPage: true });
  }
  await page.setViewportSize(VIEWPORTS[0]!);
}

/** Calls the API from the page, signed in as its user, on the selected project. */
async function apiCall<T>(page: Page, method: string, path: string, body?: unknown): Promise<T> {
  return page.evaluate(
    async ({ method, path, body }) => {
      const response = await fetch(path, {
        method,
        headers: {
          authorization: `Bearer ${localStorage.getItem('inkpilot.token')}`,
          ...(body === undefined ? {} : { 'content-type': 'application/json' }),
        },
        ...(body === undefined ? {} : { body: JSON.stringify(body) }),
      });
      if (!response.ok) throw new Error(`${method} ${path}: ${response.status} ${await response.text()}`);
      return response.json();
    },
    { method, path, body },
  ) as Promise<T>;
}

/** A published post with a body, through the API. */
async function publishedPost(page: Page, projectId: string, title: string) {
  const post = await apiCall<{ id: string; slug: string }>(page, 'POST', `/api/blogs/posts/project/${projectId}`, {
    title,
    markdown: `## ${title}\n\nA post about ${title.toLowerCase()}.`,
  });
  await apiCall(page, 'POST', `/api/blogs/posts/post/${post.id}/publish`, {});
  return post;
}

const panel = (page: Page) => page.getByRole('region', { name: 'Search Console' });
const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });

test('an owner connects Search Console through Google’s consent, picks the property covering the blog, and its sitemap is submitted', async ({
  page,
}) => {
  await signInOwner(page);
  projectId = await page.evaluate(() => localStorage.getItem('inkpilot.projectId')!);
  ({ blog_url: blogUrl } = await apiCall<{ blog_url: string }>(
    page,
    'GET',
    `/api/projects/${projectId}/custom-domain`,
  ));
  starter = await publishedPost(page, projectId, 'Sourdough starter guide');
  rye = await publishedPost(page, projectId, 'Rye bread basics');
  const sql = database();
  try {
    // Their calendar entries, as a plan and its runs leave them (planned for today, each with its post).
    for (const post of [starter, rye])
      await sql`
        insert into calendar_entries (project_id, entry_date, title, target_keyword, post_id)
        select ${projectId}, current_date, title, '', id from blog_posts where id = ${post.id}`;
  } finally {
    await sql.end();
  }
  // What Google knows: the account's properties, and each post's page with its searches.
  google.state.sites.push(
    { siteUrl: 'https://unrelated-shop.example/', permissionLevel: 'siteOwner' },
    { siteUrl: blogUrl, permissionLevel: 'siteOwner' },
  );
  google.state.pages.set(`${blogUrl}${starter.slug}`, {
    coverage: 'indexed',
    lastCrawl: '2026-01-05T10:00:00Z',
    queries: [
      { query: 'sourdough starter', impressions: 120, ctr: 0.1, position: 4.2, trend: 'falling' },
      { query: 'rye bread', impressions: 25, ctr: 0.08, position: 17 },
    ],
  });
  google.state.pages.set(`${blogUrl}${rye.slug}`, {
    coverage: 'crawled',
    lastCrawl: '2026-01-04T09:00:00Z',
    queries: [
      { query: 'rye bread', impressions: 40, ctr: 0.15, position: 6.4 },
      { query: 'how to proof sourdough overnight', impressions: 10, ctr: 0.05, position: 11, trend: 'rising' },
    ],
  });

  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Projects' }).click();
  await expect(panel(page).getByRole('button', { name: 'Connect Search Console' })).toBeVisible();
  await checkAtBothSizes(page, 'search-console-not-connected', '#search-console');
  await panel(page).getByRole('button', { name: 'Connect Search Console' }).click();

  // Google's consent page (the fake's), then back to the workspace.
  await page.waitForURL(`http://127.0.0.1:${port + 105}/o/oauth2/v2/auth?**`);
  await expect(page.getByRole('heading', { name: 'Inkpilot wants access to your Google Account' })).toBeVisible();
  await page.getByRole('button', { name: 'Allow' }).click();
  await page.waitForURL('**/projects#search-console');
  await expect(
    notifications(page).getByRole('status').filter({ hasText: 'Search Console connected. Pick the property' }),
  ).toBeVisible();

  // The properties: the one covering the blog first and chosen, the other shown but not offered.
  const picker = panel(page).getByRole('form', { name: /^Pick the property that covers your blog/ });
  await expect(picker.getByRole('radio', { name: `${blogUrl} URL prefix · owner`, exact: true })).toBeChecked();
  await expect(picker.getByRole('radio', { name: /^https:\/\/unrelated-shop\.example\// })).toBeDisabled();
  await expect(picker.getByText(`Does not cover ${blogUrl}`)).toBeVisible();
  await checkAtBothSizes(page, 'search-console-picker', '#search-console');
  await picker.getByRole('button', { name: 'Use this property' }).click();
  await expect(
    notifications(page)
      .getByRole('status')
      .filter({ hasText: `Sitemap submitted: ${blogUrl}sitemap.xml` }),
  ).toBeVisible();
  await expect(panel(page).getByText(/^Submitted .*sitemap\.xml$/)).toContainText(`${blogUrl}sitemap.xml`);
  expect(google.state.sitemaps).toContainEqual({ siteUrl: blogUrl, feedpath: `${blogUrl}sitemap.xml` });
});

test('the jobs the pick started inspect both posts and fetch their search metrics', async ({ page }) => {
  await signInOwner(page);
  // The server's own queue, at its pace: polled through the API the panel reads.
  await expect
    .poll(
      async () => {
        const posts = await apiCall<{ metrics_through: string | null; items: { index_status: string | null }[] }>(
          page,
          'GET',
          `/api/projects/${projectId}/search-console/posts`,
        );
        return Boolean(posts.metrics_through) && posts.items.every((item) => item.index_status);
      },
      { timeout: 100_000 },
    )
    .toBe(true);
});

test('the panel says when the data is in; badges show on the calendar cards and in the post list', async ({ page }) => {
  await signInOwner(page);
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Projects' }).click();
  await expect(panel(page).getByText(/^Clicks and impressions through/)).toBeVisible({ timeout: 30_000 });
  await checkAtBothSizes(page, 'search-console-connected', '#search-console');

  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Calendar' }).click();
  const starterCard = page.getByRole('article', { name: 'Sourdough starter guide', exact: true });
  await expect(starterCard.locator('[data-search-status="indexed"]')).toBeVisible({ timeout: 30_000 });
  await expect(
    page.getByRole('article', { name: 'Rye bread basics', exact: true }).locator('[data-search-status]'),
  ).toHaveAttribute('data-search-status', 'crawled_not_indexed');
  await expect(starterCard.locator('[data-search-status]')).toContainText('Indexed');
  await checkAtBothSizes(page, 'search-console-calendar');

  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Blog' }).click();
  const list = page.getByRole('list', { name: 'Posts' });
  await expect(list.getByRole('listitem').filter({ hasText: 'Sourdough starter guide' })).toContainText(
    /Google: Indexed, last crawled .+; [\d,]+ clicks, [\d,]+ impressions in 28 days/,
  );
  await expect(list.getByRole('listitem').filter({ hasText: 'Rye bread basics' })).toContainText(
    'Google: Crawled, not indexed',
  );
});

test('the post page charts clicks and impressions, lists the queries, the competing post and the refresh; so does the dashboard', async ({
  page,
}) => {
  await signInOwner(page);
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Blog' }).click();
  const list = page.getByRole('list', { name: 'Posts' });
  // The post page: status with the last crawl, the figures, two charts, the queries, and what to act on.
  await list.getByRole('link', { name: 'Sourdough starter guide', exact: true }).click();
  const report = page.getByRole('region', { name: 'Search Console' });
  await expect(report.getByText('Google: Indexed')).toBeVisible();
  await expect(report).toContainText('last crawled');
  for (const chart of ['Clicks by day', 'Impressions by day']) {
    const figure = report.locator('figure').filter({ hasText: chart });
    await expect(figure).toBeVisible();
    await expect(figure.locator('svg.recharts-surface path.recharts-line-curve')).toHaveCount(1);
  }
  const queries = report.getByRole('table', { name: 'Top queries (last 28 days)' });
  await expect(queries.getByRole('rowheader')).toHaveText(['sourdough starter', 'rye bread']);
  await expect(report.getByRole('note').filter({ hasText: 'Refresh suggested.' })).toContainText(
    'Clicks fell four weeks in a row',
  );
  await expect(report.getByRole('note').filter({ hasText: 'Competing with your own posts' })).toContainText(
    '“rye bread”',
  );
  await checkAtBothSizes(page, 'search-console-post');

  // The other post shows the same competition from its side.
  await report.getByRole('link', { name: 'Rye bread basics' }).click();
  await expect(
    page.getByRole('region', { name: 'Search Console' }).getByText('Google: Crawled, not indexed'),
  ).toBeVisible();
  await expect(
    page.getByRole('region', { name: 'Search Console' }).getByRole('note').filter({ hasText: 'Competing' }),
  ).toContainText('Sourdough starter guide');

  // The dashboard lists the post to refresh and the rising search no post answers yet.
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Dashboard' }).click();
  const refresh = page.getByRole('region', { name: 'Posts to refresh' });
  await expect(refresh.getByRole('link', { name: 'Sourdough starter guide' })).toBeVisible();
  await expect(refresh).toContainText('how to proof sourdough overnight');
  await checkAtBothSizes(page, 'search-console-dashboard');
});

test('the next 30-day plan starts with the rising search, labelled on its calendar card', async ({ page }) => {
  await signInOwner(page);
  const db = database();
  try {
    const [prompt] = await db`
      insert into prompts (project_id, brand_voice, keywords, base_knowledge)
      values (${projectId}, 'Warm and practical.', ${['bread baking', 'baking classes']}, 'A bakery school.')
      returning id`;
    await db`update projects set default_prompt_id = ${prompt!.id} where id = ${projectId}`;
  } finally {
    await db.end();
  }
  await page.goto('/calendar');
  await page.getByRole('button', { name: 'Launch Your 30 days Empire' }).click();
  await expect(notifications(page).getByRole('status').filter({ hasText: 'Your 30-day plan is ready!' })).toBeVisible({
    timeout: 60_000,
  });
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  const risingEntry = page.getByRole('article', { name: 'How To Proof Sourdough Overnight', exact: true });
  await expect(risingEntry).toContainText('From Search Console: rising query');
  await expect(risingEntry).toContainText('Keyword: how to proof sourdough overnight');
  await checkAtBothSizes(page, 'search-console-plan');
});
