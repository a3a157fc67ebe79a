import { holdBack, hydrated } from './support/page-load.ts';
import { expect, test, type Page } from './support/test.ts';

const GENERIC = '/tools/local-seo-calculator';

async function answer(page: Page, option: string | RegExp) {
  await page.getByRole('radio', { name: option, exact: typeof option === 'string' }).check();
}

async function next(page: Page) {
  await page.getByRole('button', { name: 'Next' }).click();
}

test('the generic calculator asks four questions, business type first', async ({ page }) => {
  await page.goto(GENERIC);

  await expect(page.getByText('Question 1 of 4')).toBeVisible();
  await expect(page.getByText('25%')).toBeVisible();
  await expect(page.getByRole('group', { name: 'What type of business do you run?' })).toBeVisible();
});

test('an industry page asks three questions and never the business type', async ({ page }) => {
  await page.goto(`${GENERIC}/industry/healthcare`);

  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  await expect(page.getByText('33%')).toBeVisible();
  await expect(page.getByRole('group', { name: 'How large is the area you serve?' })).toBeVisible();
});

test('Back is disabled on the first step and Next until the step is answered', async ({ page }) => {
  await page.goto(`${GENERIC}/industry/retail`);
  const nextButton = page.getByRole('button', { name: 'Next' });
  await expect(nextButton).toBeDisabled();
  await expect(page.getByRole('button', { name: 'Back' })).toBeDisabled();

  await answer(page, 'Single city');

  await expect(nextButton).toBeEnabled();
});

test('an answer picked while the page is still loading is kept, and Next takes it', async ({ page }) => {
  const island = await holdBack(page, '**/_astro/Calculator.*.js');
  await page.goto(`${GENERIC}/industry/legal`, { waitUntil: 'domcontentloaded' });
  await answer(page, 'Single city');

  island.release();
  await hydrated(page);

  await expect(page.getByRole('radio', { name: 'Single city' })).toBeChecked();
  await next(page);
  await expect(page.getByText('Question 2 of 3')).toBeVisible();
});

test('Back returns to the previous question with its answer kept', async ({ page }) => {
  await page.goto(`${GENERIC}/industry/retail`);
  await answer(page, 'Metro area');
  await next(page);

  await page.getByRole('button', { name: 'Back' }).click();

  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Metro area' })).toBeChecked();
});

test('the four-step flow ends with Get My Analysis and shows the results', async ({ page }) => {
  await page.goto(GENERIC);
  await answer(page, /Restaurants/);
  await next(page);
  await answer(page, 'Single city');
  await next(page);
  await answer(page, 'A basic website');
  await next(page);
  await answer(page, 'Medium');

  await page.getByRole('button', { name: 'Get My Analysis' }).click();

  await expect(page.getByRole('heading', { name: 'Your Local SEO Analysis' })).toBeVisible();
  await expect(page.getByRole('img', { name: '12-month traffic projection' })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Recommendations' })).toBeVisible();
  await expect(page.getByText('Top Performers', { exact: true })).toBeVisible();
});

async function answerRetailSteps(page: Page) {
  await page.goto(`${GENERIC}/industry/retail`);
  await answer(page, 'Single city');
  await next(page);
  await answer(page, 'Some SEO work done');
  await next(page);
  await answer(page, 'High');
}

test('the submit button reads Analyzing... while the analysis runs', async ({ page }) => {
  const analysis = await holdBack(page, '**/_astro/analyze.*.js');
  await answerRetailSteps(page);

  await page.getByRole('button', { name: 'Get My Analysis' }).click();

  await expect(page.getByRole('button', { name: 'Analyzing...' })).toBeDisabled();
  analysis.release();
  await expect(page.getByRole('heading', { name: 'Your Local SEO Analysis' })).toBeVisible();
});

test('a failed analysis returns to the form silently', async ({ page }) => {
  await page.route('**/_astro/analyze.*.js', (route) => route.abort());
  await answerRetailSteps(page);

  await page.getByRole('button', { name: 'Get My Analysis' }).click();

  await expect(page.getByRole('button', { name: 'Get My Analysis' })).toBeEnabled();
  await expect(page.getByRole('radio', { name: 'High', exact: true })).toBeChecked();
  await expect(page.getByRole('alert')).toHaveCount(0);
});

test('reset clears the results and the answers', async ({ page }) => {
  await page.goto(`${GENERIC}/industry/legal`);
  await answer(page, 'Single city');
  await next(page);
  await answer(page, 'No website yet');
  await next(page);
  await answer(page, 'Low');
  await page.getByRole('button', { name: 'Get My Analysis' }).click();
  await expect(page.getByRole('heading', { name: 'Your Local SEO Analysis' })).toBeVisible();

  await page.getByRole('button', { name: 'Reset analysis' }).click();

  await expect(page.getByText('Question 1 of 3')).toBeVisible();
  await expect(page.getByRole('radio', { name: 'Single city' })).not.toBeChecked();
  await expect(page.getByRole('heading', { name: 'Your Local SEO Analysis' })).toHaveCount(0);
});

test("a country and industry page shows that country's insight content", async ({ page }) => {
  await page.goto(`${GENERIC}/healthcare/de`);

  const keywords = page.getByRole('table').filter({ has: page.getByRole('columnheader', { name: 'Keyword' }) });
  await expect(page.getByRole('heading', { name: 'Healthcare SEO Insights in Germany' })).toBeVisible();
  await expect(keywords.getByRole('cell', { name: 'Zahnarzt [Stadt]', exact: true })).toBeVisible();
  await expect(page.getByRole('heading', { name: 'Patient guides for Germany' })).toBeVisible();
});

test('a page without an industry prompts to select one', async ({ page }) => {
  await page.goto(`${GENERIC}/country/fr`);

  await expect(page.getByRole('heading', { name: 'Local SEO Best Practices' })).toBeVisible();
  await expect(page.getByRole('link', { name: /Restaurants/ }).first()).toHaveAttribute(
    'href',
    `${GENERIC}/restaurants/fr`,
  );
});

test('FAQ items open independently', async ({ page }) => {
  await page.goto(GENERIC);
  const first = page.getByText('What is local SEO?');
  const second = page.getByText('Is the calculator free?');

  await first.click();
  await second.click();

  await expect(page.getByText('Local SEO is the work that makes a business show up')).toBeVisible();
  await expect(page.getByText('Yes. It is free, needs no sign-up')).toBeVisible();
});

test('an unknown country code is a 404 page that links to the calculator', async ({ page }) => {
  const response = await page.goto(`${GENERIC}/healthcare/xx`);

  expect(response?.status()).toBe(404);
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByRole('main').getByRole('link', { name: 'Local SEO Calculator' })).toHaveAttribute(
    'href',
    GENERIC,
  );
});
