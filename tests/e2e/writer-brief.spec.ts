// Issue 27, the honest offline default, as a new user meets it: the browser-test server has no AI model, so a run of
// the default workflow for a project whose website (the demo bakery) was read makes a writer's brief. It is labelled
// as one in the run view, the blog list, the editor (what wrote each part in sight whichever review tab is open) and
// the calendar card of an entry generated offline; Publish is refused with the message saying what to do; once
// the post is written in the editor, it publishes. At 1366×768 and 390×844, with axe on each screen.
import AxeBuilder from './support/axe.ts';
import { signIn } from './support/auth.ts';
import { markdownSource } from './support/editor.ts';
import { expect, test, type Page } from './support/test.ts';

const port = Number(process.env.E2E_PORT ?? 4517);
const DEMO_SITE = `http://127.0.0.1:${port + 102}/`;
const REFUSAL =
  "This post is still the writer's brief. Write the post in the editor, or configure an AI model (Advanced → AI model) and generate it again.";

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > window.innerWidth);
}

/** The signed-in user's token and project, as the workspace keeps them. */
async function session(page: Page): Promise<{ headers: Record<string, string>; projectId: string }> {
  const { token, projectId } = await page.evaluate(() => ({
    token: localStorage.getItem('inkpilot.token'),
    projectId: localStorage.getItem('inkpilot.projectId'),
  }));
  return { headers: { authorization: `Bearer ${token}` }, projectId: projectId! };
}

/** A day of next month (UTC): never due for an autopilot today. */
function nextMonthDay(day: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, day)).toISOString().slice(0, 10);
}

/** Names the new project and connects the demo bakery's website from the onboarding wizard. */
async function connectDemoSite(page: Page): Promise<void> {
  const wizard = page.getByRole('region', { name: 'Get started' });
  await wizard.getByLabel('Project name').fill('Hearth Brief');
  await wizard.getByRole('button', { name: 'Continue' }).click();
  await wizard.getByLabel('Homepage URL').fill(DEMO_SITE);
  await wizard.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(wizard.getByRole('heading', { name: 'Plan your calendar' })).toBeVisible({ timeout: 60_000 });
}

for (const viewport of [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
]) {
  test(`offline, a run makes a labelled writer's brief that is not published until written (${viewport.width}px)`, async ({
    page,
  }) => {
    test.setTimeout(300_000);
    await page.setViewportSize(viewport);
    await signIn(page, { name: 'Bea Baker' });
    await connectDemoSite(page);

    await page.goto('/workflows');
    await page.getByRole('textbox', { name: 'Topic', exact: true }).fill('Keeping a sourdough starter alive');
    await page.getByRole('button', { name: 'Run default workflow' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Blog created successfully!' })).toBeVisible({
      timeout: 60_000,
    });
    const run = page.getByRole('region', { name: 'Run' });
    await expect(run.getByRole('note')).toContainText(
      "No AI model is configured, so this run made a writer's brief from your website, not a post.",
    );
    const writer = run
      .getByRole('list', { name: 'Node runs' })
      .getByRole('listitem')
      .filter({ hasText: 'post_writer' });
    await expect(writer.getByLabel('Parts written')).toHaveText('1 of 1 part');
    await expect.poll(() => overflowsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await page.goto('/blogs');
    const row = page.getByRole('list', { name: 'Posts' }).getByRole('listitem').first();
    await expect(row).toContainText("Writer's brief");
    await expect.poll(() => overflowsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    await row.getByRole('link', { name: /^Edit / }).click();
    const banner = page.getByRole('region', { name: "Writer's brief, not a post yet" });
    await expect(banner).toContainText(REFUSAL);
    const preview = page.getByRole('document', { name: 'Preview' });
    await expect(preview).toContainText('A sourdough starter is a living culture of wild yeast and bacteria.');
    // What wrote each part stays in sight whichever review tab is open.
    await page.getByRole('tab', { name: 'Voice' }).click();
    const parts = page.getByRole('region', { name: 'What wrote each part' });
    await expect(parts).toBeVisible();
    await expect(parts.getByRole('list', { name: 'Writers' })).toContainText("writer's brief (offline): ");
    await parts.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`brief-editor-${viewport.width}.png`) });
    await expect.poll(() => overflowsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    // Publishing the brief as it is: refused, with what to do, and it stays a draft.
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('alert').filter({ hasText: REFUSAL })).toBeVisible();
    await expect(page.getByText('Draft', { exact: true })).toBeVisible();

    // The writer writes the post over the brief; autosave keeps it, and it is no longer a brief.
    await (await markdownSource(page)).fill(
      'My starter lives on the counter in a jar with a loose lid.\n\n## How I feed it\n\nEqual weights of flour and water, stirred until smooth, then left somewhere warm until it doubles.',
    );
    await expect(page.getByRole('status', { name: 'Save state' })).toHaveText('Saved');
    await expect(banner).toHaveCount(0);
    await expect(parts).toBeVisible();
    await expect(parts.getByRole('list', { name: 'Writers' })).toContainText('Bea Baker');
    await page.getByRole('button', { name: 'Publish', exact: true }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Post published.' })).toBeVisible();
    await expect.poll(() => overflowsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);

    // An entry of the calendar generated offline is a brief too, and its card says so.
    const { headers, projectId } = await session(page);
    const day = nextMonthDay(3);
    const title = 'Feeding a rye starter';
    await page.request.post(`/api/calendar/project/${projectId}`, {
      headers,
      data: { date: day, title, target_keyword: 'rye starter' },
    });
    await page.goto(`/calendar?month=${day.slice(0, 7)}`);
    const card = page.getByRole('article', { name: title, exact: true });
    await card.getByRole('button', { name: `Actions for ${title}`, exact: true }).click();
    await page
      .getByRole('menu', { name: `Actions for ${title}`, exact: true })
      .getByRole('menuitem', { name: 'Generate post' })
      .click();
    await expect(card.getByText('Draft', { exact: true })).toBeVisible({ timeout: 60_000 });
    await expect(card.getByText("Writer's brief")).toBeVisible();
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`brief-calendar-${viewport.width}.png`) });
    await expect.poll(() => overflowsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });
}
