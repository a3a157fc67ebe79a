import AxeBuilder from './support/axe.ts';
import postgres from 'postgres';
import { selectedProject, signIn } from './support/auth.ts';
import { expect, test, type Page } from './support/test.ts';
import { markdownSource } from './support/editor.ts';

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

function saveState(page: Page) {
  return page.getByRole('status', { name: 'Save state' });
}

function preview(page: Page) {
  return page.getByRole('document', { name: 'Preview' });
}

/** From /blogs: New post, and the editor of the new draft is open. */
async function newDraft(page: Page): Promise<string> {
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Blog' }).click();
  await page.getByRole('button', { name: 'New post' }).click();
  await page.waitForURL('**/dashboard/blog/edit/*');
  await expect(page.getByLabel('Title', { exact: true })).toBeVisible();
  return page.url().split('/').pop()!;
}

async function showStatus(page: Page, label: 'All posts' | 'Published' | 'Unpublished') {
  await page.getByLabel('Status', { exact: true }).selectOption({ label });
}

test('a writer drafts a post with a live server preview, autosave survives a reload, and publishing moves it between the list filters', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { name: 'No blog posts yet' })).toBeVisible();

  await newDraft(page);
  await expect(saveState(page)).toHaveText('Saved');
  await page.getByLabel('Title', { exact: true }).fill('Baking with rye');
  await (await markdownSource(page)).fill(
    '## Why rye\n\nRye makes **dense** bread.\n\n<script>window.pwned = 1</script>\n\n[a link](javascript:alert(1))',
  );
  await expect(preview(page).getByRole('heading', { name: 'Why rye', level: 2 })).toBeVisible();
  await expect(preview(page).locator('strong')).toHaveText('dense');
  await expect(preview(page).locator('script')).toHaveCount(0);
  await expect(preview(page).getByText('a link')).not.toHaveAttribute('href', /javascript/);
  await page.getByRole('button', { name: 'Use the title' }).click();
  await expect(page.getByLabel('Slug')).toHaveValue('baking-with-rye');
  await page.getByLabel('Meta title').fill('R'.repeat(61));
  await expect(page.getByText('61/60 characters')).toBeVisible();
  await expect(saveState(page)).toHaveText('Not saved: fix the marked fields');
  await page.getByLabel('Meta title').fill('Baking with rye flour');
  await expect(page.getByText('21/60 characters')).toBeVisible();
  await expect(saveState(page)).toHaveText('Saved');

  await page.reload();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Baking with rye');
  await expect(page.getByLabel('Slug')).toHaveValue('baking-with-rye');
  await expect(page.getByLabel('Meta title')).toHaveValue('Baking with rye flour');
  await expect(await markdownSource(page)).toHaveValue(/Rye makes \*\*dense\*\* bread\./);
  await expect(preview(page).getByRole('heading', { name: 'Why rye' })).toBeVisible();

  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Post published.' })).toBeVisible();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();

  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Blog' }).click();
  const posts = page.getByRole('list', { name: 'Posts' });
  await showStatus(page, 'Published');
  await expect(posts.getByRole('link', { name: 'Baking with rye', exact: true })).toBeVisible();
  await showStatus(page, 'Unpublished');
  await expect(page.getByRole('heading', { name: 'No posts match' })).toBeVisible();

  await showStatus(page, 'All posts');
  await posts.getByRole('link', { name: 'Edit Baking with rye' }).click();
  await page.getByRole('button', { name: 'Unpublish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Post unpublished: it is a draft again.' })).toBeVisible();
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Blog' }).click();
  await showStatus(page, 'Unpublished');
  await expect(posts.getByRole('link', { name: 'Baking with rye', exact: true })).toBeVisible();
  await showStatus(page, 'Published');
  await expect(page.getByRole('heading', { name: 'No posts match' })).toBeVisible();

  await page.getByLabel('Search posts').fill('nothing like this');
  await showStatus(page, 'All posts');
  await expect(page.getByRole('heading', { name: 'No posts match' })).toBeVisible();
  await page.getByLabel('Search posts').fill('RYE');
  await expect(posts.getByRole('link', { name: 'Baking with rye', exact: true })).toBeVisible();
  await posts.getByRole('link', { name: 'Baking with rye', exact: true }).click();
  await expect(
    page.getByRole('article', { name: 'Post content' }).getByRole('heading', { name: 'Why rye' }),
  ).toBeVisible();
});

