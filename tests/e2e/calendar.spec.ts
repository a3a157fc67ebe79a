import AxeBuilder from './support/axe.ts';
import { expect, test, type Page } from './support/test.ts';
import { signIn } from './support/auth.ts';

const port = Number(process.env.E2E_PORT ?? 4517);
/** The loopback demo website of tests/fixtures/demo-site (started by tests/fixtures/start.mjs). */
const DEMO_SITE = `http://127.0.0.1:${port + 102}/`;

function wizard(page: Page) {
  return page.getByRole('region', { name: 'Get started' });
}

/** A toast (the newest of several alike may still be fading in beside the last one). */
function toast(page: Page, text: string) {
  return page.getByRole('status').filter({ hasText: text }).last();
}

// The browser's days are UTC days, like the project's until its autopilot sets a time zone: the dates below come from
// the entries themselves, never from where today falls in the month, so the test holds on any day of the year. The
// window is tall enough for a whole month grid, so a drag never has to scroll.
test.use({ timezoneId: 'UTC', viewport: { width: 1280, height: 1300 } });

/** The signed-in user's token and project, as the workspace keeps them. */
async function session(page: Page): Promise<{ headers: Record<string, string>; projectId: string }> {
  const { token, projectId } = await page.evaluate(() => ({
    token: localStorage.getItem('inkpilot.token'),
    projectId: localStorage.getItem('inkpilot.projectId'),
  }));
  return { headers: { authorization: `Bearer ${token}` }, projectId: projectId! };
}

/** The day `days` after a YYYY-MM-DD day. */
function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * 86_400_000).toISOString().slice(0, 10);
}

