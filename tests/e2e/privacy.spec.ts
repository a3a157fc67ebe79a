// Issue 22, the privacy policy's promises in the browser: an owner deletes a project after typing its name (editors do
// not see the danger zone; the blog answers 404 after; the selection moves on, and a new "Untitled Project" comes when
// none is left), a user downloads their data as JSON, and a user deletes their account after typing their email and
// lands signed out on the public site. Each at 1366×768, the account deletion at 390×844 too; axe on every dialog.
// Issue 25: both dialogs say when a project's Search Console access is revoked at Google with it.
import AxeBuilder from './support/axe.ts';
import { readFile } from 'node:fs/promises';
import postgres from 'postgres';
import { completeLocalSignIn, selectedProject, signIn, uniqueEmail } from './support/auth.ts';
import { expect, test, type Page } from './support/test.ts';
import { renderPostHtml } from '../../api/services/posts/render.ts';

const port = Number(process.env.E2E_PORT ?? 4517);
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

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

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

async function noHorizontalOverflow(page: Page): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - document.documentElement.clientWidth))
    .toBeLessThanOrEqual(0);
}

/** Creates a project from the Projects page's form, as a user does; it becomes the selected one. */
async function createProject(page: Page, name: string): Promise<void> {
  await page.goto('/projects');
  await page.getByLabel('Project name').fill(name);
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(selectedProject(page, name)).toBeAttached();
}

/** The project's id and slug, and a published post on its blog (written as the editor stores one). */
async function publishPost(name: string, email: string): Promise<{ id: string; slug: string; post: string }> {
  const sql = database();
  try {
    const [project] = await sql<{ id: string; slug: string }[]>`
      select p.id, p.slug from projects p join project_members m on m.project_id = p.id join users u on u.id = m.user_id
      where u.email = ${email} and p.name = ${name}`;
    const post = `bread-${Date.now()}`;
    await sql`
      insert into blog_posts (project_id, title, slug, markdown, html, status, published_at)
      values (${project!.id}, 'Bread to delete', ${post}, 'Crumb.', ${await renderPostHtml('Crumb.')}, 'published', now())`;
    return { ...project!, post };
  } finally {
    await sql.end();
  }
}

