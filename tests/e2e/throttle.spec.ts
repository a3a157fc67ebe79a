import { expect, test } from './support/test.ts';
import { signIn } from './support/auth.ts';

// Costly calls are throttled (issue 22): past the hour's style guide generations, the Prompts form says so and when
// to try again, and no guide is added.
test('the 11th style guide generation in an hour is refused with when to try again', async ({ page }) => {
  await signIn(page);
  await page.goto('/prompts');
  const token = await page.evaluate(() => localStorage.getItem('inkpilot.token'));
  const projectId = await page.evaluate(() => localStorage.getItem('inkpilot.projectId'));
  // Ten generations, as a script (or a stuck button) would send them.
  for (let i = 0; i < 10; i++) {
    const answer = await page.request.post('/api/prompts/generate-and-save-guide', {
      headers: { authorization: `Bearer ${token}` },
      multipart: {
        project_id: projectId ?? '',
        use_brand_context: 'false',
        brand_context_text: 'We sell hand-made oak furniture.',
        user_keywords_json: '[]',
      },
    });
    expect(answer.status()).toBe(201);
  }
  await page.reload();
  await expect(page.getByRole('navigation', { name: 'Style guides' }).getByRole('button')).toHaveCount(10);

  await page.getByRole('button', { name: 'New style guide' }).click();
  await page.getByLabel('Brand context').fill('We sell hand-made oak furniture to people who love quiet homes.');
  await page.getByRole('button', { name: 'Generate guide' }).click();

  await expect(
    page.getByText(/^You have started too many style guide generations in the last hour\. Try again in \d+ minutes\.$/),
  ).toBeVisible();
  await expect(page.getByRole('navigation', { name: 'Style guides' }).getByRole('button')).toHaveCount(10);
});
