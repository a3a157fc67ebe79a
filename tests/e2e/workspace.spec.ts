import { expect, test } from './support/test.ts';
import AxeBuilder from './support/axe.ts';
import { selectedProject, signIn } from './support/auth.ts';

test('a created project appears in the selector and becomes the selected one', async ({ page }) => {
  await signIn(page);
  await page.getByRole('link', { name: 'New' }).click();

  await page.getByLabel('Project name').fill('Launch Blog');
  await page.getByRole('button', { name: 'Create Project' }).click();

  await expect(selectedProject(page, 'Launch Blog')).toBeAttached();
  await expect(page.getByRole('listitem', { name: 'Launch Blog' })).toContainText('Owner');
});

test('a reload keeps the selected project', async ({ page }) => {
  await signIn(page);
  await page.goto('/projects');
  await page.getByLabel('Project name').fill('Second Site');
  await page.getByRole('button', { name: 'Create Project' }).click();
  await expect(selectedProject(page, 'Second Site')).toBeAttached();

  await page.reload();

  await expect(selectedProject(page, 'Second Site')).toBeAttached();
});

test('an empty project name is refused in the browser without calling the API', async ({ page }) => {
  await signIn(page);
  await page.goto('/projects');
  const posts: string[] = [];
  page.on('request', (request) => request.method() === 'POST' && posts.push(request.url()));

  await page.getByRole('button', { name: 'Create Project' }).click();

  await expect(page.getByRole('alert')).toHaveText('Project name is required.');
  expect(posts).toEqual([]);
});

test('Ctrl+B collapses the sidebar and the cookie keeps it collapsed after a reload', async ({ page, context }) => {
  await signIn(page);
  const toggle = page.getByRole('button', { name: 'Toggle sidebar' });
  await expect(toggle).toHaveAttribute('aria-expanded', 'true');

  await page.keyboard.press('Control+b');

  await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  await expect
    .poll(async () => (await context.cookies()).find((cookie) => cookie.name === 'sidebar_state')?.value)
    .toBe('false');
  await page.reload();
  await expect(page.getByRole('button', { name: 'Toggle sidebar' })).toHaveAttribute('aria-expanded', 'false');
});

test('a signed-out visit to /dashboard goes to the landing page', async ({ page }) => {
  await page.goto('/dashboard');

  await page.waitForURL((url) => url.pathname === '/');
});

test('logging out goes to / and a later /dashboard visit goes to / too', async ({ page }) => {
  await signIn(page);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'Log out' }).click();

  await page.waitForURL((url) => url.pathname === '/');
  await page.goto('/dashboard');
  await page.waitForURL((url) => url.pathname === '/');
});

test('an admin sees the Advanced group with Templates and a disabled CTA marked Coming Soon', async ({ page }) => {
  await signIn(page, { email: 'admin@example.com', name: 'Admin User' });

  const nav = page.getByRole('navigation', { name: 'Workspace' });
  const advanced = nav.getByRole('group', { name: 'Advanced' });

  await expect(advanced.getByRole('link', { name: 'Templates' })).toHaveAttribute('href', '/templates');
  await expect(advanced.getByRole('button', { name: 'CTA Coming Soon' })).toBeDisabled();
});

test('a user who is not an admin sees no Advanced group', async ({ page }) => {
  await signIn(page);

  const nav = page.getByRole('navigation', { name: 'Workspace' });

  await expect(nav.getByRole('link', { name: 'Usage' })).toBeVisible();
  await expect(nav.getByRole('group', { name: 'Advanced' })).toHaveCount(0);
  await expect(nav.getByRole('link', { name: 'Templates' })).toHaveCount(0);
});

test('the sidebar navigates without a page load and marks the current entry and breadcrumb', async ({ page }) => {
  await signIn(page);
  await page.evaluate(() => Object.assign(window, { samePage: true }));

  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Blog' }).click();

  await expect(page).toHaveURL(/\/blogs$/);
  await expect(page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Blog' })).toHaveAttribute(
    'aria-current',
    'page',
  );
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toContainText('All Blogs');
  expect(await page.evaluate(() => 'samePage' in window)).toBe(true);
});

test('the profile menu opens Settings on the API Keys tab', async ({ page }) => {
  await signIn(page);

  await page.getByRole('button', { name: 'Account menu' }).click();
  await page.getByRole('menuitem', { name: 'API Keys' }).click();

  await expect(page).toHaveURL(/\/settings\?tab=api-key$/);
  await expect(page.getByRole('tab', { name: 'API Keys' })).toHaveAttribute('aria-selected', 'true');
  await expect(
    page.getByRole('tabpanel', { name: 'API Keys' }).getByRole('button', { name: 'Create key' }),
  ).toBeVisible();
});

