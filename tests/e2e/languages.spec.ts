// Issue 24, languages in the workspace: a project's language chosen in the wizard's first step and under Projects
// (a searchable list of every language, named in the reader's language and its own), a post in Arabic written and
// previewed right to left, and Translate post: offline a plain refusal; with a model (a second app process beside the
// browser-test server, configured with the fake AI, which answers in the language asked) a linked version the editor
// opens and links back from. Each at 1366×768 and 390×844, with axe and no sideways scrolling.
import AxeBuilder from './support/axe.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import postgres from 'postgres';
import { freePortRange } from '../../scripts/ports.mjs';
import { FAKE_LANGUAGES } from '../fixtures/fake-ai/languages.mjs';
import { FAKE_AI_KEY, FAKE_AI_MODEL, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { completeLocalSignIn, signIn, uniqueEmail } from './support/auth.ts';
import { expect, test, type Page } from './support/test.ts';
import { markdownSource } from './support/editor.ts';

const port = Number(process.env.E2E_PORT ?? 4517);
const VIEWPORTS = [
  { name: 'desktop', width: 1366, height: 768 },
  { name: 'phone', width: 390, height: 844 },
];

async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  // A toast mid-fade is half transparent: axe looks at the settled page.
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('status')).toHaveCount(0);
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map(
      (violation) => `${where} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

async function expectNoOverflow(page: Page, where: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: where })
    .toBeLessThanOrEqual(0);
}

const wizard = (page: Page) => page.getByRole('region', { name: 'Get started' });

/** The blog subdomain of the user's first project, from the e2e server's embedded Postgres. */
async function blogHostOf(email: string): Promise<string> {
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
    const [row] = await sql<{ slug: string }[]>`
      select p.slug from projects p join project_members m on m.project_id = p.id join users u on u.id = m.user_id
      where u.email = ${email} and m.role = 'owner' order by p.created_at limit 1`;
    if (!row) throw new Error(`no project for ${email}`);
    return `${row.slug}.blogs.localhost:${port}`;
  } finally {
    await sql.end();
  }
}

/** Opens a page of the workspace from its navigation (the sheet on a phone). */
async function openNav(page: Page, name: string) {
  if ((page.viewportSize()?.width ?? 1366) < 768) {
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.getByRole('dialog', { name: 'Navigation' }).getByRole('link', { name, exact: true }).click();
  } else {
    await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name, exact: true }).click();
  }
}

/** Chooses a language in a picker by typing part of its name and pressing Enter, as a keyboard user does. */
async function chooseLanguage(page: Page, label: string, typed: string, option: string) {
  const picker = page.getByRole('combobox', { name: label });
  const list = page.getByRole('listbox', { name: label });
  await picker.fill(typed);
  await expect(list.getByRole('option', { name: option })).toBeVisible();
  await expect(list.getByRole('option').first()).toHaveText(option);
  await picker.press('Enter');
  await expect(picker).toHaveValue(option);
}

/** A new draft from Blog → New post, with a title and markdown; the editor is open on it. */
async function newPost(page: Page, title: string, markdown: string) {
  await openNav(page, 'Blog');
  await page.getByRole('button', { name: 'New post' }).click();
  await page.waitForURL('**/dashboard/blog/edit/*');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await (await markdownSource(page)).fill(markdown);
  await expect(page.getByRole('status', { name: 'Save state' })).toHaveText('Saved');
}

for (const size of VIEWPORTS) {
  test(`a project's language is chosen in the wizard and under Projects, by keyboard (${size.name})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    await signIn(page);

    // The wizard's first step offers the browser's language (English here) and every other, searchable.
    const step = wizard(page);
    await step.getByLabel('Project name').fill('Dar al-Khubz');
    await expect(step.getByRole('combobox', { name: 'Language' })).toHaveValue('English');
    await expect(step.getByText('Taken from your browser’s language.')).toBeVisible();
    await step.getByRole('combobox', { name: 'Language' }).click();
    await expect(page.getByRole('listbox', { name: 'Language' }).getByRole('option')).toHaveCount(184);
    await chooseLanguage(page, 'Language', 'arab', 'Arabic — العربية');
    await expectNoAxeViolations(page, 'wizard');
    await expectNoOverflow(page, 'wizard');
    await step.getByRole('button', { name: 'Continue' }).click();
    await expect(step.getByLabel('Homepage URL')).toBeVisible();

    // Projects shows it, and changes it with the keyboard alone.
    await openNav(page, 'Projects');
    const section = page.getByRole('region', { name: 'Language', exact: true });
    const choice = section.getByRole('combobox', { name: 'Project language' });
    await expect(choice).toHaveValue('Arabic — العربية');
    await expect(section.getByText('Chosen for this project.')).toBeVisible();
    await choice.focus();
    await choice.fill('portug');
    await choice.press('ArrowDown');
    await choice.press('Enter');
    await expect(choice).toHaveValue('Portuguese — português');
    await choice.press('Tab');
    await page.keyboard.press('Enter'); // Save language
    await expect(page.getByRole('status').filter({ hasText: 'now writes in Portuguese — português' })).toBeVisible();
    await expect(section.getByRole('button', { name: 'Save language' })).toBeDisabled();
    await expectNoAxeViolations(page, 'projects');
    await expectNoOverflow(page, 'projects');
    await section.screenshot({ path: test.info().outputPath(`projects-language-${size.name}.png`) });
  });

  test(`an Arabic post is edited, previewed and published right to left; offline, Translate post says it needs a model (${size.name})`, async ({
    page,
  }) => {
    test.setTimeout(120_000);
    await page.setViewportSize(size);
    const account = await signIn(page);
    const step = wizard(page);
    await step.getByLabel('Project name').fill('Casa do Pão');
    await chooseLanguage(page, 'Language', 'portug', 'Portuguese — português');
    await step.getByRole('button', { name: 'Continue' }).click();
    await expect(step.getByLabel('Homepage URL')).toBeVisible();

    // A post starts in the project's language; in Arabic its fields and preview read right to left.
    await newPost(page, 'الخبز', 'خبز العجين المخمر.\n\n## التشكيل\n\nشكّل العجين برفق.');
    const postLanguage = page.getByRole('combobox', { name: 'Post language' });
    await expect(postLanguage).toHaveValue('Portuguese — português');
    await expect(page.getByRole('document', { name: 'Preview' })).toHaveAttribute('dir', 'ltr');
    await chooseLanguage(page, 'Post language', 'العربية', 'Arabic — العربية');
    await expect(page.getByRole('status', { name: 'Save state' })).toHaveText('Saved');
    const preview = page.getByRole('document', { name: 'Preview' });
    await expect(preview).toHaveAttribute('dir', 'rtl');
    await expect(preview).toHaveAttribute('lang', 'ar');
    await expect(preview.getByRole('heading', { name: 'التشكيل' })).toBeVisible();
    for (const field of ['Title', 'Content (Markdown)', 'Meta title', 'Meta description', 'Cover image description'])
      await expect(page.getByLabel(field, { exact: true })).toHaveAttribute('dir', 'rtl');
    // The text starts at the right edge of its box, as Arabic readers read.
    const title = page.getByLabel('Title', { exact: true });
    expect(await title.evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    // So does the rich-text editor, the editor's default view.
    await page.getByRole('button', { name: 'Rich text', exact: true }).click();
    const richText = page.getByRole('textbox', { name: 'Content', exact: true });
    await expect(richText).toHaveAttribute('dir', 'rtl');
    await expect(richText).toHaveAttribute('lang', 'ar');
    await expect(richText.getByRole('heading', { name: 'التشكيل' })).toBeVisible();
    await expectNoAxeViolations(page, 'editor');
    await expectNoOverflow(page, 'editor');
    await page.screenshot({ path: test.info().outputPath(`editor-rtl-${size.name}.png`), fullPage: true });

    // On the blog the post reads right to left too.
    const slug = await page.getByLabel('Slug', { exact: true }).inputValue();
    await page.getByRole('button', { name: 'Publish' }).click();
    await expect(page.getByRole('status').filter({ hasText: 'Post published.' })).toBeVisible();
    const reader = await page.context().newPage();
    await reader.setViewportSize(size);
    await reader.goto(`http://${await blogHostOf(account.email)}/${slug}`);
    await expect(reader.locator('html')).toHaveAttribute('dir', 'rtl');
    await expect(reader.locator('html')).toHaveAttribute('lang', 'ar');
    await expect(reader.getByRole('heading', { level: 1, name: 'الخبز' })).toBeVisible();
    expect(await reader.locator('h1').evaluate((element) => getComputedStyle(element).direction)).toBe('rtl');
    await expectNoOverflow(reader, 'blog');
    const { violations } = await new AxeBuilder({ page: reader }).analyze();
    expect(violations.map((violation) => `blog ${violation.id}`)).toEqual([]);
    await reader.screenshot({ path: test.info().outputPath(`blog-rtl-${size.name}.png`), fullPage: true });
    await reader.close();

    // Offline there is no translation, and the editor says why.
    await page.getByRole('button', { name: 'Translate post' }).click();
    await chooseLanguage(page, 'Translate into', 'Engl', 'English');
    await page.getByRole('form', { name: 'Translate post' }).getByRole('button', { name: 'Translate' }).click();
    await expect(page.getByRole('region', { name: 'Language and translations' }).getByRole('alert')).toHaveText(
      /Translating a post needs an AI model, and none is configured on this server/,
    );
    await expect(page.getByText('This post has no version in another language yet.')).toBeVisible();
    await expectNoAxeViolations(page, 'editor, refused');
    await expectNoOverflow(page, 'editor, refused');
  });
}

