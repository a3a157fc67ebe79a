// The landing page's own sign-in (issue 24): with no Firebase project (the e2e server runs the Auth emulator), Join
// with Google in the header and the hero, and the SEO-audit form's sign-in, open the same local sign-in dialog as
// /signin, at desktop and phone sizes, and signing in through it lands on the dashboard.
import AxeBuilder from './support/axe.ts';
import { localChooser, uniqueEmail } from './support/auth.ts';
import { expect, test, type Page } from './support/test.ts';

const SIZES = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
];

async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

/** The header's Join with Google: in the bar on a wide screen, in the menu on a phone. */
async function headerJoin(page: Page, phone: boolean) {
  const banner = page.getByRole('banner');
  if (phone) {
    await banner.getByRole('button', { name: 'Menu' }).click();
    return banner.getByRole('dialog', { name: 'Menu' }).getByRole('button', { name: 'Join with Google' });
  }
  return banner.getByRole('button', { name: 'Join with Google' });
}

for (const size of SIZES) {
  test.describe(`at ${size.width}×${size.height}`, () => {
    test.use({ viewport: { width: size.width, height: size.height } });
    const phone = size.width < 1024;

    test('Join with Google in the header and the hero opens the local sign-in dialog, which closes with Cancel and Esc', async ({
      page,
    }) => {
      await page.goto('/');

      await (await headerJoin(page, phone)).click();
      const chooser = localChooser(page);
      await expect(chooser).toBeVisible();
      await expect(chooser.getByLabel('Email')).toBeVisible();
      await page.screenshot({ path: test.info().outputPath(`landing-signin-header-${size.name}.png`) });
      await expectNoAxeViolations(page);
      await chooser.getByRole('button', { name: 'Cancel' }).click();
      await expect(chooser).toHaveCount(0);
      expect(page.url()).toMatch(/\/$/);
      if (phone) await page.getByRole('button', { name: 'Close menu' }).click();

      await page.getByRole('main').getByRole('button', { name: 'Join with Google' }).click();
      await expect(chooser).toBeVisible();
      await page.keyboard.press('Escape');
      await expect(chooser).toHaveCount(0);

      // Once closed, it opens again (the sign-in is not left stuck half-way).
      await page.getByRole('main').getByRole('button', { name: 'Join with Google' }).click();
      await expect(chooser).toBeVisible();
    });

    test('the SEO-audit form analyses, then its sign-in opens the local dialog and signing in lands on the dashboard', async ({
      page,
    }) => {
      await page.goto('/');
      const form = page.getByRole('region', { name: 'Free SEO audit of your site' });

      await form.getByLabel('Your website URL').fill('https://example.com');
      await form.getByRole('button', { name: 'Analyze Now' }).click();
      await expect(form.getByRole('button', { name: 'Analyzing...' })).toBeDisabled();
      const chooser = localChooser(page);
      await expect(chooser).toBeVisible();
      await chooser.getByLabel('Email').fill(uniqueEmail('audit'));
      await chooser.getByLabel('Name').fill('Audit Ava');
      await chooser.getByRole('button', { name: 'Sign in locally' }).click();

      await page.waitForURL('**/dashboard');
      await expect(page.getByRole('heading', { name: 'Welcome, Audit' })).toBeVisible();
    });
  });
}
