import { expect, test } from './support/test.ts';

test('the site and the API are served from one port', async ({ page, request }) => {
  const health = await request.get('/api/health');

  await page.goto('/');

  expect(await health.json()).toEqual({ status: 'ok' });
  await expect(page).toHaveTitle(/Inkpilot/);
});
