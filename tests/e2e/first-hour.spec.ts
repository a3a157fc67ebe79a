// Issue 26: a new user's first hour, each rough edge at the viewport where it was met (1366×768 or 390×844).
import AxeBuilder from './support/axe.ts';
import { createServer } from 'node:net';
import postgres from 'postgres';
import { seededColours, svgCover } from '../../api/providers/images/svg-cover.ts';
import { selectedProject, signIn } from './support/auth.ts';
import type { Locator } from '@playwright/test';
import { expect, test, type Page } from './support/test.ts';

const port = Number(process.env.E2E_PORT ?? 4517);
/** The loopback demo website of tests/fixtures/demo-site (started by tests/fixtures/start.mjs). */
const DEMO_SITE = `http://127.0.0.1:${port + 102}/`;
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };
const BRAND_FAILED = 'Brand processing failed. Please try again or provide brand context manually.';

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

/** Axe findings on the page as it is now, one line each. */
async function axe(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (violation) => `${where} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** How far the page is wider than the window (0 or less: no horizontal overflow), once layout has settled. */
async function expectNoOverflow(page: Page, where: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: where })
    .toBeLessThanOrEqual(0);
}

/** The signed-in user's token and project, as the workspace keeps them. */
async function session(page: Page): Promise<{ headers: Record<string, string>; projectId: string }> {
  const { token, projectId } = await page.evaluate(() => ({
    token: localStorage.getItem('inkpilot.token'),
    projectId: localStorage.getItem('inkpilot.projectId'),
  }));
  return { headers: { authorization: `Bearer ${token}` }, projectId: projectId! };
}

/** A port nothing listens on: a site that refuses every connection. */
async function closedPort(): Promise<number> {
  const server = createServer();
  await new Promise<void>((done) => server.listen(0, '127.0.0.1', done));
  const { port: free } = server.address() as { port: number };
  await new Promise((done) => server.close(done));
  return free;
}

const wizard = (page: Page) => page.getByRole('region', { name: 'Get started' });
const currentStep = (page: Page) =>
  wizard(page).getByRole('list', { name: 'Onboarding steps' }).locator('[aria-current="step"]');
const nav = (page: Page, name: string) =>
  page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name, exact: true });

/** Whether an element shows all its text (nothing cut by a line clamp). */
const showsWhole = (locator: Locator) =>
  locator.evaluate((element) => element.scrollHeight <= element.clientHeight + 1);

/** Whether a box lies inside another (a pixel of rounding allowed). */
function within(inner: { x: number; y: number; width: number; height: number } | null, outer: typeof inner): boolean {
  if (!inner || !outer) return false;
  return (
    inner.x >= outer.x - 1 &&
    inner.y >= outer.y - 1 &&
    inner.x + inner.width <= outer.x + outer.width + 1 &&
    inner.y + inner.height <= outer.y + outer.height + 1
  );
}

test.describe('at 1366×768', () => {
  test.use({ viewport: DESKTOP });

  test('step 1 asks the name; the wizard resumes where the project stands after each reload until the plan exists; the blog is titled with the name', async ({
    page,
  }) => {
    test.setTimeout(180_000);
    await signIn(page);
    await expect(currentStep(page)).toContainText('Create project');
    expect(await axe(page, 'step 1')).toEqual([]);
    await wizard(page).getByRole('button', { name: 'Continue' }).click();
    await expect(wizard(page).getByRole('alert')).toHaveText('Project name is required.');

    await wizard(page).getByLabel('Project name').fill('Hearth & Crumb Bakery');
    await wizard(page).getByRole('button', { name: 'Continue' }).click();
    await expect(currentStep(page)).toContainText('Connect website');
    await expect(selectedProject(page, 'Hearth & Crumb Bakery')).toBeAttached();
    await page.reload();
    await expect(currentStep(page)).toContainText('Connect website'); // no guide yet → step 2
    expect(await axe(page, 'step 2')).toEqual([]);

    await wizard(page).getByLabel('Homepage URL').fill(DEMO_SITE);
    await wizard(page).getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(wizard(page).getByRole('button', { name: 'Launch Your 30 days Empire' })).toBeVisible({
      timeout: 60_000,
    });
    await page.reload();
    await expect(currentStep(page)).toContainText('Plan your calendar'); // a guide, no plan → step 3
    await expect(wizard(page).getByRole('button', { name: 'Launch Your 30 days Empire' })).toBeVisible();
    expect(await axe(page, 'step 3')).toEqual([]);
    // The Calendar offers the same launch, under the spec's name, until the plan exists.
    await nav(page, 'Calendar').click();
    await expect(page.getByRole('button', { name: 'Launch Your 30 days Empire' })).toBeVisible();
    await nav(page, 'Dashboard').click();

    await wizard(page).getByRole('button', { name: 'Launch Your 30 days Empire' }).click();
    await expect(wizard(page).getByRole('link', { name: 'View Your 30-Day Plan' })).toBeVisible({ timeout: 90_000 });
    await page.reload();
    await expect(page.getByRole('heading', { name: 'Selected project' })).toBeVisible();
    await expect(wizard(page)).toHaveCount(0); // the plan exists: onboarding is done
    await nav(page, 'Calendar').click();
    await expect(page.getByRole('button', { name: 'Plan the next 30 days' })).toBeVisible();

    // The blog is titled with the name, at an address made from it (not untitled-project).
    await nav(page, 'Dashboard').click();
    // The overview's Blog row (Blog analytics' empty state links the same address).
    const blog = page.getByRole('definition').getByRole('link', { name: /\.blogs\.localhost/ });
    await expect(blog).toHaveText(
      new RegExp(`^http://hearth-crumb-bakery(-[0-9a-f]{6})?\\.blogs\\.localhost:${port}/$`),
    );
    await page.goto((await blog.getAttribute('href'))!);
    await expect(page).toHaveTitle('Hearth & Crumb Bakery');
  });

  test('Projects renames a project, and the rename reaches the blog’s title', async ({ page }) => {
    await signIn(page);
    await nav(page, 'Projects').click();
    await page
      .getByRole('listitem', { name: 'Untitled Project' })
      .getByRole('button', { name: 'Rename Untitled Project' })
      .click();
    const form = page.getByRole('form', { name: 'Rename Untitled Project' });
    await form.getByLabel('Project name').fill('  ');
    await form.getByRole('button', { name: 'Save' }).click();
    await expect(form.getByRole('alert')).toHaveText('Project name is required.');
    expect(await axe(page, 'rename form')).toEqual([]);

    await form.getByLabel('Project name').fill('Crumb Journal');
    await form.getByRole('button', { name: 'Save' }).click();

    await expect(page.getByRole('status').filter({ hasText: 'Project renamed to Crumb Journal.' })).toBeVisible();
    await expect(selectedProject(page, 'Crumb Journal')).toBeAttached();
    const address = page.getByRole('region', { name: 'Blog address' }).getByRole('link', { name: /blogs\.localhost/ });
    await expect(address).toHaveText(/^http:\/\/crumb-journal(-[0-9a-f]{6})?\.blogs\.localhost:\d+\/$/);
    await page.goto((await address.getAttribute('href'))!);
    await expect(page).toHaveTitle('Crumb Journal');
  });

  test('a website that refuses the connection fails within 15 s, the reason under the spec’s message', async ({
    page,
  }) => {
    await signIn(page);
    const closed = await closedPort();
    await wizard(page).getByLabel('Project name').fill('Refused Co');
    await wizard(page).getByRole('button', { name: 'Continue' }).click();
    await wizard(page).getByLabel('Homepage URL').fill(`http://127.0.0.1:${closed}/`);

    await wizard(page).getByRole('button', { name: 'Connect', exact: true }).click();

    const failure = wizard(page).getByRole('alert');
    await expect(failure).toContainText(BRAND_FAILED, { timeout: 15_000 });
    await expect(failure).toContainText(
      `Could not connect to 127.0.0.1:${closed}: the connection was refused. Check the address and that the site is up.`,
    );
    // The dashboard no longer shows the address as if it were connected.
    await expect(page.getByText('could not be read: connect it again')).toBeVisible();
    expect(await axe(page, 'failure')).toEqual([]);
  });

  test('a new title carries the meta title, the cover description and the drawn cover; the cover is shown whole; slugs end at a word', async ({
    page,
  }) => {
    test.setTimeout(90_000);
    await signIn(page);
    const { projectId } = await session(page);
    await nav(page, 'Blog').click();
    await page.getByRole('button', { name: 'New post' }).click();
    await page.waitForURL('**/dashboard/blog/edit/*');
    const saveState = page.getByRole('status', { name: 'Save state' });
    const title = page.getByLabel('Title', { exact: true });
    const meta = page.getByLabel('Meta title');
    const alt = page.getByLabel('Cover image description');
    const coverUrl = page.getByLabel('Cover image URL');

    // A long title: the slug it suggests ends after a whole word.
    await title.fill(
      'How our wholesale bakery keeps cafés supplied with fresh sourdough and the service their customers expect',
    );
    await page.getByRole('button', { name: 'Use the title' }).click();
    await expect(page.getByLabel('Slug')).toHaveValue(
      'how-our-wholesale-bakery-keeps-cafes-supplied-with-fresh-sourdough-and-the',
    );

    // A post as a workflow leaves it offline: meta title = title, a drawn cover showing the title, "Cover image for …".
    const first = 'Sourdough basics for beginners';
    const sql = database();
    let mediaId: string;
    try {
      const [row] = await sql`
        insert into media (project_id, content_type, body, cover_title)
        values (${projectId}, 'image/svg+xml', ${Buffer.from(svgCover(first, seededColours(projectId)))}, ${first})
        returning id`;
      mediaId = row!.id as string;
    } finally {
      await sql.end();
    }
    await title.fill(first);
    await meta.fill(first);
    await coverUrl.fill(`/api/media/${mediaId}`);
    await alt.fill(`Cover image for ${first}`);
    await expect(saveState).toHaveText('Saved');
    await page.reload();

    await title.fill('Rye bread basics for beginners');

    await expect(meta).toHaveValue('Rye bread basics for beginners');
    await expect(alt).toHaveValue('Cover image for Rye bread basics for beginners');
    await expect(saveState).toHaveText('Saved');
    await expect(coverUrl).not.toHaveValue(`/api/media/${mediaId}`);
    await expect(coverUrl).toHaveValue(/^\/api\/media\/[0-9a-f-]{36}$/);
    const drawn = await page.request.get(await coverUrl.inputValue());
    expect(await drawn.text()).toContain('Rye bread basics');
    const preview = page.getByRole('img', { name: 'Cover image for Rye bread basics for beginners' });
    await expect(preview).toHaveAttribute('src', await coverUrl.inputValue());
    // Shown whole: the box has the image's own proportions, so no edge (and no title text) is cut off.
    await expect
      .poll(() =>
        preview.evaluate((image: HTMLImageElement) =>
          image.naturalWidth
            ? Math.abs(image.clientHeight / image.clientWidth - image.naturalHeight / image.naturalWidth)
            : 1,
        ),
      )
      .toBeLessThan(0.01);
    await page.reload();
    await expect(meta).toHaveValue('Rye bread basics for beginners');

    // A meta title written on purpose stays when the title changes again.
    await meta.fill('Rye for beginners: a short guide');
    await title.fill('Rye bread at home');
    await expect(meta).toHaveValue('Rye for beginners: a short guide');
    await expect(alt).toHaveValue('Cover image for Rye bread at home');
    await expect(saveState).toHaveText('Saved');
    expect(await axe(page, 'editor')).toEqual([]);
  });

  test('the workflow builder fits the default graph in a canvas as tall as the page, places a new node in view and keeps its panel whole', async ({
    page,
  }) => {
    await signIn(page);
    await nav(page, 'Workflows').click();
    await page.getByRole('button', { name: 'Use template' }).first().click();
    const canvas = page.getByRole('group', { name: 'Workflow canvas' });
    await expect(canvas).toBeVisible();
    const nodes = canvas.locator('[data-testid^="node-"]');
    await expect(nodes).toHaveCount(15); // the default blog template, with the fact check (issue 27)

    // The canvas takes the page's height (less the sticky top bar) and the whole graph is in it.
    const box = await canvas.boundingBox();
    expect(box!.height).toBeGreaterThanOrEqual(DESKTOP.height - 100);
    await expect
      .poll(async () => {
        const frame = await canvas.boundingBox();
        const boxes = await nodes.evaluateAll((elements) =>
          elements.map((element) => {
            const rect = element.getBoundingClientRect();
            return { x: rect.x, y: rect.y, width: rect.width, height: rect.height };
          }),
        );
        return boxes.filter((node) => !within(node, frame)).length;
      })
      .toBe(0);

    // A new node lands where it can be seen: in the canvas and in the window.
    await canvas.scrollIntoViewIfNeeded();
    await page.getByRole('button', { name: 'Add Web search' }).click();
    const added = page.getByTestId('node-web_search_1');
    await expect(added).toBeVisible();
    const window = { x: 0, y: 0, width: DESKTOP.width, height: DESKTOP.height };
    expect(within(await added.boundingBox(), await canvas.boundingBox())).toBe(true);
    expect(within(await added.boundingBox(), window)).toBe(true);

    // Its panel fits the window, with the node's settings first and Remove whole and in view.
    const panel = page.getByRole('region', { name: 'Nodes' });
    expect((await panel.boundingBox())!.height).toBeLessThanOrEqual(DESKTOP.height);
    const remove = panel.getByRole('button', { name: 'Remove web_search_1' });
    await expect(remove).toBeVisible();
    expect(within(await remove.boundingBox(), await panel.boundingBox())).toBe(true);
    expect(within(await remove.boundingBox(), window)).toBe(true);
    expect(await remove.evaluate((element) => element.scrollWidth <= element.clientWidth)).toBe(true);
    expect(await axe(page, 'builder')).toEqual([]);
  });

  test('the dashboard shows the live blog address and a custom domain as pending until DNS verifies it; Usage’s bar says what its words say', async ({
    page,
  }) => {
    const user = await signIn(page);
    // The overview's Blog row (Blog analytics' empty state links the same address).
    const blog = page.getByRole('definition').getByRole('link', { name: /\.blogs\.localhost/ });
    await expect(blog).toBeVisible(); // the subdomain blog is live from the start, never "Not connected yet"

    const domain = `first-hour-${Date.now()}.acme-test.com`;
    await page
      .getByRole('complementary', { name: 'Connect Domain' })
      .getByRole('button', { name: 'Connect Domain', exact: true })
      .click();
    const dialog = page.getByRole('dialog', { name: 'Connect Your Domain' });
    await dialog.getByLabel('Domain Name').fill(domain);
    await dialog.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(dialog.getByRole('table')).toContainText(`_inkpilot-verify.${domain}`);
    await dialog.getByRole('button', { name: 'Close' }).click();

    await expect(page.getByText(`${domain} Waiting for DNS verification`)).toBeVisible();
    await expect(blog).toHaveText(/\.blogs\.localhost/); // the blog is still served on its own address
    await expect(page.getByRole('link', { name: domain })).toHaveCount(0);
    expect(await axe(page, 'dashboard')).toEqual([]);

    // Two posts this month on Free (2 a month, 3 bonus): "2 of 2" is a full bar; the bonus has its own.
    const sql = database();
    try {
      await sql`
        insert into usage_events (account_id, kind)
        select id, 'post_generated' from users, generate_series(1, 2) where email = ${user.email}`;
    } finally {
      await sql.end();
    }
    await nav(page, 'Usage').click();
    await expect(page.getByText('2 of 2 posts used this month')).toBeVisible();
    const month = page.getByRole('meter', { name: 'Posts used this month' });
    await expect(month).toHaveAttribute('aria-valuenow', '2');
    await expect(month).toHaveAttribute('aria-valuemax', '2');
    await expect(month.locator('div')).toHaveAttribute('style', /width: 100%/);
    await expect(page.getByRole('meter', { name: 'Bonus posts used' })).toHaveAttribute('aria-valuenow', '0');
    await expect(page.getByText('your next 3 posts come from your bonus')).toBeVisible();
    expect(await axe(page, 'usage')).toEqual([]);
  });

  test('month-view titles show whole while their card is hovered or focused', async ({ page }) => {
    await signIn(page);
    const { headers, projectId } = await session(page);
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const title = 'The complete beginner’s guide to slow-fermented sourdough bread baked in a home oven';
    const made = await page.request.post(`/api/calendar/project/${projectId}`, { headers, data: { date: day, title } });
    expect(made.status()).toBe(201);

    await page.goto(`/calendar?month=${day.slice(0, 7)}`);
    const heading = page
      .getByRole('grid', { name: 'Month' })
      .getByRole('article', { name: title })
      .getByRole('heading', { name: title });
    await expect(heading).toBeVisible();
    expect(await showsWhole(heading)).toBe(false); // two lines at rest

    await heading.hover();
    await expect.poll(() => showsWhole(heading)).toBe(true);
    await page.mouse.move(0, 0);
    await expect.poll(() => showsWhole(heading)).toBe(false);
    await page.getByRole('grid', { name: 'Month' }).getByRole('article', { name: title }).focus();
    await expect.poll(() => showsWhole(heading)).toBe(true);
  });
});