test.describe('at 1366×768', () => {
  test.use({ viewport: DESKTOP });

  test('an owner deletes a project by typing its name; editors never see the danger zone; the blog is gone', async ({
    page,
    browser,
  }) => {
    const owner = await signIn(page, { name: 'Olive Owner' });
    const name = `Doomed Bakery ${Date.now()}`;
    await createProject(page, name);
    const project = await publishPost(name, owner.email);
    const blog = `http://${project.slug}.blogs.localhost:${port}/${project.post}`;
    const reader = await browser.newPage(); // a visitor of the blog (browsers resolve *.localhost; Node does not)
    expect((await reader.goto(blog))?.status()).toBe(200);
    // An editor of the same project sees its page without a danger zone.
    const editorContext = await browser.newContext({ viewport: DESKTOP });
    const editorPage = await editorContext.newPage();
    const editor = await signIn(editorPage, { name: 'Eddie Editor' });
    const sql = database();
    await sql`
      insert into project_members (project_id, user_id, role) select ${project.id}, id, 'editor' from users where email = ${editor.email}`;
    await sql.end();
    await editorPage.goto('/projects');
    await editorPage.getByRole('button', { name: `Select ${name}` }).click();
    await expect(selectedProject(editorPage, name)).toBeAttached();
    await expect(editorPage.getByRole('heading', { name: 'Blog address' })).toBeVisible();
    await expect(editorPage.getByRole('heading', { name: 'Danger zone' })).toHaveCount(0);
    await expect(editorPage.getByRole('button', { name: 'Delete project' })).toHaveCount(0);

    await page.bringToFront();
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: 'Danger zone' })).toBeVisible();
    await page.getByRole('button', { name: 'Delete project' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
    const confirm = dialog.getByRole('button', { name: 'Delete project' });
    const field = dialog.getByLabel(`Type ${name} to confirm`);
    await expect(field).toBeFocused();
    await expect(confirm).toBeDisabled();
    await field.fill(name.toUpperCase());
    await expect(confirm).toBeDisabled();
    expect(await axeViolations(page)).toEqual([]);
    await field.fill(name);
    await confirm.click();

    await expect(page.getByRole('status').filter({ hasText: `${name} deleted.` })).toBeVisible();
    await expect(dialog).toHaveCount(0);
    await expect(page.getByRole('listitem', { name })).toHaveCount(0);
    await expect(selectedProject(page, 'Untitled Project')).toBeAttached();
    // A new visitor (the first one's browser may keep its copy for the page's max-age of 60 s, as a CDN may).
    const visitor = await browser.newPage();
    expect((await visitor.goto(blog))?.status()).toBe(404);
    expect((await visitor.goto(`http://${project.slug}.blogs.localhost:${port}/`))?.status()).toBe(404);
    await Promise.all([reader.close(), visitor.close()]);
    // The editor's next look finds the project gone.
    await editorPage.reload();
    await expect(editorPage.getByRole('listitem', { name })).toHaveCount(0);
    await expect(selectedProject(editorPage, 'Untitled Project')).toBeAttached();
    await editorContext.close();

    // The last project goes too: a new Untitled Project takes its place, as for a new user.
    const [before] = await projectIds(owner.email);
    await page.getByRole('button', { name: 'Delete project' }).click();
    const last = page.getByRole('dialog', { name: 'Delete Untitled Project?' });
    await last.getByLabel('Type Untitled Project to confirm').fill('Untitled Project');
    await last.getByRole('button', { name: 'Delete project' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Untitled Project created!' })).toBeVisible();
    await expect(selectedProject(page, 'Untitled Project')).toBeAttached();
    await expect.poll(() => projectIds(owner.email)).toHaveLength(1);
    expect(await projectIds(owner.email)).not.toContain(before);
    expect(await axeViolations(page)).toEqual([]);
  });

  test('Cancel and Escape close the dialog and delete nothing', async ({ page }) => {
    await signIn(page);
    await page.goto('/projects');
    await page.getByRole('button', { name: 'Delete project' }).click();
    const dialog = page.getByRole('dialog', { name: 'Delete Untitled Project?' });
    await dialog.getByLabel('Type Untitled Project to confirm').fill('Untitled Project');
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    await page.getByRole('button', { name: 'Delete project' }).click();
    await expect(dialog).toBeVisible();
    await page.keyboard.press('Escape');

    await expect(dialog).toHaveCount(0);
    await page.reload();
    await expect(page.getByRole('listitem', { name: 'Untitled Project' })).toBeVisible();
  });

  test("the delete dialogs say a connected project's Search Console access is revoked at Google", async ({ page }) => {
    const account = await signIn(page, { name: 'Greta Grant' });
    const name = `Connected Mill ${Date.now()}`;
    await createProject(page, name);
    const { id } = await publishPost(name, account.email);
    // A stored connection (its token sealed elsewhere: the dialogs only ask whether there is one; nothing is deleted).
    const sql = database();
    await sql`
      insert into search_console_connections (project_id, refresh_token_sealed, scope)
      values (${id}, 'v1.sealed-elsewhere', 'https://www.googleapis.com/auth/webmasters')`;
    await sql.end();

    await page.goto('/projects');
    await page.getByRole('button', { name: 'Delete project' }).click();
    const dialog = page.getByRole('dialog', { name: `Delete ${name}?` });
    await expect(
      dialog.getByRole('listitem').filter({ hasText: 'its Search Console access, which is revoked at Google' }),
    ).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('delete-project-connected-1366.png') });
    await page.keyboard.press('Escape');
    await expect(dialog).toHaveCount(0);
    // The project without a connection says nothing of Search Console.
    await page.getByRole('button', { name: 'Select Untitled Project' }).click();
    await expect(selectedProject(page, 'Untitled Project')).toBeAttached();
    await page.getByRole('button', { name: 'Delete project' }).click();
    const plain = page.getByRole('dialog', { name: 'Delete Untitled Project?' });
    await expect(plain.getByRole('listitem').first()).toBeVisible();
    await expect(plain.getByRole('listitem').filter({ hasText: 'Search Console' })).toHaveCount(0);
    await page.keyboard.press('Escape');

    await page.goto('/settings');
    await page.getByRole('button', { name: 'Delete account' }).click();
    const deleted = page
      .getByRole('dialog', { name: 'Delete your account?' })
      .getByRole('list', { name: 'Projects deleted' });
    await expect(deleted.getByRole('listitem').filter({ hasText: name })).toContainText(
      'its Search Console access is revoked at Google',
    );
    await expect(deleted.getByRole('listitem').filter({ hasText: 'Untitled Project' })).not.toContainText(
      'Search Console',
    );
    expect(await axeViolations(page)).toEqual([]);
    await page.setViewportSize(PHONE);
    await noHorizontalOverflow(page);
    await page.screenshot({ path: test.info().outputPath('delete-account-connected-390.png') });
  });

  test('a user downloads their data as a JSON file from My Account', async ({ page }) => {
    const account = await signIn(page, { name: 'Dora Download' });
    const name = `Exported Garden ${Date.now()}`;
    await createProject(page, name);
    await publishPost(name, account.email);
    await page.goto('/settings');

    await expect(page.getByRole('heading', { name: 'Your data' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download my data' }).click(),
    ]);

    expect(download.suggestedFilename()).toMatch(/^inkpilot-export-\d{4}-\d{2}-\d{2}\.json$/);
    const data = JSON.parse(await readFile((await download.path())!, 'utf8'));
    expect(data.account).toMatchObject({ email: account.email, first_name: 'Dora', last_name: 'Download' });
    expect(data.projects.map((project: { name: string }) => project.name)).toEqual(['Untitled Project', name]);
    expect(data.projects[1].posts).toEqual([
      expect.objectContaining({ title: 'Bread to delete', markdown: 'Crumb.', status: 'published' }),
    ]);
    await expect(
      page.getByRole('status').filter({ hasText: `Downloaded ${download.suggestedFilename()}.` }),
    ).toBeVisible();
  });
});

