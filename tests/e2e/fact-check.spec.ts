// Issue 27, research with checked claims, in the editor: a model (the fake AI) writes a post that cites the demo
// bakery's About page for a figure the page does not have (40 bakers; the page says twelve), quotes the page word for
// word, and states a number with no source. While it writes, the run view shows the parts written so far and their
// words (the conclusion is held at the fake to look). The editor marks each claim in the preview with its state
// (colour, icon and a word, never the colour alone) and lists them beside the source passages; pressing a claim shows
// it in the preview. A second app process runs beside the browser-test server with the fake AI and a fake search
// configured (its own job queues, tests/e2e/support/app-beside.ts), as production runs several. At 1366×768 and
// 390×844, with axe.
import AxeBuilder from './support/axe.ts';
import { FAKE_AI_KEY, FAKE_AI_MODEL, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { startFakeSearch } from '../fixtures/fake-search/server.mjs';
import { type AppBeside, startAppBeside } from './support/app-beside.ts';
import { completeLocalSignIn, uniqueEmail } from './support/auth.ts';
import { expect, test, type Page } from './support/test.ts';

const port = Number(process.env.E2E_PORT ?? 4517);
const ABOUT = `http://127.0.0.1:${port + 102}/about`;
const TOPIC = 'Who bakes our bread';

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

const asks = (body: any, text: string) =>
  (body.messages ?? []).some((message: any) => String(message.content).includes(text));

let ai: Awaited<ReturnType<typeof startFakeAi>>;
let search: Awaited<ReturnType<typeof startFakeSearch>>;
let app: AppBeside;
let origin: string;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ai = await startFakeAi();
  search = await startFakeSearch();
  search.results([{ title: 'About Hearth & Crumb', url: ABOUT, content: 'Two friends and a wood-fired oven.' }]);
  ai.answer((body: any) => asks(body, `Topic: ${TOPIC}`) && asks(body, 'Plan at most'), {
    content: JSON.stringify({ outline: { title: TOPIC, sections: [{ heading: 'The bakers', points: [] }] } }),
  });
  ai.answer((body: any) => asks(body, 'You write one part of a blog post') && asks(body, 'Section: The bakers\n'), {
    content: [
      `A team of 40 bakers shapes every loaf by hand [About us](${ABOUT}).`,
      '',
      `They put it plainly: “We never add commercial yeast or preservatives to our sourdough bread” [About us](${ABOUT}).`,
      '',
      'Most loaves bake in 45 minutes.',
    ].join('\n'),
  });
  app = await startAppBeside('fact-check.', {
    AI_BASE_URL: ai.baseUrl,
    AI_API_KEY: FAKE_AI_KEY,
    AI_MODEL: FAKE_AI_MODEL,
    AI_MAX_RETRIES: '0',
    SEARCH_PROVIDER: 'searxng',
    SEARCH_BASE_URL: search.origin,
  });
  origin = app.origin;
});

test.afterAll(async () => {
  await app?.stop();
  await Promise.all([ai?.stop(), search?.stop()]);
});

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`the editor marks an unsupported statistic, a supported quotation and an uncited number, each beside its source passage (${viewport.width}px)`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    await page.goto(`${origin}/signin`);
    await completeLocalSignIn(page, { email: uniqueEmail('facts'), name: 'Fay Checker' });
    await page.waitForURL('**/dashboard');
    await page.goto(`${origin}/workflows`);
    await page.getByRole('textbox', { name: 'Topic', exact: true }).fill(TOPIC);
    // The conclusion waits at the fake, so the run view is seen mid-post: the parts written so far and their words.
    const conclusion = ai.hold(
      (body: any) => asks(body, 'You write one part of a blog post') && asks(body, 'You are writing the conclusion'),
    );
    await page.getByRole('button', { name: 'Run default workflow' }).click();
    const writer = page
      .getByRole('region', { name: 'Run' })
      .getByRole('list', { name: 'Node runs' })
      .getByRole('listitem')
      .filter({ hasText: 'post_writer' });
    await expect(writer.getByLabel('Parts written')).toHaveText('2 of 3 parts', { timeout: 60_000 });
    await expect(writer).toContainText(/2 of 3 parts · [1-9][\d,]* words · last written: The bakers/);
    conclusion.release();
    await expect(page.getByRole('status').filter({ hasText: 'Blog created successfully!' })).toBeVisible({
      timeout: 60_000,
    });
    await expect(writer.getByLabel('Parts written')).toHaveText('3 of 3 parts');
    await page.getByRole('region', { name: 'Run' }).getByRole('link', { name: 'Open the post in the editor' }).click();

    const preview = page.getByRole('document', { name: 'Preview' });
    const unsupported = preview.locator('mark[data-claim-state="unsupported"]');
    await expect(unsupported).toHaveCount(1);
    await expect(unsupported).toContainText('40 bakers');
    await expect(unsupported).toContainText('(unsupported claim)');
    await expect(preview.locator('mark[data-claim-state="supported"]')).toContainText(
      'We never add commercial yeast or preservatives to our sourdough bread',
    );
    await expect(preview.locator('mark[data-claim-state="uncited"]')).toContainText('45 minutes');

    const panel = page.getByRole('region', { name: 'Claims and sources' });
    await expect(panel).toContainText('1 unsupported · 1 uncited · 1 supported');
    const claims = panel.getByRole('list', { name: 'Claims' }).getByRole('listitem');
    const first = claims.first();
    await expect(first).toContainText('Unsupported');
    await expect(first).toContainText('The cited page does not contain “40 bakers”.');
    await expect(first.getByRole('blockquote')).toHaveText(
      'Today we are a team of twelve bakers who still shape every sourdough loaf by hand.',
    );
    await expect(first.getByRole('link', { name: 'About us — Hearth & Crumb Bakery' })).toHaveAttribute('href', ABOUT);
    await expect(claims.filter({ hasText: 'Uncited' })).toContainText('No source cited.');
    await expect(page.getByRole('region', { name: 'What wrote each part' })).toContainText(FAKE_AI_MODEL);

    // Pressing a claim (from the keyboard) moves to it in the preview.
    await first.getByRole('button', { name: /40 bakers/ }).focus();
    await page.keyboard.press('Enter');
    await expect(unsupported).toBeFocused();
    await expect(unsupported).toBeInViewport();
    await expect.poll(() => overflowsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    // Without the marks the preview is exactly the blog's text.
    await panel.getByLabel('Highlight claims in the preview').uncheck();
    await expect(preview.locator('mark[data-claim-id]')).toHaveCount(0);
    await expect(preview).toContainText('A team of 40 bakers shapes every loaf by hand');
  });
}