/** Opens the calendar's month grid on the month of a day. */
async function showMonthOf(page: Page, day: string) {
  await page.goto(`/calendar?month=${day.slice(0, 7)}`);
  const label = new Intl.DateTimeFormat('en-US', { month: 'long', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${day}T00:00:00Z`),
  );
  await expect(page.getByRole('heading', { name: label })).toBeVisible();
  await expect(page.getByRole('grid', { name: 'Month' })).toBeVisible();
}

function cell(page: Page, day: string) {
  return page.getByRole('grid', { name: 'Month' }).locator(`[role="gridcell"][data-date="${day}"]`);
}

/** An entry's card by its exact title (plan titles can contain one another). */
function entryCard(scope: Page | ReturnType<Page['locator']>, title: string) {
  return scope.getByRole('article', { name: title, exact: true });
}

/** Opens an entry's menu and picks an action. */
async function choose(page: Page, title: string, action: string) {
  await entryCard(page, title)
    .getByRole('button', { name: `Actions for ${title}`, exact: true })
    .click();
  await page
    .getByRole('menu', { name: `Actions for ${title}`, exact: true })
    .getByRole('menuitem', { name: action })
    .click();
}

test('a new user launches the 30-day plan from onboarding, sees 30 entries, moves them by drag and keyboard and generates a post', async ({
  page,
}) => {
  test.setTimeout(180_000);
  await signIn(page);
  await wizard(page).getByLabel('Project name').fill('Hearth & Crumb');
  await wizard(page).getByRole('button', { name: 'Continue' }).click();
  await wizard(page).getByLabel('Homepage URL').fill(DEMO_SITE);
  await wizard(page).getByRole('button', { name: 'Connect' }).click();
  await expect(wizard(page).getByRole('heading', { name: 'Plan your calendar' })).toBeVisible({ timeout: 60_000 });

  await wizard(page).getByRole('button', { name: 'Launch Your 30 days Empire' }).click();
  await expect(toast(page, 'Kicking off your 30-day content plan...')).toBeVisible();
  await expect(toast(page, 'Your 30-day plan is ready!')).toBeVisible({ timeout: 60_000 });
  await wizard(page).getByRole('link', { name: 'View Your 30-Day Plan' }).click();
  await page.waitForURL('**/calendar');

  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();
  await expect(page.getByRole('list', { name: 'Planned posts' }).getByRole('article')).toHaveCount(30);
  // Every card says what planned it: here the offline composer, no AI being configured.
  await expect(
    page
      .getByRole('list', { name: 'Planned posts' })
      .getByRole('article')
      .filter({ hasText: 'draft — no AI configured' }),
  ).toHaveCount(30);
  await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Month' }).click();

  // The plan's days as the server stored them (30 from tomorrow in the project's time zone).
  const { headers, projectId } = await session(page);
  const today = new Date().toISOString().slice(0, 10);
  const listed = await page.request.get(
    `/api/calendar/project/${projectId}?from=${addDays(today, -2)}&to=${addDays(today, 40)}`,
    { headers },
  );
  const plan = ((await listed.json()) as { items: { title: string; date: string }[] }).items;
  expect(plan).toHaveLength(30);
  const planDays = new Set(plan.map((entry) => entry.date));

  // The month of the plan's first day (the next month when the plan starts on the 1st) shows its entries.
  const first = plan[0]!;
  await showMonthOf(page, first.date);
  await expect(entryCard(page, first.title)).toBeVisible();
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);

  // Drag the plan's first entry onto the nearest day of its month grid that holds no entry (the day before it, unless
  // that is not shown), or onto the next day when every day shown is planned.
  const shownDays = await page
    .getByRole('grid', { name: 'Month' })
    .locator('[role="gridcell"]')
    .evaluateAll((cells) => cells.map((element) => element.getAttribute('data-date')!));
  const distance = (day: string) => Math.abs(Date.parse(day) - Date.parse(first.date));
  const target =
    shownDays.filter((day) => !planDays.has(day)).sort((a, b) => distance(a) - distance(b))[0] ??
    addDays(first.date, 1);
  await entryCard(cell(page, first.date), first.title).dragTo(cell(page, target));
  await expect(toast(page, `Moved to ${target}.`)).toBeVisible();
  await expect(entryCard(cell(page, target), first.title)).toBeVisible();

  await page.reload();
  await expect(entryCard(cell(page, target), first.title)).toBeVisible();
  await expect(entryCard(cell(page, first.date), first.title)).toHaveCount(0);

  // The keyboard moves an entry too: Alt+ArrowRight is one day later (an entry whose next day is in the same month).
  const other = plan.slice(1).find((entry) => addDays(entry.date, 1).slice(0, 7) === entry.date.slice(0, 7))!;
  const nextDay = addDays(other.date, 1);
  await showMonthOf(page, other.date);
  const card = entryCard(cell(page, other.date), other.title);
  await card.focus();
  await card.press('Alt+ArrowRight');
  await expect(entryCard(cell(page, nextDay), other.title)).toBeVisible();

  // Generate post: the entry starts a run, then links to its post.
  const moved = entryCard(page, other.title);
  await choose(page, other.title, 'Generate post');
  await expect(toast(page, 'Generating content...')).toBeVisible();
  const link = moved.getByRole('link', { name: 'Open post' });
  await expect(link).toBeVisible({ timeout: 60_000 });
  await expect(link).toHaveAttribute('href', /^\/dashboard\/blog\/edit\/[0-9a-f-]{36}$/);
  await expect(moved.getByText('Draft', { exact: true })).toBeVisible();
});

/** The first day of the month after the browser's (UTC) today: days there are never due for the autopilot today. */
function nextMonthDay(day: number): string {
  const now = new Date();
  return new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() + 1, day)).toISOString().slice(0, 10);
}

/** Add entry: opens the form, fills it in and submits it (the form stays open when a warning stops the submit). */
async function addEntry(page: Page, fields: { title: string; date: string; keyword: string }) {
  await page.getByRole('button', { name: 'Add entry' }).click();
  const form = await fillEntry(page, 'Add entry', fields);
  await form.getByRole('button', { name: 'Add entry' }).click();
  return form;
}

/** Fills the entry form (Add entry or Edit entry) with the given fields. */
async function fillEntry(page: Page, form: string, fields: { title?: string; date?: string; keyword?: string }) {
  const entryForm = page.getByRole('form', { name: form });
  if (fields.title !== undefined) await entryForm.getByLabel('Title').fill(fields.title);
  if (fields.date !== undefined) await entryForm.getByLabel('Date').fill(fields.date);
  if (fields.keyword !== undefined) await entryForm.getByLabel('Target keyword').fill(fields.keyword);
  return entryForm;
}

test('an editor adds, edits, moves (from the menu) and deletes entries, is warned of a competing keyword, and sets the autopilot', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  const [day10, day12, day20] = [nextMonthDay(10), nextMonthDay(12), nextMonthDay(20)];
  await showMonthOf(page, day10);

  // Add entry.
  await addEntry(page, { title: 'Rye bread basics', date: day10, keyword: 'rye bread' });
  await expect(toast(page, 'Calendar entry added.')).toBeVisible();
  await expect(entryCard(cell(page, day10), 'Rye bread basics')).toBeVisible();

  // A keyword that competes with it: the submit stops once to show the warning, naming the entry with a link.
  let form = await addEntry(page, { title: 'Loaves of rye', date: day12, keyword: 'rye breads' });
  const warning = form.getByRole('status').filter({ hasText: 'This keyword competes with' });
  await expect(warning).toContainText(`Calendar entry on ${day10}`);
  await expect(warning).toContainText('same target keyword');
  await expect(warning.getByRole('link', { name: '“Rye bread basics”' })).toHaveAttribute(
    'href',
    `/calendar?month=${day10.slice(0, 7)}`,
  );
  await expect(entryCard(page, 'Loaves of rye')).toHaveCount(0);
  await form.getByRole('button', { name: 'Add anyway' }).click();
  await expect(toast(page, 'Calendar entry added.')).toBeVisible();
  await expect(entryCard(cell(page, day12), 'Loaves of rye')).toBeVisible();

  // A keyword of its own adds at once, with no warning.
  await addEntry(page, { title: 'Spelt for beginners', date: day12, keyword: 'spelt flour' });
  await expect(entryCard(cell(page, day12), 'Spelt for beginners')).toBeVisible();
  await expect(page.getByText('This keyword competes with')).toHaveCount(0);

  // Edit, and give the entry a language of its own (its post is written in it).
  await choose(page, 'Loaves of rye', 'Edit');
  form = await fillEntry(page, 'Edit entry', { title: 'Shaping a rye loaf', keyword: 'rye loaf shaping' });
  const language = form.getByRole('combobox', { name: 'Language' });
  await expect(language).toHaveValue(/^The project's language/);
  await language.fill('germ');
  await expect(page.getByRole('listbox', { name: 'Language' }).getByRole('option').first()).toHaveText(
    'German — Deutsch',
  );
  await language.press('Enter');
  await expect(language).toHaveValue('German — Deutsch');
  await form.getByRole('button', { name: 'Save entry' }).click();
  await expect(toast(page, 'Calendar entry saved.')).toBeVisible();
  await expect(entryCard(cell(page, day12), 'Shaping a rye loaf')).toBeVisible();
  await expect(entryCard(page, 'Loaves of rye')).toHaveCount(0);

  // Move to another day, from the menu.
  await choose(page, 'Shaping a rye loaf', 'Move to another day');
  const move = page.getByRole('form', { name: 'Move Shaping a rye loaf' });
  await move.getByLabel('Move “Shaping a rye loaf” to').fill(day20);
  await move.getByRole('button', { name: 'Move' }).click();
  await expect(toast(page, `Moved to ${day20}.`)).toBeVisible();
  await expect(entryCard(cell(page, day20), 'Shaping a rye loaf')).toBeVisible();

  // Delete (after the browser's confirmation).
  page.once('dialog', (dialog) => void dialog.accept());
  await choose(page, 'Spelt for beginners', 'Delete');
  await expect(toast(page, 'Calendar entry deleted.')).toBeVisible();
  await expect(entryCard(page, 'Spelt for beginners')).toHaveCount(0);

  // All of it is stored.
  await page.reload();
  await expect(entryCard(cell(page, day10), 'Rye bread basics')).toBeVisible();
  await expect(entryCard(cell(page, day20), 'Shaping a rye loaf')).toBeVisible();
  await expect(entryCard(page, 'Spelt for beginners')).toHaveCount(0);
  await expect(entryCard(cell(page, day12), 'Shaping a rye loaf')).toHaveCount(0);
  await choose(page, 'Shaping a rye loaf', 'Edit');
  form = page.getByRole('form', { name: 'Edit entry' });
  await expect(form.getByRole('combobox', { name: 'Language' })).toHaveValue('German — Deutsch');
  await form.getByRole('button', { name: 'Cancel' }).click();

  // Autopilot: on, in a time zone, publishing automatically; then keeping drafts. Each survives a reload.
  const autopilot = page.getByRole('region', { name: 'Autopilot' });
  const enabled = autopilot.getByRole('checkbox', { name: 'Generate each planned entry at 09:00 on its day' });
  await expect(enabled).not.toBeChecked();
  await enabled.check();
  await autopilot.getByLabel('Time zone').selectOption('Europe/Paris');
  await autopilot.getByRole('radio', { name: 'Publish automatically' }).check();
  await autopilot.getByRole('button', { name: 'Save autopilot' }).click();
  await expect(toast(page, 'Autopilot settings saved.')).toBeVisible();
  await page.reload();
  await expect(enabled).toBeChecked();
  await expect(autopilot.getByLabel('Time zone')).toHaveValue('Europe/Paris');
  await expect(autopilot.getByRole('radio', { name: 'Publish automatically' })).toBeChecked();

  await autopilot.getByRole('radio', { name: 'Keep as draft for review' }).check();
  await autopilot.getByRole('button', { name: 'Save autopilot' }).click();
  await expect(toast(page, 'Autopilot settings saved.')).toBeVisible();
  await page.reload();
  await expect(autopilot.getByRole('radio', { name: 'Keep as draft for review' })).toBeChecked();
  await expect(enabled).toBeChecked();
  await expect(autopilot.getByLabel('Time zone')).toHaveValue('Europe/Paris');
});

test('a post that could not be generated shows why on its calendar card and on the dashboard', async ({ page }) => {
  test.setTimeout(120_000);
  await signIn(page);
  const day = nextMonthDay(15);
  await showMonthOf(page, day);
  await addEntry(page, { title: 'Unpaintable colours', date: day, keyword: 'impossible colours' });
  await expect(toast(page, 'Calendar entry added.')).toBeVisible();

  // The e2e images server refuses to draw this cover: the run's cover node fails after its retries.
  await choose(page, 'Unpaintable colours', 'Generate post');
  await expect(toast(page, 'Generating content...')).toBeVisible();
  const card = entryCard(cell(page, day), 'Unpaintable colours');
  await expect(card.getByText('Failed', { exact: true })).toBeVisible({ timeout: 90_000 });
  await expect(card.getByRole('note')).toHaveText(
    /^Failed: Cover image \(node "cover"\) failed: The images server answered 500\.$/,
  );

  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Dashboard' }).click();
  const failures = page.getByRole('alert', { name: 'Posts that could not be generated' });
  await expect(failures).toContainText(`${day}: Unpaintable colours`);
  await expect(failures).toContainText('The images server answered 500.');
  await failures.getByRole('link', { name: 'Open the calendar' }).click();
  await page.waitForURL('**/calendar');
});