for (const [label, viewport] of [
  ['1366×768', DESKTOP],
  ['390×844', PHONE],
] as const) {
  test.describe(`at ${label}`, () => {
    test.use({ viewport });

    test('a user deletes their account by typing their email and lands signed out on the public site', async ({
      page,
    }) => {
      const email = uniqueEmail('leaving');
      await signIn(page, { email, name: 'Lea Leaving' });
      const name = `Solo Notes ${Date.now()}`;
      await createProject(page, name);
      await page.goto('/settings');
      await page.getByRole('button', { name: 'Delete account' }).click();
      const dialog = page.getByRole('dialog', { name: 'Delete your account?' });
      const deleted = dialog.getByRole('list', { name: 'Projects deleted' });
      await expect(deleted.getByRole('listitem')).toHaveCount(2);
      await expect(deleted).toContainText(name);
      await expect(deleted).toContainText('Untitled Project');
      const confirm = dialog.getByRole('button', { name: 'Delete account' });
      await expect(confirm).toBeDisabled();
      await noHorizontalOverflow(page);
      expect(await axeViolations(page)).toEqual([]);
      await dialog.getByLabel(`Type ${email} to confirm`).fill(email.toUpperCase());

      await confirm.click();

      await page.waitForURL((url) => url.pathname === '/');
      expect(await page.evaluate(() => localStorage.getItem('inkpilot.token'))).toBeNull();
      await page.goto('/dashboard');
      await page.waitForURL((url) => url.pathname === '/');
      expect(await projectIds(email)).toEqual([]);
      // The same Google account may start again, as a new user with nothing of the old one.
      await page.goto('/signin');
      await completeLocalSignIn(page, { email, name: 'Lea Leaving' });
      await page.waitForURL('**/dashboard');
      await expect(selectedProject(page, 'Untitled Project')).toBeAttached();
      await page.goto('/projects');
      await expect(page.getByRole('listitem', { name })).toHaveCount(0);
      await noHorizontalOverflow(page);
    });
  });
}

/** The ids of the projects the user (by email) is a member of. */
async function projectIds(email: string): Promise<string[]> {
  const sql = database();
  try {
    const rows = await sql<{ id: string }[]>`
      select m.project_id as id from project_members m join users u on u.id = m.user_id where u.email = ${email}`;
    return rows.map((row) => row.id);
  } finally {
    await sql.end();
  }
}