test('markdown the server would refuse to render is named under the field as you type, never saved, and the preview keeps the last good one', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await newDraft(page);
  const content = await markdownSource(page);
  await content.fill('Bread needs **time**.');
  await expect(preview(page).locator('strong')).toHaveText('time');
  await expect(saveState(page)).toHaveText('Saved');

  await content.fill(`Bread needs **time**.\n\n${'>'.repeat(40)} quoted too deep`);

  await expect(content).toHaveAccessibleDescription(
    'Line 3 nests quotes or lists more than 32 levels deep, more than can be shown. Remove some of the > or list markers (or indentation) at its start.',
  );
  await expect(content).toHaveAttribute('aria-invalid', 'true');
  await expect(saveState(page)).toHaveText('Not saved: fix the marked fields');
  await expect(page.getByRole('alert').filter({ hasText: 'The preview shows the last markdown' })).toBeVisible();
  await expect(preview(page).locator('strong')).toHaveText('time');
  expect(await violations(page, 'editor with refused markdown')).toEqual([]);

  await content.fill(`Bread needs **time**.\n\n${'>'.repeat(3)} quoted`);
  await expect(preview(page).locator('blockquote blockquote blockquote')).toHaveText('quoted');
  await expect(content).not.toHaveAttribute('aria-invalid');
  await expect(saveState(page)).toHaveText('Saved');
  await page.reload();
  await expect(await markdownSource(page)).toHaveValue(`Bread needs **time**.\n\n${'>'.repeat(3)} quoted`);
});

test('a save over someone else’s newer save is refused with a clear message and the text stays in the editor', async ({
  page,
  context,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const id = await newDraft(page);
  await page.getByLabel('Title', { exact: true }).fill('Shared draft');
  await expect(saveState(page)).toHaveText('Saved');

  const other = await context.newPage();
  await other.goto(`/dashboard/blog/edit/${id}`);
  await expect(other.getByLabel('Title', { exact: true })).toHaveValue('Shared draft');
  await other.getByLabel('Title', { exact: true }).fill('Their newer title');
  await expect(saveState(other)).toHaveText('Saved');

  await (await markdownSource(page)).fill('My stale text that must not overwrite theirs.');
  const alert = page
    .getByRole('alert')
    .filter({ hasText: 'Someone else saved this post after you opened it, so your changes were not saved.' });
  await expect(alert).toBeVisible();
  await expect(saveState(page)).toHaveText('Not saved');
  await expect(await markdownSource(page)).toHaveValue('My stale text that must not overwrite theirs.');

  await other.reload();
  await expect(other.getByLabel('Title', { exact: true })).toHaveValue('Their newer title');
  await expect(await markdownSource(other)).toHaveValue('');

  await alert.getByRole('button', { name: 'Discard my changes and load the newer version' }).click();
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Their newer title');
  await expect(await markdownSource(page)).toHaveValue('');
  await expect(saveState(page)).toHaveText('Saved');
  await other.close();
});

test('an open post page refreshes when a post-updated event announces a newer version', async ({ page }) => {
  await signIn(page);
  const id = await newDraft(page);
  await page.getByLabel('Title', { exact: true }).fill('Before the run');
  await expect(saveState(page)).toHaveText('Saved');
  await page.getByRole('link', { name: 'View post' }).click();
  await expect(page.getByRole('heading', { name: 'Before the run', level: 1 })).toBeVisible();

  await page.evaluate(async (postId) => {
    const token = localStorage.getItem('inkpilot.token');
    const post = await (
      await fetch(`/api/blogs/posts/post/${postId}`, { headers: { authorization: `Bearer ${token}` } })
    ).json();
    window.dispatchEvent(
      new CustomEvent('inkpilot:post-updated', {
        detail: { post: { ...post, title: 'After the run', version: post.version + 1 } },
      }),
    );
  }, id);

  await expect(page.getByRole('heading', { name: 'After the run', level: 1 })).toBeVisible();
});

test('the editor warns when the target keyword competes with another post, naming it with a link, and not for a keyword of its own', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const warning = page.getByRole('status').filter({ hasText: 'This keyword competes with' });
  const clear = page.getByText('No other post or calendar entry competes with this keyword.');

  const first = await newDraft(page);
  await page.getByLabel('Title', { exact: true }).fill('Keeping a sourdough starter alive');
  await page.getByLabel('Target keyword').fill('sourdough starter');
  await expect(saveState(page)).toHaveText('Saved');
  // Opened again, the post is checked at once and does not compete with itself.
  await page.reload();
  await expect(page.getByLabel('Target keyword')).toHaveValue('sourdough starter');
  await expect(clear).toBeVisible();
  await expect(warning).toHaveCount(0);

  await newDraft(page);
  await page.getByLabel('Title', { exact: true }).fill('Feeding schedules');
  await page.getByLabel('Target keyword').fill('Sourdough starters');
  await expect(warning).toContainText(
    'Post “Keeping a sourdough starter alive” (same target keyword, keyword “sourdough starter”)',
  );
  await expect(warning.getByRole('link', { name: '“Keeping a sourdough starter alive”' })).toHaveAttribute(
    'href',
    `/dashboard/blog/edit/${first}`,
  );
  await expect(page.getByLabel('Target keyword')).toHaveAccessibleDescription(/This keyword competes with/);
  await expect(saveState(page)).toHaveText('Saved');
  // On opening the post the warning is there at once.
  await page.reload();
  await expect(warning).toContainText('Keeping a sourdough starter alive');

  // A keyword of its own: no warning, then or after a reload.
  await page.getByLabel('Target keyword').fill('rye feeding ratio');
  await expect(clear).toBeVisible();
  await expect(warning).toHaveCount(0);
  await expect(saveState(page)).toHaveText('Saved');
  await page.reload();
  await expect(clear).toBeVisible();
  await expect(warning).toHaveCount(0);

  // The warning's link opens the competing post.
  await page.getByLabel('Target keyword').fill('sourdough starter');
  await warning.getByRole('link', { name: '“Keeping a sourdough starter alive”' }).click();
  await page.waitForURL(`**/dashboard/blog/edit/${first}`);
  await expect(page.getByLabel('Title', { exact: true })).toHaveValue('Keeping a sourdough starter alive');
});