test.describe('at 390×844', () => {
  test.use({ viewport: PHONE });

  test('the calendar is a list of days with whole titles, and nothing is wider than the screen', async ({ page }) => {
    await signIn(page);
    const { headers, projectId } = await session(page);
    const day = new Date(Date.now() + 86_400_000).toISOString().slice(0, 10);
    const title = 'Seven slow-fermented sourdough baking mistakes home bakers make, and how to fix each one';
    const made = await page.request.post(`/api/calendar/project/${projectId}`, {
      headers,
      data: { date: day, title, target_keyword: 'sourdough mistakes' },
    });
    expect(made.status()).toBe(201);

    await page.goto(`/calendar?month=${day.slice(0, 7)}`);

    const days = page.getByRole('list', { name: 'Days of the month' });
    const card = days.getByRole('article', { name: title });
    await expect(card).toBeVisible();
    await expect(card.getByText('Keyword: sourdough mistakes')).toBeVisible();
    expect(await showsWhole(card.getByRole('heading', { name: title }))).toBe(true);
    await expect(page.getByRole('grid', { name: 'Month' })).toHaveCount(0);
    await expectNoOverflow(page, 'calendar');
    expect(await axe(page, 'calendar')).toEqual([]);
  });

  test('no workspace page is wider than the screen, and each has no accessibility violations', async ({ page }) => {
    test.setTimeout(180_000);
    // An admin, so the Advanced pages are there too.
    await signIn(page, { email: 'admin@example.com', name: 'Admin User' });
    const found: string[] = [];
    const visit = async (path: string, ready: Locator, where = path) => {
      await page.goto(path);
      await expect(ready).toBeVisible();
      await expectNoOverflow(page, where);
      found.push(...(await axe(page, where)));
    };
    const h1 = (name: string | RegExp) => page.getByRole('heading', { level: 1, name });

    await visit('/dashboard', h1(/^Welcome/));
    await visit('/calendar', h1('Calendar'));
    await visit('/blogs', h1('All Blogs'));
    await page.getByRole('button', { name: 'New post' }).click();
    await page.waitForURL('**/dashboard/blog/edit/*');
    const postId = page.url().split('/').pop()!;
    await expect(h1('Edit Blog Post')).toBeVisible();
    await page.getByLabel('Title', { exact: true }).fill('A post read on a phone, with a rather long title indeed');
    await expect(page.getByRole('status', { name: 'Save state' })).toHaveText('Saved');
    await visit(`/dashboard/blog/edit/${postId}`, h1('Edit Blog Post'), 'the editor');
    await visit(`/blogs/${postId}`, h1('A post read on a phone, with a rather long title indeed'), 'a post page');
    await visit('/prompts', h1('Prompts'));
    await visit('/projects', h1('Projects'));
    await visit('/workflows', h1('Workflows'));
    await page.getByRole('button', { name: 'Use template' }).first().click();
    await expect(page.getByRole('group', { name: 'Workflow canvas' }).locator('[data-testid^="node-"]')).toHaveCount(
      15,
    );
    await visit(page.url().replace(/^https?:\/\/[^/]+/, ''), h1('Workflow'), 'the builder');
    await visit('/settings', h1('Settings'));
    await visit('/settings?tab=api-key', h1('Settings'), '/settings API keys');
    await visit('/usage', h1('Usage'));
    await visit('/templates', h1('Workflow Templates'));

    expect(found).toEqual([]);
  });
});
