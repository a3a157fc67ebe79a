// Issue 25: blog analytics in the workspace. A reader (a browser with an ordinary Chrome user agent) reads the blog;
// the owner's dashboard shows the counted views in its Blog analytics (totals, a line chart with its table, top
// posts, referrers, countries), changes the range with the keyboard; the post page shows the post’s readers. Both
// at 1366×768 and 390×844 with no sideways scrolling, axe clean; the loading, error and empty states are shown too.
import AxeBuilder from './support/axe.ts';
import postgres from 'postgres';
import { signIn } from './support/auth.ts';
import { expect, test, type Page } from './support/test.ts';

const port = Number(process.env.E2E_PORT ?? 4517);
const READER_AGENT =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';

/** The e2e server's embedded Postgres (playwright.config.ts derives its port from E2E_PORT). */
function database() {
  return postgres({
    host: '127.0.0.1',
    port: port + 50_000 > 65_000 ? 54517 : port + 50_000,
    user: 'inkpilot',
    password: 'inkpilot',
    database: 'inkpilot',
    max: 1,
  });
}

const isoDay = (daysAgo: number) => new Date(Date.now() - daysAgo * 86_400_000).toISOString().slice(0, 10);

/**
 * The signed-in user's project with one published post, and what readers did on the days before today (as the
 * counter writes it): views per day from two referrers and two countries.
 */
async function blogWithHistory(email: string) {
  const sql = database();
  try {
    const [project] = await sql<{ id: string; slug: string }[]>`
      select p.id, p.slug from projects p join project_members m on m.project_id = p.id join users u on u.id = m.user_id
      where u.email = ${email}`;
    if (!project) throw new Error('no project for the signed-in user');
    const [post] = await sql<{ id: string }[]>`
      insert into blog_posts (project_id, title, slug, markdown, html, status, published_at)
      values (${project.id}, 'Rye at home', 'rye-at-home', 'Rye is dense.', '<p>Rye is dense.</p>', 'published', now())
      returning id`;
    if (!post) throw new Error('the post was not saved');
    for (let daysAgo = 1; daysAgo <= 20; daysAgo++) {
      const views = 3 + (daysAgo % 5);
      await sql`
        insert into blog_views (project_id, day, post_id, referrer_host, country, views) values
          (${project.id}, ${isoDay(daysAgo)}, ${post.id}, 'google.com', 'DE', ${views}),
          (${project.id}, ${isoDay(daysAgo)}, ${post.id}, 'news.ycombinator.com', 'FR', 2)`;
      await sql`
        insert into blog_visitors (project_id, day, post_id, visitors) values
          (${project.id}, ${isoDay(daysAgo)}, null, ${views}), (${project.id}, ${isoDay(daysAgo)}, ${post.id}, ${views})`;
    }
    return { projectId: project.id, slug: project.slug, postId: post.id };
  } finally {
    await sql.end();
  }
}

async function noSidewaysScroll(page: Page) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth))
    .toBeLessThanOrEqual(0);
}

