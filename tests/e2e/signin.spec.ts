import { expect, test } from './support/test.ts';
import AxeBuilder from './support/axe.ts';
import { completeLocalSignIn, localChooser, selectedProject, uniqueEmail } from './support/auth.ts';

test('signing in through the local account chooser lands on the dashboard with an Untitled Project selected', async ({
  page,
}) => {
  await page.goto('/signin');

  await completeLocalSignIn(page, { email: uniqueEmail(), name: 'Grace Hopper' });

  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Grace' })).toBeVisible();
  await expect(selectedProject(page, 'Untitled Project')).toBeAttached();
  await expect(page.getByRole('status').filter({ hasText: 'Untitled Project created!' })).toBeVisible();
});

test('signing up shows the busy label while the local chooser is open', async ({ page }) => {
  await page.goto('/signup');

  await page.getByRole('button', { name: 'Continue with Google' }).click();

  await expect(localChooser(page)).toBeVisible();
  await expect(page.getByRole('button', { name: 'Creating your account...', includeHidden: true })).toBeDisabled();
});

test('closing the local chooser with Escape resets the button so the visitor can retry', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(localChooser(page)).toBeVisible();

  await page.keyboard.press('Escape');

  await expect(localChooser(page)).toBeHidden();
  await expect(page.getByRole('button', { name: 'Continue with Google' })).toBeEnabled();
  await expect(page).toHaveURL(/\/signin$/);
});

test('the local chooser works from the keyboard alone and says what it is', async ({ page }) => {
  const email = uniqueEmail('keys');
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Continue with Google' }).focus();

  await page.keyboard.press('Enter');
  const chooser = localChooser(page);
  await expect(chooser.getByLabel('Email')).toBeFocused();
  await expect(chooser).toHaveAccessibleDescription(/No Firebase project is configured/);
  await page.keyboard.type(email);
  await page.keyboard.press('Tab');
  await page.keyboard.type('Katherine Johnson');
  await page.keyboard.press('Enter');

  await page.waitForURL('**/dashboard');
  await expect(page.getByRole('heading', { name: 'Welcome, Katherine' })).toBeVisible();
});

test('a signed-in visitor opening /signin goes to the dashboard', async ({ page }) => {
  await page.goto('/signin');
  await completeLocalSignIn(page, { email: uniqueEmail(), name: 'Alan Turing' });
  await page.waitForURL('**/dashboard');

  await page.goto('/signin');

  await page.waitForURL('**/dashboard');
});

test('sign-in and sign-up pages link to each other and to the legal pages', async ({ page }) => {
  await page.goto('/signup');

  // the page's own legal links (the consent banner links the privacy policy too)
  await expect(page.getByRole('main').getByRole('link', { name: 'Terms of Service' })).toHaveAttribute(
    'href',
    '/terms',
  );
  await expect(page.getByRole('main').getByRole('link', { name: 'Privacy Policy' })).toHaveAttribute(
    'href',
    '/privacy',
  );
  await page.getByRole('link', { name: 'Sign in' }).click();
  await expect(page.getByRole('heading', { level: 1, name: 'Welcome back' })).toBeVisible();
  await expect(page.getByRole('link', { name: 'Sign up' })).toHaveAttribute('href', '/signup');
  await expect(page.getByRole('list').getByRole('listitem')).toHaveText([
    'Continue your projects',
    'View your analytics',
    'Create new content',
    'Manage your settings',
  ]);
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
      found.push(
        ...violations.map(
          (violation) => `${path} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
        ),
      );
    }

    expect(found).toEqual([]);
  });
}
