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

test('a new user launches the 30-day plan from onboarding, sees 30 entries and drags one to another day', async ({ page }) => {
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

  // The menu moves an entry too (the keyboard way): one day later.
  const moved = page.getByRole('article', { name: title });
  await moved.getByRole('button', { name: `Actions for ${title}` }).click();
  await page.getByRole('menuitem', { name: 'Move to another day' }).click();
  const form = page.getByRole('form', { name: `Move ${title}` });
  await expect(form.getByLabel(/Move/)).toBeFocused();
});