test.describe('with a model configured', () => {
  let ai: Awaited<ReturnType<typeof startFakeAi>>;
  let server: ChildProcess;
  let origin: string;

  test.beforeAll(async () => {
    test.setTimeout(120_000);
    ai = await startFakeAi();
    const appPort = await freePortRange();
    origin = `http://127.0.0.1:${appPort}`;
    const pgPort = port + 50_000 > 65_000 ? 54517 : port + 50_000;
    server = spawn(process.execPath, ['api/server.ts'], {
      stdio: ['ignore', 'inherit', 'inherit'],
      env: {
        ...process.env,
        NODE_ENV: 'test',
        PORT: String(appPort),
        DATABASE_URL: `postgres://inkpilot:inkpilot@127.0.0.1:${pgPort}/inkpilot`,
        FIREBASE_AUTH_EMULATOR_HOST: `127.0.0.1:${port + 4_000}`,
        JOBS_QUEUE_PREFIX: 'languages.',
        AI_BASE_URL: ai.baseUrl,
        AI_API_KEY: FAKE_AI_KEY,
        AI_MODEL: FAKE_AI_MODEL,
        AI_MAX_RETRIES: '0',
        ...(process.env.DIST_DIR ? { DIST_DIR: process.env.DIST_DIR } : {}),
      },
    });
    await expect
      .poll(async () => (await fetch(`${origin}/api/health`).catch(() => null))?.status, { timeout: 90_000 })
      .toBe(200);
  });

  test.afterAll(async () => {
    const exited = new Promise((done) => server?.once('exit', done));
    server?.kill('SIGTERM');
    await exited;
    await ai?.stop();
  });

  for (const size of VIEWPORTS) {
    test(`Translate post makes the linked version in another language and the editor links both ways (${size.name})`, async ({
      page,
    }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      await page.goto(`${origin}/signin`);
      await completeLocalSignIn(page, { email: uniqueEmail('translator'), name: 'Tomás Translator' });
      await page.waitForURL('**/dashboard');
      await newPost(
        page,
        'Shaping a loaf',
        'Shaping decides the crumb: see [the guide](https://example.com/guide).\n\n## Pre-shape\n\nRound the dough.',
      );
      const panel = page.getByRole('region', { name: 'Language and translations' });
      await expect(panel.getByRole('combobox', { name: 'Post language' })).toHaveValue('English');

      await panel.getByRole('button', { name: 'Translate post' }).click();
      await chooseLanguage(page, 'Translate into', 'portu', 'Portuguese — português');
      await panel.getByRole('form', { name: 'Translate post' }).getByRole('button', { name: 'Translate' }).click();

      const opened = panel.getByRole('link', { name: 'Open the Portuguese — português version' });
      await expect(opened).toBeVisible({ timeout: 60_000 });
      await expect(page.getByRole('status').filter({ hasText: 'Translated into Portuguese.' })).toBeVisible();
      const versions = panel.getByRole('list', { name: 'Versions in other languages' });
      const words = FAKE_LANGUAGES.pt!;
      await expect(
        versions.getByRole('link', { name: `Portuguese — português: ${words.text('title')}` }),
      ).toBeVisible();
      await expectNoAxeViolations(page, 'original');
      await expectNoOverflow(page, 'original');
      await panel.screenshot({ path: test.info().outputPath(`translated-${size.name}.png`) });

      await opened.click();
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(words.text('title'));
      await expect(page.getByRole('combobox', { name: 'Post language' })).toHaveValue('Portuguese — português');
      const content = await markdownSource(page);
      await expect(content).toHaveValue(/Tradução da IA falsa: Shaping decides the crumb/);
      await expect(content).toHaveValue(/\[the guide\]\(https:\/\/example\.com\/guide\)/);
      const back = page
        .getByRole('list', { name: 'Versions in other languages' })
        .getByRole('listitem')
        .filter({ hasText: 'original' });
      await expect(back.getByRole('link', { name: 'English: Shaping a loaf' })).toBeVisible();
      await expectNoAxeViolations(page, 'translation');
      await expectNoOverflow(page, 'translation');
    });

    test(`an Arabic translation opens in an editor that reads right to left (${size.name})`, async ({ page }) => {
      test.setTimeout(120_000);
      await page.setViewportSize(size);
      await page.goto(`${origin}/signin`);
      await completeLocalSignIn(page, { email: uniqueEmail('translator'), name: 'Amal Translator' });
      await page.waitForURL('**/dashboard');
      await newPost(page, 'Shaping a loaf', 'Shaping decides the crumb.\n\n## Pre-shape\n\nRound the dough.');
      await expect(page.getByRole('document', { name: 'Preview' })).toHaveAttribute('dir', 'ltr');
      await page.getByRole('button', { name: 'Translate post' }).click();
      await chooseLanguage(page, 'Translate into', 'arab', 'Arabic — العربية');
      await page.getByRole('form', { name: 'Translate post' }).getByRole('button', { name: 'Translate' }).click();
      await page.getByRole('link', { name: 'Open the Arabic — العربية version' }).click({ timeout: 60_000 });
      await expect(page.getByLabel('Title', { exact: true })).toHaveValue(FAKE_LANGUAGES.ar!.text('title'));
      await expect(page.getByRole('document', { name: 'Preview' })).toHaveAttribute('dir', 'rtl');
      const versions = page.getByRole('list', { name: 'Versions in other languages' });
      await expect(versions.getByRole('link', { name: 'English: Shaping a loaf' })).toBeVisible();
      await expectNoAxeViolations(page, 'arabic');
      await expectNoOverflow(page, 'arabic');
    });
  }
});