test('a viewer reads posts but gets no New post, Edit or editor', async ({ page, browser }) => {
  test.setTimeout(90_000);
  const owner = await signIn(page);
  await page.goto('/projects');
  await page.getByLabel('Project name').fill('Shared Blog');
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(selectedProject(page, 'Shared Blog')).toBeAttached();
  const id = await newDraft(page);
  await page.getByLabel('Title', { exact: true }).fill('Members only');
  await expect(saveState(page)).toHaveText('Saved');

  const viewerPage = await (await browser.newContext()).newPage();
  const viewer = await signIn(viewerPage, { name: 'Vera Viewer' });
  const sql = database();
  try {
    await sql`
      insert into project_members (project_id, user_id, role)
      select p.id, v.id, 'viewer' from projects p join project_members m on m.project_id = p.id and m.role = 'owner'
      join users o on o.id = m.user_id and o.email = ${owner.email}, users v
      where p.name = 'Shared Blog' and v.email = ${viewer.email}`;
  } finally {
    await sql.end();
  }
  await viewerPage.reload();
  await viewerPage.getByRole('combobox', { name: 'Project' }).selectOption({ label: 'Shared Blog' });
  await viewerPage.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Blog' }).click();
  await expect(
    viewerPage.getByRole('list', { name: 'Posts' }).getByRole('link', { name: 'Members only' }),
  ).toBeVisible();
  await expect(viewerPage.getByRole('button', { name: 'New post' })).toHaveCount(0);
  await expect(viewerPage.getByRole('link', { name: /^Edit/ })).toHaveCount(0);
  await viewerPage.goto(`/dashboard/blog/edit/${id}`);
  await expect(viewerPage.getByRole('heading', { name: 'Viewers cannot edit posts' })).toBeVisible();
  await expect(viewerPage.getByRole('textbox')).toHaveCount(0);
  await viewerPage.context().close();
});