test('the profile menu works from the keyboard and Escape returns focus to its button', async ({ page }) => {
  await signIn(page);
  const button = page.getByRole('button', { name: 'Account menu' });
  await button.focus();

  await page.keyboard.press('Enter');
  await expect(page.getByRole('menuitem', { name: 'Profile' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(page.getByRole('menuitem', { name: 'API Keys' })).toBeFocused();
  await page.keyboard.press('Escape');

  await expect(page.getByRole('menu')).toHaveCount(0);
  await expect(button).toBeFocused();
});

test('under 768px the sidebar is a sheet that opens from the top bar and closes with Escape', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 800 });
  await signIn(page);
  await expect(page.getByRole('navigation', { name: 'Workspace' })).toBeHidden();

  await page.getByRole('button', { name: 'Toggle sidebar' }).click();

  const sheet = page.getByRole('dialog', { name: 'Navigation' });
  await expect(sheet.getByRole('link', { name: 'Calendar' })).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(sheet).toBeHidden();
});

test('the theme toggle switches to dark and the choice survives a reload', async ({ page }) => {
  await page.emulateMedia({ colorScheme: 'light' });
  await signIn(page);

  await page.getByRole('button', { name: 'Switch to dark theme' }).click();

  await expect(page.locator('html')).toHaveClass(/dark/);
  await page.reload();
  await expect(page.locator('html')).toHaveClass(/dark/);
  await expect(page.getByRole('button', { name: 'Switch to light theme' })).toBeVisible();
});

test('the breadcrumb names the current page after Dashboard', async ({ page }) => {
  await signIn(page);
  const crumbs = page.getByRole('navigation', { name: 'Breadcrumb' });
  const expected: [string, string][] = [
    ['/prompts', 'Prompts'],
    ['/templates', 'Workflow Templates'],
    ['/blogs/first-post', 'Blog Post'],
    ['/workflows/new', 'Workflows'],
    ['/calendar', 'Overview'],
  ];

  for (const [path, label] of expected) {
    await page.goto(path);
    await expect(crumbs.getByRole('listitem')).toHaveText(['Dashboard', label]);
  }
});

test('the CTA generator has no top bar', async ({ page }) => {
  await signIn(page);

  await page.goto('/cta-generator');

  await expect(page.getByRole('heading', { level: 1, name: 'CTA Generator' })).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Breadcrumb' })).toHaveCount(0);
  await expect(page.getByRole('combobox', { name: 'Project' })).toHaveCount(0);
});

test('a toast can be closed before it expires', async ({ page }) => {
  await signIn(page);
  const toast = page.getByRole('status').filter({ hasText: 'Untitled Project created!' });

  await toast.getByRole('button', { name: 'Close notification' }).click();

  await expect(toast).toHaveCount(0);
});

test('an expired stored token is refreshed silently and the calls are retried', async ({ page }) => {
  await signIn(page);
  await page.evaluate(() => localStorage.setItem('inkpilot.token', 'expired-token'));

  await page.reload();

  await expect(selectedProject(page, 'Untitled Project')).toBeAttached();
  await expect(page).toHaveURL(/\/dashboard$/);
});

test('a token refresh the network loses keeps the visitor signed in, says so, and Try again loads the projects', async ({
  page,
}) => {
  await signIn(page);
  const refresh = '**/securetoken.googleapis.com/**';
  await page.route(refresh, (route) => route.abort('internetdisconnected'));
  await page.evaluate(() => localStorage.setItem('inkpilot.token', 'expired-token'));
  const refreshTried = page.waitForRequest(refresh);

  await page.reload();
  await refreshTried;

  const failed = page.getByRole('alert').filter({ hasText: 'Your projects could not be loaded.' });
  await expect(failed).toBeVisible();
  await expect(page).toHaveURL(/\/dashboard$/);
  await expect(page.getByRole('region', { name: 'Get started' })).toHaveCount(0);
  await page.unroute(refresh);
  await failed.getByRole('button', { name: 'Try again' }).click();
  await expect(failed).toHaveCount(0);
  await expect(selectedProject(page, 'Untitled Project')).toBeAttached();
});

test('a stored token that can no longer be refreshed sends the visitor back to /', async ({ page }) => {
  await signIn(page);
  await page.evaluate(async () => {
    // Forget Firebase's own session (the dashboard has not opened its database) and spoil the API token.
    await new Promise((resolve) =>
      Object.assign(indexedDB.deleteDatabase('firebaseLocalStorageDb'), { onsuccess: resolve, onerror: resolve }),
    );
    for (const key of Object.keys(localStorage)) if (key.startsWith('firebase:')) localStorage.removeItem(key);
    localStorage.setItem('inkpilot.token', 'expired-token');
  });

  await page.reload();

  await page.waitForURL((url) => url.pathname === '/');
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the workspace shell has no accessibility violations in the ${scheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signIn(page);
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();

    const { violations } = await new AxeBuilder({ page }).analyze();

    expect(
      violations.map(
        (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
    ).toEqual([]);
  });
}
