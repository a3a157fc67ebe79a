import postgres from 'postgres';
import { selectedProject, signIn } from './support/auth.ts';
import { expect, test } from './support/test.ts';
import { markdownSource } from './support/editor.ts';
import { renderPostHtml } from '../../api/services/posts/render.ts';

const port = Number(process.env.E2E_PORT ?? 4517);

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

/** The slug of the user's auto-created project. */
async function projectOf(email: string): Promise<{ id: string; slug: string }> {
  const sql = database();
  try {
    const [row] = await sql<{ id: string; slug: string }[]>`
      select p.id, p.slug from projects p join project_members m on m.project_id = p.id join users u on u.id = m.user_id
      where u.email = ${email} and m.role = 'owner' order by p.created_at limit 1`;
    return row!;
  } finally {
    await sql.end();
  }
}

test('a published post opens on the project subdomain with no script and no CSP violation, and an edit shows on reload', async ({
  page,
}) => {
  const account = await signIn(page);
  await expect(selectedProject(page, 'Untitled Project')).toBeAttached();
  const project = await projectOf(account.email);
  const sql = database();
  const slug = `first-post-${Date.now()}`;
  try {
    await sql`
      insert into blog_posts (project_id, title, slug, markdown, html, status, published_at, tags)
      values (${project.id}, 'Hello from the blog', ${slug}, 'First words.', ${await renderPostHtml('First words.')}, 'published', now(), ${['news']})`;
    const url = `http://${project.slug}.blogs.localhost:${port}/${slug}`;

    const token = await page.evaluate(() => localStorage.getItem('inkpilot.token')); // the workspace's, before leaving it
    await page.goto(url);
    await expect(page.getByRole('heading', { level: 1, name: 'Hello from the blog' })).toBeVisible();
    await expect(page.getByText('First words.')).toBeVisible();
    expect(await page.locator('script:not([type="application/ld+json"])').count()).toBe(0);

    // The edit goes through the posts API (the lifecycle), whose outbox tells the blog's cache.
    const [post] = await sql<
      { id: string }[]
    >`select id from blog_posts where project_id = ${project.id} and slug = ${slug}`;
    const edited = await page.request.patch(`/api/blogs/posts/post/${post!.id}`, {
      headers: { authorization: `Bearer ${token}` },
      data: { version: 1, title: 'Hello, edited', markdown: 'Second words.' },
    });
    expect(edited.status()).toBe(200);
    await expect(async () => {
      await page.reload();
      await expect(page.getByRole('heading', { level: 1 })).toHaveText('Hello, edited', { timeout: 1000 });
    }).toPass();
    await page.getByRole('link', { name: '#news' }).click();
    await expect(page.getByRole('heading', { level: 1 })).toHaveText('Posts tagged “news”');
  } finally {
    await sql.end();
  }
});

test('a viewer of the project sees no Connect Domain banner and no blog settings', async ({ page, browser }) => {
  const owner = await signIn(page, { name: 'Olive Owner' });
  await expect(page.getByRole('complementary', { name: 'Connect Domain' })).toBeVisible();
  const viewerPage = await (await browser.newContext()).newPage();
  const viewer = await signIn(viewerPage, { name: 'Vera Viewer' });
  const sql = database();
  try {
    await sql`
      insert into project_members (project_id, user_id, role)
      select p.id, v.id, 'viewer' from projects p join project_members m on m.project_id = p.id and m.role = 'owner'
      join users o on o.id = m.user_id and o.email = ${owner.email}, users v
      where v.email = ${viewer.email}`;
    await sql`update projects set name = 'Shared Blog' where id in (select project_id from project_members m join users o on o.id = m.user_id where o.email = ${owner.email} and m.role = 'owner')`;
  } finally {
    await sql.end();
  }

  await viewerPage.reload();
  await viewerPage.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Shared Blog' });

  await expect(selectedProject(viewerPage, 'Shared Blog')).toBeAttached();
  await expect(viewerPage.getByRole('complementary', { name: 'Connect Domain' })).toHaveCount(0);
  // The blog's address is shown to viewers, its domain actions and settings are not.
  await viewerPage.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Projects' }).click();
  await expect(viewerPage.getByRole('region', { name: 'Blog address' })).toContainText('Your blog is live at');
  await expect(viewerPage.getByRole('button', { name: 'Connect Domain' })).toHaveCount(0);
  await expect(viewerPage.getByRole('form', { name: 'Blog settings' })).toHaveCount(0);
});

test('a post published in the workspace opens on the project subdomain, and an edit in the editor shows there', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  const account = await signIn(page);
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Blog' }).click();
  await page.getByRole('button', { name: 'New post' }).click();
  await page.waitForURL('**/dashboard/blog/edit/*');
  await page.getByLabel('Title', { exact: true }).fill('Rye at home');
  await (await markdownSource(page)).fill('## Starter\n\nFeed it **twice** a day.');
  await page.getByRole('button', { name: 'Use the title' }).click();
  const saveState = page.getByRole('status', { name: 'Save state' });
  await expect(saveState).toHaveText('Saved');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Post published.' })).toBeVisible();

  const project = await projectOf(account.email);
  const blog = await context.newPage();
  await blog.goto(`http://${project.slug}.blogs.localhost:${port}/rye-at-home`);
  await expect(blog.getByRole('heading', { level: 1, name: 'Rye at home' })).toBeVisible();
  await expect(blog.getByRole('heading', { level: 2, name: 'Starter' })).toBeVisible();
  await expect(blog.locator('strong')).toHaveText('twice');

  await (await markdownSource(page)).fill('## Starter\n\nFeed it **three times** a day in summer.');
  await page.getByRole('button', { name: 'Save changes' }).click(); // a live post saves on request
  await expect(saveState).toHaveText('Saved');
  await expect(async () => {
    await blog.reload();
    await expect(blog.locator('strong')).toHaveText('three times', { timeout: 1000 });
  }).toPass();
  await blog.goto(`http://${project.slug}.blogs.localhost:${port}/`);
  await expect(blog.getByRole('link', { name: 'Rye at home' })).toBeVisible();
});
