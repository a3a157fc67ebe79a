import AxeBuilder from './support/axe.ts';
import { expect, test, type Page } from './support/test.ts';
import { completeLocalSignIn, selectedProject, signIn, uniqueEmail } from './support/auth.ts';

test('an owner invites a second user as viewer; the viewer joins through the link and sees no write actions', async ({
  page,
  browser,
  context,
}) => {
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await signIn(page, { name: 'Olivia Owner' });
  await page.goto('/projects');

  await page.getByRole('button', { name: 'Invite people' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite to project' });
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('alert').filter({ hasText: 'Please generate an invite link first.' })).toBeVisible();
  await expect(dialog.getByLabel('Role')).toHaveValue('viewer');
  await dialog.getByRole('button', { name: 'Generate link' }).click();
  const field = dialog.getByLabel('Invite link');
  // A signed token: invite id, project id, role, expiry, secret part, signature.
  await expect(field).toHaveValue(
    /\/invite\/[0-9a-f-]{36}\.[0-9a-f-]{36}\.viewer\.\d+\.[A-Za-z0-9_-]{43}\.[A-Za-z0-9_-]{43}$/,
  );
  await expect(field).toHaveAttribute('readonly', '');
  await dialog.getByRole('button', { name: 'Copy' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Invite link copied to clipboard!' })).toBeVisible();
  const link = await field.inputValue();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(link);
  await dialog.getByRole('button', { name: 'Close' }).click();
  await expect(dialog).toBeHidden();

  // The owner writes: a post on the Blog list, an entry on the Calendar; the Workflows page offers a run.
  await page.goto('/blogs');
  await page.getByRole('button', { name: 'New post' }).click();
  await page.waitForURL('**/dashboard/blog/edit/*');
  await page.goto('/calendar');
  await page.getByRole('button', { name: 'Add entry' }).click();
  await page.getByRole('form', { name: 'Add entry' }).getByLabel('Title').fill('Viewer check');
  await page.getByRole('form', { name: 'Add entry' }).getByRole('button', { name: 'Add entry' }).click();
  await expect(page.getByRole('button', { name: 'Actions for Viewer check' })).toBeVisible();
  await page.goto('/workflows');
  await expect(page.getByRole('button', { name: 'Run default workflow' })).toBeVisible();

  // The second user opens the link signed out: sign in first, then back to the link, which joins them.
  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto(link);
  await guest.getByRole('link', { name: 'Sign in to accept the invite' }).click();
  await completeLocalSignIn(guest, { email: uniqueEmail('viewer'), name: 'Victor Viewer' });
  await guest.waitForURL('**/dashboard');
  await expect(selectedProject(guest, 'Untitled Project')).toBeAttached();

  await expect(guest.getByRole('complementary', { name: 'Connect Website' })).toHaveCount(0);
  await guest.goto('/prompts');
  await expect(guest.getByRole('heading', { name: 'Prompts', level: 1 })).toBeVisible();
  await expect(guest.getByRole('button', { name: 'New style guide' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Connect Website' })).toHaveCount(0);
  await guest.goto('/projects');
  await expect(guest.getByRole('listitem', { name: 'Untitled Project' })).toContainText('Viewer');
  await expect(guest.getByRole('button', { name: 'Invite people' })).toHaveCount(0);
  await expect(guest.getByRole('heading', { name: /^Members of/ })).toHaveCount(0);

  // The Blog list, Calendar and Workflows show the owner's work with no way to change it.
  await guest.goto('/blogs');
  await expect(guest.getByRole('list', { name: 'Posts' }).getByRole('listitem')).toHaveCount(1);
  await expect(guest.getByRole('button', { name: 'New post' })).toHaveCount(0);
  await expect(guest.getByRole('link', { name: /^Edit / })).toHaveCount(0);
  await guest.goto('/calendar');
  await expect(guest.getByRole('article', { name: 'Viewer check' })).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Actions for Viewer check' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Add entry' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Plan the next 30 days' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Save autopilot' })).toHaveCount(0);
  await expect(guest.getByRole('checkbox', { name: /^Generate each planned entry/ })).toBeDisabled();
  await guest.goto('/workflows');
  await expect(guest.getByRole('heading', { name: 'No workflows yet' })).toBeVisible();
  await expect(guest.getByRole('button', { name: 'Run default workflow' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: 'Create workflow' })).toHaveCount(0);
  await expect(guest.getByRole('button', { name: /^Use template / })).toHaveCount(0);

  // The owner sees the viewer among the members; the used link is no longer open.
  await page.goto('/projects');
  await expect(page.getByRole('listitem', { name: 'Victor Viewer' }).getByLabel('Role of Victor Viewer')).toHaveValue(
    'viewer',
  );
  await expect(page.getByText('No open invite links.')).toBeVisible();
  await guestContext.close();
});

test('an owner revokes an invite link and it no longer opens the project', async ({ page, browser }) => {
  await signIn(page);
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Invite people' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite to project' });
  await dialog.getByRole('button', { name: 'Generate link' }).click();
  await expect(dialog.getByLabel('Invite link')).toHaveValue(/\/invite\//);
  const link = await dialog.getByLabel('Invite link').inputValue();
  await dialog.getByRole('button', { name: 'Close' }).click();

  await page.getByRole('button', { name: /^Revoke Viewer link/ }).click();
  await expect(page.getByText('No open invite links.')).toBeVisible();

  const guestContext = await browser.newContext();
  const guest = await guestContext.newPage();
  await guest.goto('/signin');
  await completeLocalSignIn(guest, { email: uniqueEmail('late'), name: 'Late Guest' });
  await guest.waitForURL('**/dashboard');
  await guest.goto(link);
  await expect(guest.getByRole('alert')).toHaveText('This invite link has been revoked.');
  await guestContext.close();
});

test('removing an owner revokes the links they made: they cannot come back through one', async ({ page, browser }) => {
  await signIn(page, { name: 'Olivia Owner' });
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Invite people' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite to project' });
  await dialog.getByLabel('Role').selectOption('owner');
  await dialog.getByRole('button', { name: 'Generate link' }).click();
  await expect(dialog.getByLabel('Invite link')).toHaveValue(/\.owner\./);
  const ownerLink = await dialog.getByLabel('Invite link').inputValue();
  await dialog.getByRole('button', { name: 'Close' }).click();

  // A second owner joins and makes a link of their own, which the first owner sees among the open links.
  const secondContext = await browser.newContext();
  const second = await secondContext.newPage();
  await second.goto('/signin');
  await completeLocalSignIn(second, { email: uniqueEmail('second'), name: 'Sam Second' });
  await second.waitForURL('**/dashboard');
  await second.goto(ownerLink);
  await second.waitForURL('**/dashboard');
  await second.goto('/projects');
  await expect(second.getByRole('heading', { name: 'Members of Untitled Project' })).toBeVisible();
  await second.getByRole('button', { name: 'Invite people' }).click();
  const secondDialog = second.getByRole('dialog', { name: 'Invite to project' });
  await secondDialog.getByLabel('Role').selectOption('owner');
  await secondDialog.getByRole('button', { name: 'Generate link' }).click();
  await expect(secondDialog.getByLabel('Invite link')).toHaveValue(/\/invite\//);
  const keptLink = await secondDialog.getByLabel('Invite link').inputValue();
  await page.reload();
  await expect(page.getByRole('button', { name: /^Revoke Owner link/ })).toHaveCount(1);

  await page.getByRole('listitem', { name: 'Sam Second' }).getByRole('button', { name: 'Remove' }).click();

  await expect(page.getByRole('listitem', { name: 'Sam Second' })).toHaveCount(0);
  await expect(page.getByText('No open invite links.')).toBeVisible();
  await second.goto(keptLink);
  await expect(second.getByRole('alert')).toHaveText('This invite link has been revoked.');
  await secondContext.close();
});

test('a copy the browser refuses says so', async ({ page }) => {
  await page.addInitScript(() => {
    Object.defineProperty(navigator, 'clipboard', { value: { writeText: () => Promise.reject(new Error('denied')) } });
  });
  await signIn(page);
  await page.goto('/projects');
  await page.getByRole('button', { name: 'Invite people' }).click();
  const dialog = page.getByRole('dialog', { name: 'Invite to project' });
  await dialog.getByRole('button', { name: 'Generate link' }).click();
  await expect(dialog.getByLabel('Invite link')).toHaveValue(/\/invite\//);

  await dialog.getByRole('button', { name: 'Copy' }).click();

  await expect(page.getByRole('alert').filter({ hasText: 'Failed to copy link.' })).toBeVisible();
});

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

for (const scheme of ['light', 'dark'] as const) {
  test(`the members screen, invite dialog, API keys tab, accept page and API reference have no accessibility violations (${scheme})`, async ({
    page,
    browser,
  }) => {
    await page.emulateMedia({ colorScheme: scheme });
    await signIn(page);
    await page.goto('/projects');
    await expect(page.getByRole('heading', { name: /^Members of/ })).toBeVisible();
    await expect(page.getByText('No open invite links.')).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.getByRole('button', { name: 'Invite people' }).click();
    await expect(page.getByRole('dialog', { name: 'Invite to project' })).toBeVisible();
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/settings?tab=api-key');
    await page.getByLabel('Key name').fill('Audit');
    await page.getByRole('button', { name: 'Create key' }).click();
    // A new account is on Free: the tab explains that keys come with Scale (api-keys.spec.ts covers a created key).
    await expect(page.getByRole('tabpanel', { name: 'API Keys' }).getByRole('alert')).toHaveText(
      'API keys are part of the Scale plan. Upgrade at /pricing to create one.',
    );
    expect(await axeViolations(page)).toEqual([]);

    const visitor = await browser.newContext({ colorScheme: scheme });
    const signedOut = await visitor.newPage();
    await signedOut.goto('/invite/some-token');
    await expect(signedOut.getByRole('link', { name: 'Sign in to accept the invite' })).toHaveAttribute(
      'href',
      '/signin?next=%2Finvite%2Fsome-token',
    );
    expect(await axeViolations(signedOut)).toEqual([]);
    await signedOut.goto('/docs/api');
    await expect(signedOut.getByRole('heading', { name: 'API reference', level: 1 })).toBeVisible();
    expect(await axeViolations(signedOut)).toEqual([]);
    await visitor.close();
  });
}
