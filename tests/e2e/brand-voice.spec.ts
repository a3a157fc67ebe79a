// Issue 24, brand voice from example articles: a new user gives three example articles on the onboarding's connect
// step, the Prompts page shows the measured voice and quotes from them, and the editor's voice match follows the
// post as it is written (close in that voice, far in a formal one). At 1366×768 and 390×844, with axe.
import AxeBuilder from './support/axe.ts';
import { signIn } from './support/auth.ts';
import { expect, test, type Page } from './support/test.ts';
import { markdownSource } from './support/editor.ts';

const port = Number(process.env.E2E_PORT ?? 4517);
/** The loopback demo website (tests/fixtures/demo-site, started by tests/fixtures/start.mjs) and its journal. */
const DEMO_SITE = `http://127.0.0.1:${port + 102}/`;
const ARTICLES = ['why-we-wait', 'crust-talk', 'starter-care'].map((slug) => `${DEMO_SITE}journal/${slug}`);
const DESKTOP = { width: 1366, height: 768 };
const PHONE = { width: 390, height: 844 };

const IN_THE_VOICE = `Shaping is where a lot of home bakers panic. Don't! Here's the thing: your dough already knows what to do. You just guide it.

## Start with a loose round

Tip the dough onto a clean bench. We use no flour at this stage, and you shouldn't either. Cup your hands and drag it towards you. Feel it tighten? That's the skin forming.

## Let it rest

Leave it for twenty minutes. Trust us, the gluten needs the break. Then flip it, fold the sides in and roll it up like a sleeping bag. Is it lopsided? That's fine. Low and slow in the fridge overnight, and it'll bake up beautifully.`;

const FORMAL = `The shaping of bread dough constitutes a critical stage in the production process, since the structural integrity of the final loaf depends substantially upon the tension that is developed in the outer surface of the dough during this operation. Consequently, it is recommended that the dough be transferred to an unfloured work surface, whereupon it should be rotated repeatedly in order to establish a taut exterior membrane.

Furthermore, a rest period of approximately twenty minutes is generally considered sufficient to permit the relaxation of the gluten network, after which the final shaping may be undertaken without significant risk of tearing, inasmuch as numerous variables influence the outcome.`;

async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((violation) => `${where} ${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`),
  ).toEqual([]);
}

async function expectNoHorizontalOverflow(page: Page, where: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: where })
    .toBeLessThanOrEqual(0);
}

/** The score the voice match shows ("72 / 100"). */
async function score(match: ReturnType<Page['getByRole']>): Promise<number> {
  const text = await match.getByText(/^\d+ \/ 100$/).textContent();
  return Number(text?.split(' ')[0]);
}

// A toast fading out is half transparent for 0.4 s, and axe judges the contrast of whatever it sees: a scan that met
// the brand task's "ready" toast leaving failed on color-contrast. With reduced motion a toast goes at once.
test.use({ contextOptions: { reducedMotion: 'reduce' } });

function wizard(page: Page) {
  return page.getByRole('region', { name: 'Get started' });
}

