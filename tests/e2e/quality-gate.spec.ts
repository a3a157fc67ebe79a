// The quality gate and the on-page checklist in the browser (issue 27): an owner sets the project's minimum score on the
// Projects page; the autopilot's own cron generates a due entry with an AI model (the fake AI), which fails the gate
// and stays a draft; its calendar card (1366×768 and 390×844), the dashboard and the editor say why; the editor's
// checklist beside the text follows the typing and stays in view (a folding section on a phone); publishing by hand
// shows the reasons first.
//
// Offline a run makes a writer's brief, which is refused as a brief before any gate, so the run is worked by a second
// app process with the fake AI configured (tests/e2e/support/app-beside.ts, its own job queues). Both processes' crons
// tick every minute; the entry's slot is claimed for the second process's ticker before the autopilot is turned on
// (the row its own tick would write), so the browser-test server's offline ticker never takes it.
import AxeBuilder from './support/axe.ts';
import postgres from 'postgres';
import { FAKE_AI_KEY, FAKE_AI_MODEL, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { type AppBeside, startAppBeside } from './support/app-beside.ts';
import { signIn } from './support/auth.ts';
import { markdownSource } from './support/editor.ts';
import { expect, type Page, test } from './support/test.ts';

const port = Number(process.env.E2E_PORT ?? 4517);
const QUEUE_PREFIX = 'quality-gate.';

let ai: Awaited<ReturnType<typeof startFakeAi>>;
let app: AppBeside;

test.beforeAll(async () => {
  test.setTimeout(120_000);
  ai = await startFakeAi();
  app = await startAppBeside(QUEUE_PREFIX, {
    AI_BASE_URL: ai.baseUrl,
    AI_API_KEY: FAKE_AI_KEY,
    AI_MODEL: FAKE_AI_MODEL,
    AI_MAX_RETRIES: '0',
  });
});

test.afterAll(async () => {
  await app?.stop();
  await ai?.stop();
});

/** Claims the entry's slot for the second process's autopilot ticker, as its own tick would. */
async function claimForAiTicker(projectId: string, entryId: string, day: string) {
  const pgPort = port + 50_000 > 65_000 ? 54517 : port + 50_000;
  const sql = postgres({
    host: '127.0.0.1',
    port: pgPort,
    user: 'inkpilot',
    password: 'inkpilot',
    database: 'inkpilot',
    max: 1,
  });
  try {
    await sql`
      insert into autopilot_slots (project_id, slot_date, entry_id, next_attempt_at, tick_queue)
      values (${projectId}, ${day}, ${entryId}, now(), ${`${QUEUE_PREFIX}autopilot-tick`})`;
  } finally {
    await sql.end();
  }
}

const SIZES = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
];
const TITLE = 'How to keep a sourdough starter alive';