/** Axe findings on the page as it is now, one line each. */
async function violations(page: Page, where: string): Promise<string[]> {
  const { violations: found } = await new AxeBuilder({ page }).analyze();
  return found.map(
    (violation) => `${where} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

test('the blog list, the editor (with a field over its limit) and the post page have no accessibility violations', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  await page.goto('/blogs');
  await expect(page.getByRole('heading', { name: 'No blog posts yet' })).toBeVisible();
  const found = await violations(page, 'empty list');
  await newDraft(page);
  await page.getByLabel('Title', { exact: true }).fill('Accessible post');
  await (await markdownSource(page)).fill('## Section\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |');
  await expect(preview(page).getByRole('heading', { name: 'Section' })).toBeVisible();
  await page.getByRole('button', { name: 'Add source' }).click();
  await page.getByLabel('Meta description').fill('D'.repeat(161));
  await expect(page.getByText('161/160 characters')).toBeVisible();
  found.push(...(await violations(page, 'editor')));
  await page.getByLabel('Meta description').fill('A short summary.');
  await page.getByLabel('Source 1 URL').fill('https://example.com/source');
  await expect(saveState(page)).toHaveText('Saved');
  await page.getByRole('link', { name: 'View post' }).click();
  await expect(page.getByRole('heading', { name: 'Accessible post', level: 1 })).toBeVisible();
  found.push(...(await violations(page, 'post page')));
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Blog' }).click();
  await expect(page.getByRole('list', { name: 'Posts' })).toBeVisible();
  found.push(...(await violations(page, 'list')));
  expect(found).toEqual([]);
});

test('the list pages through 20 posts at a time and sorts by title', async ({ page }) => {
  test.setTimeout(90_000);
  const owner = await signIn(page);
  const sql = database();
  try {
    await sql`
      insert into blog_posts (project_id, title, slug, created_at)
      select p.id, 'Post ' || lpad(n::text, 2, '0'), 'post-' || n, now() - (n || ' minutes')::interval
      from projects p join project_members m on m.project_id = p.id and m.role = 'owner' join users u on u.id = m.user_id and u.email = ${owner.email},
           generate_series(1, 21) as n`;
  } finally {
    await sql.end();
  }
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Blog' }).click();
  const posts = page.getByRole('list', { name: 'Posts' }).getByRole('listitem');
  const pages = page.getByRole('navigation', { name: 'Pages' });
  await expect(pages).toContainText('Page 1 of 2 · 21 posts');
  await expect(posts).toHaveCount(20);
  await expect(posts.first()).toContainText('Post 01');
  await expect(pages.getByRole('button', { name: 'Previous' })).toBeDisabled();

  await pages.getByRole('button', { name: 'Next' }).click();
  await expect(pages).toContainText('Page 2 of 2 · 21 posts');
  await expect(posts).toHaveCount(1);
  await expect(posts.first()).toContainText('Post 21');
  await expect(pages.getByRole('button', { name: 'Next' })).toBeDisabled();

  await page.getByLabel('Sort by').selectOption({ label: 'Oldest first' });
  await expect(pages).toContainText('Page 1 of 2');
  await expect(posts.first()).toContainText('Post 21');
  await page.getByLabel('Sort by').selectOption({ label: 'Title (A–Z)' });
  await expect(posts.first()).toContainText('Post 01');
  await page.getByLabel('Search posts').fill('Post 2');
  await expect(pages).toContainText('Page 1 of 1 · 2 posts');
  await expect(posts).toHaveText([/Post 20/, /Post 21/]);
});

/** Schedules the post through the API as the signed-in user (tests/e2e/schedule.spec.ts drives the Schedule control). */
async function scheduleByApi(page: Page, id: string, at: Date): Promise<void> {
  const status = await page.evaluate(
    async ({ postId, when }) => {
      const headers = { authorization: `Bearer ${localStorage.getItem('inkpilot.token')}` };
      const post = await (await fetch(`/api/blogs/posts/post/${postId}`, { headers })).json();
      const answer = await fetch(`/api/blogs/posts/post/${postId}/schedule`, {
        method: 'POST',
        headers: { ...headers, 'content-type': 'application/json' },
        body: JSON.stringify({ at: when, version: post.version }),
      });
      return answer.status;
    },
    { postId: id, when: at.toISOString() },
  );
  expect(status).toBe(200);
}

test('a scheduled post reads as Scheduled with its time, and the editor publishes it now or unschedules it', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await signIn(page);
  const id = await newDraft(page);
  await page.getByLabel('Title', { exact: true }).fill('Spring menu');
  await expect(saveState(page)).toHaveText('Saved');
  const at = new Date(Date.now() + 2 * 86_400_000);
  await scheduleByApi(page, id, at);

  await page.reload();
  await expect(page.getByText('Scheduled', { exact: true })).toBeVisible();
  await expect(page.getByText(/^This post goes live on .+, with the changes you save before then\./)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Save changes' })).toBeDisabled();
  const found = await violations(page, 'editor of a scheduled post');
  await page.getByRole('link', { name: 'View post' }).click();
  await expect(page.getByRole('heading', { name: 'Spring menu', level: 1 })).toBeVisible();
  await expect(page.getByText(/^Goes live /)).toBeVisible();
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Blog' }).click();
  const posts = page.getByRole('list', { name: 'Posts' });
  await showStatus(page, 'Unpublished');
  await expect(posts.getByRole('link', { name: 'Spring menu', exact: true })).toBeVisible();
  await expect(posts.getByText('Scheduled', { exact: true })).toBeVisible();
  found.push(...(await violations(page, 'list with a scheduled post')));

  await posts.getByRole('link', { name: 'Edit Spring menu' }).click();
  await page.getByRole('button', { name: 'Unschedule' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Post unscheduled: it is a draft again.' })).toBeVisible();
  await expect(page.getByText('Draft', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Publish', exact: true })).toBeVisible();

  await scheduleByApi(page, id, at);
  await page.reload();
  await page.getByRole('button', { name: 'Publish now' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Post published.' })).toBeVisible();
  await expect(page.getByText('Published', { exact: true })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Unpublish' })).toBeVisible();
  expect(found).toEqual([]);
});
