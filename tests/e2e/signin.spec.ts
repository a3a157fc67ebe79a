import { expect, test } from './support/test.ts';
import AxeBuilder from '@axe-core/playwright';
import { prepareOfflineSignIn, completeGooglePopup, selectedProject, uniqueEmail } from './support/auth.ts';

test('signing in through the Google popup lands on the dashboard with an Untitled Project selected', async ({ page }) => {
  await page.goto('/signin');

  await completeGooglePopup(page, { email: uniqueEmail(), name: 'Grace Hopper' });

  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Grace' })).toBeVisible();
  await expect(selectedProject(page, 'Untitled Project')).toBeAttached();
  await expect(page.getByRole('status').filter({ hasText: 'Untitled Project created!' })).toBeVisible();
});

test('signing up shows the busy label while the popup is open', async ({ page }) => {
  await prepareOfflineSignIn(page.context());
  await page.goto('/signup');

  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await popupOpened;

  await expect(page.getByRole('button', { name: 'Creating your account...' })).toBeDisabled();
});

test('closing the popup resets the button so the visitor can retry', async ({ page }) => {
  await prepareOfflineSignIn(page.context());
  await page.goto('/signin');
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;
  await expect(page.getByRole('button', { name: 'Signing in...' })).toBeDisabled();

  await popup.close();

  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled({ timeout: 20_000 });
  await expect(page).toHaveURL(/\/signin$/);
});

test('a signed-in visitor opening /signin goes to the dashboard', async ({ page }) => {
  await page.goto('/signin');
  await completeGooglePopup(page, { email: uniqueEmail(), name: 'Alan Turing' });
  await page.waitForURL('**/dashboard');

  await page.goto('/signin');

  await page.waitForURL('**/dashboard');
});

test('sign-in and sign-up pages link to each other and to the legal pages', async ({ page }) => {
  await page.goto('/signup');

  await expect(page.getByRole('link', { name: 'Terms of Service' })).toHaveAttribute('href', '/terms');
  await expect(page.getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute('href', '/privacy');
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('list').getByRole('listitem')).toHaveText(['Continue your projects', 'View your analytics', 'Create new content', 'Manage your settings']);
  await expect(page.locator('meta[name="robots"]')).toHaveAttribute('content', /noindex/);
});

for (const scheme of ['light', 'dark'] as const) {
  test(`sign-in and sign-up have no accessibility violations in the ${scheme} theme`, async ({ page }) => {
    await page.emulateMedia({ colorScheme: scheme });
    const found: string[] = [];

    for (const path of ['/signin', '/signup']) {
      await page.goto(path);
      await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeVisible();
      const { violations } = await new AxeBuilder({ page }).analyze();
      found.push(...violations.map((violation) => `${path} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`));
    }

    expect(found).toEqual([]);
  });
}