test('three example articles on the connect step: the Prompts page quotes them and the editor matches posts to them', async ({
  page,
}) => {
  test.setTimeout(420_000); // a whole brand task and five axe passes on a shared, busy machine
  await page.setViewportSize(DESKTOP);
  await signIn(page);
  await wizard(page).getByLabel('Project name').fill('Hearth & Crumb');
  await wizard(page).getByRole('button', { name: 'Continue' }).click();

  // The connect step: homepage and the optional group of up to three articles, each field checked.
  const articles = wizard(page).getByRole('group', { name: 'Example articles (up to 3)' });
  await wizard(page).getByLabel('Homepage URL').fill(DEMO_SITE);
  await articles.getByLabel('Example article 1').fill('not an address');
  await wizard(page).getByRole('button', { name: 'Connect' }).click();
  await expect(
    articles.getByText('Enter the full address of an article, like https://example.com/blog/post.'),
  ).toBeVisible();
  await expectNoAxeViolations(page, 'connect step');
  for (const [index, url] of ARTICLES.entries()) await articles.getByLabel(`Example article ${index + 1}`).fill(url);
  await wizard(page).getByRole('button', { name: 'Connect' }).click();
  await expect(wizard(page).getByRole('heading', { name: 'Plan your calendar' })).toBeVisible({ timeout: 60_000 });

  // Prompts: the measured voice in words and the quotes, each naming its article.
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Prompts' }).click();
  const voice = page.getByRole('region', { name: 'Voice from your example articles' });
  await expect(voice.getByText('Measured from 3 articles')).toBeVisible();
  await expect(voice.getByRole('list', { name: 'Measured voice' })).toContainText(
    'Person: writes as "we" and speaks to the reader as "you"',
  );
  const quotes = voice.getByRole('list', { name: 'Quotes from your articles' }).getByRole('listitem');
  await expect(quotes).toHaveCount(6);
  await expect(quotes.filter({ hasText: "Here's the thing" }).first()).toBeVisible();
  for (const title of ['Why we wait 36 hours (and why you should too)', 'Crust talk: how dark is too dark?']) {
    await expect(voice.getByRole('link', { name: title }).first()).toHaveAttribute('href', /\/journal\//);
  }
  const stored = page.getByRole('group', { name: 'Example articles (up to 3)' });
  await expect(stored.getByLabel('Example article 3')).toHaveValue(ARTICLES[2]!);
  await expectNoAxeViolations(page, 'prompts 1366');
  await page.setViewportSize(PHONE);
  await expect(voice.getByText('Measured from 3 articles')).toBeVisible();
  await expectNoHorizontalOverflow(page, 'prompts 390');
  await expectNoAxeViolations(page, 'prompts 390');
  await page.setViewportSize(DESKTOP);

  // The editor: the voice match follows the text.
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Blog' }).click();
  await page.getByRole('button', { name: 'New post' }).click();
  await page.waitForURL('**/dashboard/blog/edit/*');
  const match = page.getByRole('region', { name: 'Voice match' });
  await expect(match).toContainText('Write at least 50 words to compare this post with your voice');
  const content = await markdownSource(page);

  await content.fill(IN_THE_VOICE);

  await expect(match.getByText('Close to your voice')).toBeVisible();
  const findings = match.getByRole('list', { name: 'How this post compares with your examples' });
  await expect(findings).toContainText('Uses "we" like your examples.');
  await expect(findings).toContainText(
    'Uses phrases from your examples: "here\'s the thing", "low and slow", "trust us".',
  );
  const closeScore = await score(match);
  await expectNoAxeViolations(page, 'editor 1366');

  await content.fill(FORMAL);

  await expect(match.getByText('Far from your voice')).toBeVisible();
  await expect(findings).toContainText('Longer sentences than your examples');
  await expect(findings).toContainText('More formal than your examples');
  await expect(findings).toContainText('Does not use "we"; your examples do');
  expect(await score(match)).toBeLessThan(closeScore);
  await page.setViewportSize(PHONE);
  await expect(match.getByText('Far from your voice')).toBeVisible();
  await expectNoHorizontalOverflow(page, 'editor 390');
  await expectNoAxeViolations(page, 'editor 390');

  // Prompts → Example articles: other addresses are stored and the voice is analysed again from them.
  await page.setViewportSize(DESKTOP);
  await page.goto('/prompts');
  await stored.getByLabel('Example article 1').fill(ARTICLES[1]!);
  await stored.getByLabel('Example article 2').fill(ARTICLES[2]!);
  await stored.getByLabel('Example article 3').fill('');
  await page.getByRole('button', { name: 'Analyse again' }).click();
  await expect(voice.getByText('Measured from 2 articles')).toBeVisible({ timeout: 60_000 });
  await expect(voice.getByRole('link', { name: 'Why we wait 36 hours (and why you should too)' })).toHaveCount(0);
  await page.reload();
  await expect(stored.getByLabel('Example article 1')).toHaveValue(ARTICLES[1]!);
  await expect(stored.getByLabel('Example article 3')).toHaveValue('');
  await expect(voice.getByText('Measured from 2 articles')).toBeVisible();
});

test('without example articles the voice match says how to add them, and links to Prompts', async ({ page }) => {
  await page.setViewportSize(PHONE);
  await signIn(page);
  await page.goto('/blogs');
  await page.getByRole('button', { name: 'New post' }).click();
  await page.waitForURL('**/dashboard/blog/edit/*');
  const match = page.getByRole('region', { name: 'Voice match' });

  await expect(match).toContainText('Add up to 3 example articles in your voice');
  await match.getByRole('link', { name: 'Add example articles on Prompts' }).click();

  await page.waitForURL('**/prompts');
  await expect(page.getByRole('region', { name: 'Example articles', exact: true })).toContainText(
    'Connect your website first',
  );
  await expectNoHorizontalOverflow(page, 'prompts without a website 390');
  await expectNoAxeViolations(page, 'prompts without a website 390');
});