/** Axe findings on the page as it is now, one line each. */
async function axe(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (violation) => `${where} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** How far the page is wider than the window (0 or less: no horizontal overflow), once layout has settled. */
async function expectNoOverflow(page: Page, where: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: where })
    .toBeLessThanOrEqual(0);
}

/** The signed-in user's token and project, as the workspace keeps them. */
async function session(page: Page): Promise<{ headers: Record<string, string>; projectId: string }> {
  const { token, projectId } = await page.evaluate(() => ({
    token: localStorage.getItem('inkpilot.token'),
    projectId: localStorage.getItem('inkpilot.projectId'),
  }));
  return { headers: { authorization: `Bearer ${token}` }, projectId: projectId! };
}

/** A time zone where it is now between 09:00 and 22:00, and today's date there: an entry of today is due at once. */
function dueZone(): { zone: string; today: string } {
  const zones = [
    'Pacific/Kiritimati',
    'Asia/Tokyo',
    'Asia/Kolkata',
    'Europe/Paris',
    'America/New_York',
    'Pacific/Honolulu',
  ];
  for (const zone of zones) {
    const parts = new Intl.DateTimeFormat('en-CA', {
      timeZone: zone,
      year: 'numeric',
      month: '2-digit',
      day: '2-digit',
      hour: '2-digit',
      hourCycle: 'h23',
    }).formatToParts(new Date());
    const part = (type: string) => parts.find((item) => item.type === type)?.value ?? '';
    const hour = Number(part('hour'));
    if (hour >= 9 && hour < 22) return { zone, today: `${part('year')}-${part('month')}-${part('day')}` };
  }
  throw new Error('no zone between 09:00 and 22:00');
}

test('an autopilot post below the quality gate stays a draft, its reason on the calendar card, the dashboard and the editor', async ({
  page,
}) => {
  test.setTimeout(300_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page);
  const { headers, projectId } = await session(page);

  // The owner raises the gate on the Projects page: nothing the fake AI writes reaches 100.
  await page.goto('/projects');
  const quality = page.getByRole('region', { name: 'Quality and disclosure' });
  await expect(quality.getByLabel('Minimum score to publish automatically')).toHaveValue('70');
  await expect(
    quality.getByRole('checkbox', { name: /Hold back posts with unsupported or copied claims/ }),
  ).toBeChecked();
  await expect(quality.getByRole('checkbox', { name: /Show an “AI-assisted” note/ })).not.toBeChecked();
  await quality.getByLabel('Minimum score to publish automatically').fill('101');
  await quality.getByRole('button', { name: 'Save quality settings' }).click();
  await expect(quality.getByText('The minimum score must be a whole number from 0 to 100.')).toBeVisible();
  await quality.getByLabel('Minimum score to publish automatically').fill('100');
  await quality.getByRole('button', { name: 'Save quality settings' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Quality settings saved.' }).last()).toBeVisible();
  for (const size of SIZES) {
    await page.setViewportSize(size);
    await expect(quality.getByLabel('Minimum score to publish automatically')).toHaveValue('100');
    await expectNoOverflow(page, `projects ${size.name}`);
    expect(await axe(page, `projects ${size.name}`)).toEqual([]);
    await quality.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`quality-projects-${size.name}.png`) });
  }
  await page.setViewportSize({ width: 1366, height: 768 });

  // An entry due now, and the autopilot on, publishing: its minute cron starts the run.
  const { zone, today } = dueZone();
  const entry = await page.request.post(`/api/calendar/project/${projectId}`, {
    headers,
    data: { date: today, title: TITLE, target_keyword: 'sourdough starter' },
  });
  const entryId = ((await entry.json()) as { id: string }).id;
  await claimForAiTicker(projectId, entryId, today);
  await page.request.put(`/api/calendar/project/${projectId}/autopilot`, {
    headers,
    data: { enabled: true, time_zone: zone, publish_mode: 'publish' },
  });
  await expect
    .poll(
      async () =>
        ((await (await page.request.get(`/api/calendar/entries/${entryId}`, { headers })).json()) as { status: string })
          .status,
      { timeout: 200_000, intervals: [2_000] },
    )
    .toBe('draft');

  for (const size of SIZES) {
    await page.setViewportSize(size);
    await page.goto(`/calendar?month=${today.slice(0, 7)}`);
    const card = page.getByRole('article', { name: TITLE, exact: true });
    await expect(card.getByText('Draft', { exact: true })).toBeVisible();
    const note = card.getByRole('note');
    await expect(note).toContainText('Held back:');
    await expect(note).toContainText("is below the project's minimum of 100");
    await expectNoOverflow(page, `calendar ${size.name}`);
    expect(await axe(page, `calendar ${size.name}`)).toEqual([]);
    await card.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`quality-calendar-${size.name}.png`) });
  }

  // The dashboard lists it as held back, with why and a way to it; the post page says why too.
  const held = page.getByRole('region', { name: 'Held back by the quality gate' });
  for (const size of [...SIZES].reverse()) {
    await page.setViewportSize(size);
    await page.goto('/dashboard');
    await expect(held).toContainText("is below the project's minimum of 100");
    await expectNoOverflow(page, `dashboard ${size.name}`);
    expect(await axe(page, `dashboard ${size.name}`)).toEqual([]);
    await held.scrollIntoViewIfNeeded();
    await page.screenshot({ path: test.info().outputPath(`quality-dashboard-${size.name}.png`) });
  }
  const postId = (
    (await (await page.request.get(`/api/calendar/entries/${entryId}`, { headers })).json()) as {
      post_id: string;
    }
  ).post_id;
  // The model titled the post itself: the held-back list links it by that title.
  const postTitle = (
    (await (await page.request.get(`/api/blogs/posts/post/${postId}`, { headers })).json()) as { title: string }
  ).title;
  await page.goto(`/blogs/${postId}`);
  await expect(held).toContainText("is below the project's minimum of 100");
  await expectNoOverflow(page, 'post page desktop');
  expect(await axe(page, 'post page desktop')).toEqual([]);
  await page.goto('/dashboard');
  await held.getByRole('link', { name: postTitle }).click();
  await page.waitForURL('**/dashboard/blog/edit/**');

  // The editor: the reasons, and the checklist beside the text, live and in view while the page scrolls.
  await expect(page.getByRole('region', { name: 'Held back by the quality gate' })).toBeVisible();
  const checklist = page.getByRole('region', { name: 'On-page checklist' });
  await expect(checklist.getByText(/^Score \d+ out of 100$/)).toBeVisible();
  const h1 = checklist.locator('[data-rule="heading-h1"]');
  await expect(h1).toHaveAttribute('data-state', 'pass');
  const markdown = await markdownSource(page);
  await markdown.press('ControlOrMeta+Home');
  await markdown.pressSequentially('# A second title\n\n');
  await expect(h1).toHaveAttribute('data-state', 'fail');
  await expect(h1).toContainText('The body has an H1 (“A second title”)');
  await page.mouse.wheel(0, 3000);
  await expect.poll(async () => (await checklist.boundingBox())?.y ?? -1).toBeGreaterThanOrEqual(0);
  expect(await axe(page, 'editor desktop')).toEqual([]);
  await expectNoOverflow(page, 'editor desktop');
  await page.screenshot({ path: test.info().outputPath('quality-editor-desktop.png') });

  // On a phone the checklist is a section that folds, closed at first.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.evaluate(() => window.scrollTo(0, 0));
  await expect(checklist.getByRole('list', { name: 'Checklist rules' })).toBeHidden();
  await checklist.locator('summary').click();
  await expect(checklist.getByRole('list', { name: 'Checklist rules' })).toBeVisible();
  await expectNoOverflow(page, 'editor phone');
  expect(await axe(page, 'editor phone')).toEqual([]);
  await page.screenshot({ path: test.info().outputPath('quality-editor-phone.png') });

  // Publishing by hand shows why the gate said no; the person may go ahead.
  await page.setViewportSize({ width: 1366, height: 768 });
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  const confirm = page.getByRole('alertdialog', { name: "This post does not pass the project's quality gate" });
  await expect(confirm).toBeFocused();
  await expect(confirm).toContainText("is below the project's minimum of 100");
  await page.keyboard.press('Escape');
  await expect(confirm).toBeHidden();
  await page.getByRole('button', { name: 'Publish', exact: true }).click();
  await confirm.getByRole('button', { name: 'Publish anyway' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Post published.' }).last()).toBeVisible();
  await expect(page.getByRole('region', { name: 'Held back by the quality gate' })).toBeHidden();
});
