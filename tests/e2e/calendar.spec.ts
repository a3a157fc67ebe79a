import AxeBuilder from '@axe-core/playwright';
import { expect, test, type Page } from './support/test.ts';
import { signIn } from './support/auth.ts';

const port = Number(process.env.E2E_PORT ?? 4517);
/** The loopback demo website of tests/fixtures/demo-site (started by tests/fixtures/start.mjs). */
const DEMO_SITE = `http://127.0.0.1:${port + 102}/`;

function wizard(page: Page) {
  return page.getByRole('region', { name: 'Get started' });
}

function toast(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text });
}

test('a new user launches the 30-day plan from onboarding, sees 30 entries, moves them by drag and keyboard and generates a post', async ({ page }) => {
  test.setTimeout(180_000);
  await signIn(page);
  await wizard(page).getByRole('button', { name: 'Continue' }).click();
  await wizard(page).getByLabel('Homepage URL').fill(DEMO_SITE);
  await wizard(page).getByRole('button', { name: 'Connect' }).click();
  await expect(wizard(page).getByRole('heading', { name: 'Plan your calendar' })).toBeVisible({ timeout: 60_000 });

  await wizard(page).getByRole('button', { name: 'Launch Your 30 days Empire' }).click();
  await expect(toast(page, 'Kicking off your 30-day content plan...')).toBeVisible();
  await expect(toast(page, 'Your 30-day plan is ready!')).toBeVisible({ timeout: 60_000 });
  await wizard(page).getByRole('link', { name: 'View Your 30-Day Plan' }).click();
  await page.waitForURL('**/calendar');

  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('list', { name: 'Planned posts' }).getByRole('article')).toHaveCount(30);
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Month' }).click();
  await expect(page.getByRole('grid', { name: 'Month' }).getByRole('article').first()).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(violations.map((violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`)).toEqual([]);

  // The plan starts tomorrow, so today's cell is empty: drag the first entry of the grid onto it.
  const grid = page.getByRole('grid', { name: 'Month' });
  const card = grid.getByRole('article').first();
  const title = (await card.getAttribute('aria-label'))!;
  const todayCell = grid.locator(`[role="gridcell"][data-date="${await page.evaluate(() => new Date().toLocaleDateString('en-CA'))}"]`);
  await card.dragTo(todayCell);
  await expect(toast(page, 'Moved to')).toBeVisible();
  await expect(todayCell.getByRole('article', { name: title })).toBeVisible();

  await page.reload();
  await expect(page.getByRole('grid', { name: 'Month' }).locator(`[role="gridcell"][data-date="${await page.evaluate(() => new Date().toLocaleDateString('en-CA'))}"]`).getByRole('article', { name: title })).toBeVisible();

  // The keyboard moves an entry too: Alt+ArrowRight is one day later.
  const other = page.getByRole('grid', { name: 'Month' }).getByRole('article').nth(1);
  const otherTitle = (await other.getAttribute('aria-label'))!;
  const otherDay = (await other.locator('xpath=ancestor::*[@role="gridcell"]').getAttribute('data-date'))!;
  const nextDay = new Date(Date.parse(`${otherDay}T00:00:00Z`) + 86_400_000).toISOString().slice(0, 10);
  await other.focus();
  await other.press('Alt+ArrowRight');
  await expect(page.locator(`[role="gridcell"][data-date="${nextDay}"]`).getByRole('article', { name: otherTitle })).toBeVisible();

  // Generate post: the entry starts a run, then links to its post.
  const moved = page.getByRole('article', { name: title });
  await moved.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Generate post' }).click();
  await expect(toast(page, 'Generating content...')).toBeVisible();
  const link = moved.getByRole('link', { name: 'Open post' });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expect(link).toHaveAttribute('href', /^\/dashboard\/blog\/edit\/[0-9a-f-]{36}$/);
  await expect(moved.getByText('Draft', { exact: true })).toBeVisible();
});
