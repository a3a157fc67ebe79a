import { expect, test } from './support/test.ts';
import { signIn } from './support/auth.ts';

test('Settings → API Keys creates a key shown once, lists it by prefix, and revokes it', async ({ page, request }) => {
  await signIn(page);
  await page.goto('/settings?tab=api-key');
  const panel = page.getByRole('tabpanel', { name: 'API Keys' });

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
