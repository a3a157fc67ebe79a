import AxeBuilder from './support/axe.ts';
import { expect, test, type Page } from './support/test.ts';
import { signIn, uniqueEmail } from './support/auth.ts';

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

test('an admin impersonates a user, sees their projects, and "Logout as {name}" returns to the admin', async ({
  browser,
  baseURL,
}) => {
  // The user, in their own browser, makes a project only they can see.
  const userContext = await browser.newContext();
  const userPage = await userContext.newPage();
  const target = await signIn(userPage, { email: uniqueEmail('grace'), name: 'Grace Target' });
  await userPage.goto('/projects');
  await userPage.getByLabel('Project name').fill('Grace Garden');
  await userPage.getByRole('button', { name: 'Create Project' }).click();
  await expect(userPage.getByRole('listitem', { name: 'Grace Garden' })).toBeVisible();
  await userContext.close();

  const adminContext = await browser.newContext();
  await adminContext.addCookies([{ name: 'inkpilot.consent', value: 'granted', url: baseURL! }]);
  const page = await adminContext.newPage();
  await signIn(page, { email: 'admin@example.com', name: 'Admin User' });
  const projects = page.getByRole('combobox', { name: 'Project' });

  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('group', { name: 'Advanced' })
    .getByRole('link', { name: 'Users' })
    .click();
  await expect(page).toHaveURL(/\/admin\/users$/);
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window.dataLayer ?? [])
          .filter((entry) => entry.event === 'page_view')
          .map((entry) => `${entry.page_path} ${entry.user_role}`),
      ),
    )
    .toContain('/admin/users admin');

  await page.getByRole('searchbox', { name: 'Email or name' }).fill(target.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await expect(page.getByRole('listitem', { name: 'Grace Target' })).toContainText(target.email);
  expect(await axeViolations(page)).toEqual([]);
  await page.getByRole('button', { name: 'Impersonate Grace Target' }).click();

  await page.waitForURL('**/dashboard');
  const logoutAs = page.getByRole('button', { name: 'Logout as Grace Target' });
  await expect(logoutAs).toBeVisible();
  await expect(projects.getByRole('option', { name: 'Grace Garden' })).toBeAttached();
  await expect(page.getByRole('group', { name: 'Advanced' })).toHaveCount(0);
  await expect
    .poll(() =>
      page.evaluate(() =>
        (window.dataLayer ?? []).some((entry) => entry.event === 'page_view' && entry.user_role === 'user'),
      ),
    )
    .toBe(true);
  // The dashboard greets the impersonated user once their data has loaded; axe reads the page only then.
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome, Grace' })).toBeVisible();
  expect(await axeViolations(page)).toEqual([]);

  await logoutAs.click();

  await expect(page.getByRole('button', { name: /^Logout as/ })).toHaveCount(0);
  await expect(
    page.getByRole('navigation', { name: 'Workspace' }).getByRole('group', { name: 'Advanced' }),
  ).toBeVisible();
  await expect(projects.getByRole('option', { name: 'Untitled Project' })).toBeAttached();
  await expect(projects.getByRole('option', { name: 'Grace Garden' })).toHaveCount(0);
  await page.getByRole('button', { name: 'Account menu' }).click();
  await expect(page.getByRole('menu', { name: 'Account' })).toContainText('admin@example.com');
  await adminContext.close();
});

test('"Logout as {name}" with no original custom token stored signs out (spec §4)', async ({ browser }) => {
  const userContext = await browser.newContext();
  const target = await signIn(await userContext.newPage(), { email: uniqueEmail('ada'), name: 'Ada Target' });
  await userContext.close();
  const page = await browser.newPage();
  await signIn(page, { email: 'admin@example.com', name: 'Admin User' });
  await page.goto('/admin/users');
  await page.getByRole('searchbox', { name: 'Email or name' }).fill(target.email);
  await page.getByRole('button', { name: 'Search' }).click();
  await page.getByRole('button', { name: 'Impersonate Ada Target' }).click();
  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('button', { name: 'Logout as Ada Target' })).toBeVisible();

  await page.evaluate(() => localStorage.removeItem('inkpilot.originalToken'));
  await page.getByRole('button', { name: 'Logout as Ada Target' }).click();

  await page.waitForURL((url) => url.pathname === '/');
  expect(
    await page.evaluate(() => [localStorage.getItem('inkpilot.token'), localStorage.getItem('inkpilot.impersonator')]),
  ).toEqual([null, null]);
  await page.close();
});

for (const scheme of ['light', 'dark'] as const) {
  test(`the Usage page has no accessibility violations in the ${scheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signIn(page);
    await page.goto('/usage');
    await expect(page.getByRole('heading', { name: 'Free plan' })).toBeVisible();

    expect(await axeViolations(page)).toEqual([]);
  });
}

test('the Usage page shows a new account on Free with its bonus and six months as labelled bars', async ({ page }) => {
  await signIn(page);

  await page.getByRole('link', { name: 'Usage' }).click();

  await expect(page.getByRole('heading', { name: 'Free plan' })).toBeVisible();
  await expect(page.getByText('0 of 2 posts used this month')).toBeVisible();
  await expect(page.getByText('Sign-up bonus: 3 of 3 bonus posts left.')).toBeVisible();
  await expect(page.getByRole('list', { name: 'Last 6 months' }).getByRole('listitem')).toHaveCount(6);
  await expect(page.getByRole('link', { name: 'Upgrade plan' })).toHaveAttribute('href', '/pricing');
  await expect(page.getByRole('button', { name: 'Manage billing' })).toHaveCount(0);
});