async function axeClean(page: Page) {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

const analytics = (page: Page) => page.getByRole('region', { name: 'Blog analytics' });

test('a reader’s visits show on the dashboard’s blog analytics, at desktop and phone sizes', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000); // two sizes, two screenshots and an axe run on a shared 2-core machine
  await page.setViewportSize({ width: 1366, height: 768 });
  const account = await signIn(page);
  const blog = await blogWithHistory(account.email);

  // A person reads the blog: the home page, then the post twice.
  const reader = await browser.newContext({ userAgent: READER_AGENT, locale: 'en-GB' });
  const readerPage = await reader.newPage();
  await readerPage.goto(`http://${blog.slug}.blogs.localhost:${port}/`);
  await readerPage.getByRole('link', { name: 'Rye at home' }).first().click();
  await expect(readerPage.getByRole('heading', { level: 1, name: 'Rye at home' })).toBeVisible();
  await readerPage.reload();
  await reader.close();

  await page.goto('/dashboard');
  const panel = analytics(page);
  const perDay = panel.getByRole('table', { name: 'Page views and readers per day, last 30 days' });
  // The counter writes within seconds: read the dashboard again until today's (the last) row has the three views.
  await expect(async () => {
    await page.reload();
    await panel.getByText('Show the figures as a table').click();
    await expect(perDay.getByRole('row').last().getByRole('cell')).toHaveText(['3', '1'], { timeout: 1_000 });
  }).toPass({ timeout: 30_000 });

  await expect(panel.getByRole('radio', { name: '30 days' })).toBeChecked();
  await expect(panel.locator('.recharts-line-curve').first()).toBeVisible();
  await expect(panel.locator('.recharts-line')).toHaveCount(2);
  await expect(perDay.getByRole('row')).toHaveCount(31);
  await expect(
    panel.getByRole('table', { name: 'Top posts' }).getByRole('link', { name: 'Rye at home' }),
  ).toBeVisible();
  await expect(panel.getByRole('table', { name: 'Top referrers' }).getByRole('rowheader')).toHaveText([
    'google.com',
    'news.ycombinator.com',
    'Direct or unknown',
  ]);
  await expect(panel.getByRole('table', { name: 'Countries' }).getByRole('rowheader').first()).toHaveText('Germany');
  await expect(panel.getByText('Page views, last 30 days')).toBeVisible();
  await axeClean(page);
  await page.screenshot({ path: 'test-results/analytics-dashboard-1366.png', fullPage: true });

  // The range, from the keyboard: the checked radio takes focus, an arrow key chooses the one before it.
  await panel.getByRole('radio', { name: '30 days' }).focus();
  await page.keyboard.press('ArrowLeft');
  await expect(panel.getByRole('radio', { name: '7 days' })).toBeChecked();
  await expect(panel.getByText('Page views, last 7 days')).toBeVisible();
  await panel.getByText('Show the figures as a table').click(); // the new range's chart comes with its table closed
  await expect(
    panel.getByRole('table', { name: 'Page views and readers per day, last 7 days' }).getByRole('row'),
  ).toHaveCount(8);

  await page.setViewportSize({ width: 390, height: 844 });
  await expect(panel.locator('.recharts-line-curve').first()).toBeVisible();
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/analytics-dashboard-390.png', fullPage: true });

  // A top post leads to its page, which shows its own readers (the next test looks at them closely).
  await panel.getByRole('link', { name: 'Rye at home' }).click();
  await page.waitForURL(`**/blogs/${blog.postId}`);
  await expect(page.getByRole('region', { name: 'Readers' }).locator('.recharts-line-curve').first()).toBeVisible();
});

test('the post page shows the post’s readers, at phone and desktop sizes', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  const account = await signIn(page);
  const blog = await blogWithHistory(account.email);

  await page.goto(`/blogs/${blog.postId}`);
  const readers = page.getByRole('region', { name: 'Readers' });
  await expect(readers.locator('.recharts-line-curve').first()).toBeVisible();
  await expect(readers.getByRole('table', { name: 'Countries' }).getByRole('rowheader')).toContainText([
    'Germany',
    'France',
  ]);
  await noSidewaysScroll(page);
  await axeClean(page);
  await page.screenshot({ path: 'test-results/analytics-post-390.png', fullPage: true });
  await page.setViewportSize({ width: 1366, height: 768 });
  await expect(readers.getByRole('radio', { name: '30 days' })).toBeChecked();
  await noSidewaysScroll(page);
  await page.screenshot({ path: 'test-results/analytics-post-1366.png', fullPage: true });
});

test('the analytics say when they load, when they fail (with a way to try again) and when there is nothing yet', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  let release: () => void = () => {};
  const held = new Promise<void>((done) => (release = done));
  let failing = true;
  await page.route('**/api/analytics/project/**', async (route) => {
    await held;
    if (failing) await route.fulfill({ status: 500, json: { detail: 'An unexpected error occurred.' } });
    else await route.continue();
  });
  await signIn(page);
  const panel = analytics(page);

  await expect(panel.getByRole('status')).toHaveText('Loading analytics...');
  release();
  await expect(panel.getByRole('alert')).toContainText('Analytics could not be loaded.');
  await expect(page.getByText('Untitled Project created!')).toBeHidden(); // the toast sits over the button at 390 wide
  failing = false;
  await panel.getByRole('button', { name: 'Try again' }).click();

  await expect(panel.getByText('No page views in the last 30 days yet.')).toBeVisible();
  await expect(panel.getByRole('link', { name: 'All Blogs' })).toBeVisible();
  await noSidewaysScroll(page);
  await axeClean(page);
});
