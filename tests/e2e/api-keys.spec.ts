import { expect, test } from './support/test.ts';
import { signIn, uniqueEmail } from './support/auth.ts';

test('Settings → API Keys: refused on Free; on Scale creates a key shown once, lists it by prefix, and revokes it', async ({
  page,
  browser,
  request,
}) => {
  const user = await signIn(page, { email: uniqueEmail('keys'), name: 'Kay Keys' });
  await page.goto('/settings?tab=api-key');
  const panel = page.getByRole('tabpanel', { name: 'API Keys' });
  await panel.getByLabel('Key name').fill('Too early');
  await panel.getByRole('button', { name: 'Create key' }).click();
  await expect(panel.getByRole('alert')).toHaveText(
    'API keys are part of the Scale plan. Upgrade at /pricing to create one.',
  );

  // Offline there is no Stripe: an admin puts the account on Scale from the admin Users page.
  const adminPage = await browser.newPage();
  await signIn(adminPage, { email: 'admin@example.com', name: 'Admin User' });
  await adminPage.goto('/admin/users');
  await adminPage.getByRole('searchbox', { name: 'Email or name' }).fill(user.email);
  await adminPage.getByRole('button', { name: 'Search' }).click();
  const plan = adminPage.getByRole('combobox', { name: 'Plan of Kay Keys' });
  await plan.selectOption('scale');
  await expect(adminPage.getByRole('listitem', { name: 'Kay Keys' })).toContainText('Scale plan');
  await adminPage.close();
  await page.reload();

  await panel.getByRole('button', { name: 'Create key' }).click();
  await expect(panel.getByRole('alert')).toHaveText('Key name is required.');
  await panel.getByLabel('Key name').fill('Zapier');
  await panel.getByRole('button', { name: 'Create key' }).click();

  const secret = panel.getByLabel('New API key');
  await expect(secret).toHaveValue(/^ink_/);
  const key = await secret.inputValue();
  const row = panel.getByRole('row', { name: /Zapier/ });
  await expect(row).toContainText(`${key.slice(0, 12)}…`);
  await expect(panel).not.toContainText(key.slice(12));
  expect((await request.get('/api/users/me/', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(200);

  await panel.getByRole('button', { name: 'Done' }).click();
  await expect(secret).toHaveCount(0);
  await panel.getByRole('button', { name: 'Revoke Zapier' }).click();
  await expect(panel.getByText('No API keys yet.')).toBeVisible();
  expect((await request.get('/api/users/me/', { headers: { authorization: `Bearer ${key}` } })).status()).toBe(401);
});
