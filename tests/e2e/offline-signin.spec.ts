import { expect, test, type Page } from './support/test.ts';
import AxeBuilder from './support/axe.ts';
import { completeLocalSignIn, localChooser, selectedProject, uniqueEmail } from './support/auth.ts';

const LOOPBACK = new Set(['127.0.0.1', 'localhost', '[::1]']);

test('with every outside origin blocked, a new user signs in locally and lands on the dashboard', async ({
  context,
  page,
}) => {
  const outside: string[] = [];
  await context.route(
    (url) => !LOOPBACK.has(url.hostname),
    (route) => {
      outside.push(route.request().url());
      return route.abort('internetdisconnected');
    },
  );
  await page.goto('/signin');

  await completeLocalSignIn(page, { email: uniqueEmail('offline'), name: 'Offline Olive' });

  await page.waitForURL('**/dashboard');
  await expect(selectedProject(page, 'Untitled Project')).toBeAttached();
  await expect(page.getByRole('heading', { name: 'Welcome, Offline' })).toBeVisible();
  expect(outside).toEqual([]); // not even requested: no Google script, font or widget on the way
});

test('the same email signs in to the same user the next time, from another browser', async ({ browser, page }) => {
  const email = uniqueEmail('again');
  const userId = (p: Page) =>
    p.evaluate(
      () => (JSON.parse(localStorage.getItem('inkpilot.user') ?? 'null') as { id?: string } | null)?.id ?? null,
    );
  await page.goto('/signin');
  await completeLocalSignIn(page, { email, name: 'Repeat Rita' });
  await page.waitForURL('**/dashboard');
  const first = await userId(page);
  const other = await browser.newPage();

  await other.goto('/signin');
  await completeLocalSignIn(other, { email, name: 'Repeat Rita' });
  await other.waitForURL('**/dashboard');

  expect(first).toEqual(expect.any(String));
  await expect.poll(() => userId(other)).toBe(first);
  await other.close();
});

test('the open local chooser has no accessibility violations', async ({ page }) => {
  await page.goto('/signin');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  await expect(localChooser(page)).toBeVisible();

  const { violations } = await new AxeBuilder({ page }).analyze();

  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
});
