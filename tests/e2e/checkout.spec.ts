import AxeBuilder from './support/axe.ts';
import { expect, test } from './support/test.ts';
import { signIn, uniqueEmail } from './support/auth.ts';

// Buying a plan (issue 22): the pricing cards' buttons ask the server for a Checkout session made for the signed-in
// account, the browser goes to (the fake) Stripe's checkout page, pays, and comes back to Usage on the new plan.
test('a signed-in user buys Pro from the pricing page and comes back to Usage on the Pro plan', async ({ page }) => {
  await signIn(page, { email: uniqueEmail('buyer'), name: 'Bea Buyer' });
  await page.goto('/pricing');
  const pro = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Pro', level: 3 }) });
  const scale = page.getByRole('listitem').filter({ has: page.getByRole('heading', { name: 'Scale', level: 3 }) });
  await expect(pro.getByRole('button', { name: 'Get Pro' })).toBeEnabled();
  await expect(page.getByText('Loading payment options...')).toHaveCount(0);
  await expect(page.getByRole('link', { name: 'Start for Free' })).toHaveAttribute('href', '/dashboard');

  // Scale is sold monthly only on this server: its annual button says so.
  await page.getByRole('button', { name: 'Annually' }).click();
  await expect(scale.getByRole('button', { name: 'Not available for this billing period' })).toBeDisabled();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
  await page.getByRole('button', { name: 'Monthly' }).click();
  await expect(scale.getByRole('button', { name: 'Get Scale' })).toBeEnabled();

  await pro.getByRole('button', { name: 'Get Pro' }).click();
  await expect(page.getByRole('heading', { name: 'Fake Stripe Checkout' })).toBeVisible();
  await expect(page.getByText(/Subscribe to price_pro_monthly as buyer-/)).toBeVisible();
  await page.getByRole('button', { name: 'Subscribe' }).click();

  await page.waitForURL('**/usage?checkout=success');
  await expect(page.getByRole('status').filter({ hasText: 'Thank you! Your payment went through' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Pro plan' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Manage billing' })).toBeVisible();

  // Paying once is enough: a second checkout is refused with what to do instead.
  await page.goto('/pricing');
  await page.getByRole('button', { name: 'Get Starter' }).click();
  await expect(page.getByRole('alert')).toHaveText(
    'You already have a subscription. Change or cancel it with Manage billing on /usage.',
  );
  await expect(page.getByRole('button', { name: 'Get Starter' })).toBeEnabled();
});

test('the signed-in pricing cards fit a phone screen', async ({ page }) => {
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, { email: uniqueEmail('phone'), name: 'Pia Phone' });

  await page.goto('/pricing');

  await expect(page.getByRole('button', { name: 'Get Pro' })).toBeVisible();
  await expect.poll(() => page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(390);
});
