// "Test AI connection" (Advanced → AI model, admins). The browser-test server has no AI configured, so it shows the
// offline composer and how to connect a model. With a model, a second app process is started beside it, as production
// runs several: the same database and sign-in, its own AI settings pointing at the fake AI (and its own job queues, so
// its brand and plan jobs are written by that model), which the test switches between a server with structured outputs,
// one that refuses any response_format, and one that fails.
import AxeBuilder from './support/axe.ts';
import { spawn, type ChildProcess } from 'node:child_process';
import { freePortRange } from '../../scripts/ports.mjs';
import { FAKE_AI_KEY, FAKE_AI_MODEL, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { completeLocalSignIn, signIn, uniqueEmail } from './support/auth.ts';
import { expect, test, type Page } from './support/test.ts';

const port = Number(process.env.E2E_PORT ?? 4517);
const ADMIN = { email: 'admin@example.com', name: 'Admin User' };
/** The loopback demo website of tests/fixtures/demo-site (started by tests/fixtures/start.mjs). */
const DEMO_SITE = `http://127.0.0.1:${port + 102}/`;

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** The two screens every check runs at: a laptop and a phone. */
const VIEWPORTS = [
  { width: 1366, height: 768 },
  { width: 390, height: 844 },
];

/** True when the page scrolls sideways (what a phone must never do). */
function overflowsSideways(page: Page): Promise<boolean> {
  return page.evaluate(() => document.documentElement.scrollWidth > document.documentElement.clientWidth);
}

/** Opens Advanced → AI model from the sidebar, or from the navigation sheet on a phone. */
async function openAiModel(page: Page) {
  const phone = (page.viewportSize()?.width ?? 1366) < 768;
  if (phone) {
    await page.getByRole('button', { name: 'Toggle sidebar' }).click();
    await page.getByRole('dialog', { name: 'Navigation' }).getByRole('link', { name: 'AI model' }).click();
  } else {
    await page
      .getByRole('navigation', { name: 'Workspace' })
      .getByRole('group', { name: 'Advanced' })
      .getByRole('link', { name: 'AI model' })
      .click();
  }
  await expect(page.getByRole('heading', { level: 1, name: 'AI model' })).toBeVisible();
}

for (const viewport of VIEWPORTS) {
  test(`with no AI configured, the AI model page and its test say the offline composer is in use and how to connect one (${viewport.width}px)`, async ({
    page,
  }) => {
    await page.setViewportSize(viewport);
    await signIn(page, ADMIN);

    await openAiModel(page);

    const settings = page.getByRole('region', { name: 'Offline composer in use' });
    await expect(settings).toContainText('No AI model is configured, so the offline composer is in use');
    await expect(settings).toContainText('set AI_BASE_URL and AI_MODEL');
    await page.getByRole('button', { name: 'Test AI connection' }).click();
    const result = page.getByRole('region', { name: 'Connection test' }).getByRole('status');
    await expect(result).toContainText('No AI model is configured');
    await expect(result).toContainText('There is nothing to connect to: the offline composer is in use.');
    await expect.poll(() => overflowsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });
}

test('a signed-in user who is not an admin has no AI model entry and the page says admins only', async ({ page }) => {
  await signIn(page);

  await expect(page.getByRole('group', { name: 'Advanced' })).toHaveCount(0);
  await page.goto('/admin/ai');

  await expect(page.getByRole('heading', { name: 'Admins only' })).toBeVisible();
  await expect(page.getByRole('button', { name: 'Test AI connection' })).toHaveCount(0);
});

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
        ADMIN_EMAILS: ADMIN.email,
        JOBS_QUEUE_PREFIX: 'ai-connection.',
        FETCH_ALLOW_LOOPBACK: 'true',
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

  for (const viewport of VIEWPORTS) {
    test(`the test reports the model, its JSON support, latency and a sample; a refused JSON mode and a failure read plainly (${viewport.width}px)`, async ({
      page,
    }) => {
      ai.behave({});
      await page.setViewportSize(viewport);
      await page.goto(`${origin}/signin`);
      await completeLocalSignIn(page, ADMIN);
      await page.waitForURL('**/dashboard');
      await openAiModel(page);
      const settings = page.getByRole('region', { name: 'Configured model' });
      await expect(settings).toContainText(FAKE_AI_MODEL);
      await expect(settings).toContainText(ai.baseUrl);
      await expect(settings).toContainText('Set (never shown)');
      await expect(settings).not.toContainText(FAKE_AI_KEY);

      await page.getByRole('button', { name: 'Test AI connection' }).click();

      const connected = page.getByRole('region', { name: 'Connection test' }).getByRole('status');
      await expect(connected).toContainText('Connected');
      await expect(connected).toContainText(FAKE_AI_MODEL);
      await expect(connected).toContainText('Structured outputs (json_schema)');
      await expect(connected).toContainText(/\d+ ms/);
      await expect(connected).toContainText('Fake greeting from the fake AI.');
      await expect(settings).toContainText('Structured outputs (json_schema)');
      await expect.poll(() => overflowsSideways(page)).toBe(false);
      expect(await axeViolations(page)).toEqual([]);

      // The server no longer takes any response_format (a llama.cpp build without JSON schema support): found again.
      ai.behave({ responseFormat: 'reject', think: 'leading' });
      await page.getByRole('button', { name: 'Test AI connection' }).click();
      await expect(connected).toContainText('Instructions only (the server takes no JSON mode)');
      await expect(connected).toContainText('Fake greeting from the fake AI.');
      await expect(connected).not.toContainText('think');
      await expect(settings).toContainText('Instructions only');

      // The server fails: its own words, and what to check.
      ai.behave({});
      ai.script({ status: 500 });
      await page.getByRole('button', { name: 'Test AI connection' }).click();
      const failed = page.getByRole('region', { name: 'Connection test' }).getByRole('alert');
      await expect(failed).toContainText('The test failed');
      await expect(failed).toContainText('The AI server failed: 500 scripted 500');
      await expect(failed).toContainText('Check AI_BASE_URL, AI_MODEL and AI_API_KEY');
      await expect.poll(() => overflowsSideways(page)).toBe(false);
      expect(await axeViolations(page)).toEqual([]);
    });
  }

  test('a plan the model writes is labelled with its name on every calendar card', async ({ page }) => {
    test.setTimeout(120_000);
    await page.setViewportSize({ width: 1366, height: 768 });
    await page.goto(`${origin}/signin`);
    await completeLocalSignIn(page, { email: uniqueEmail('planner'), name: 'Pia Planner' });
    await page.waitForURL('**/dashboard');
    const wizard = page.getByRole('region', { name: 'Get started' });
    await wizard.getByLabel('Project name').fill('Planner Co');
    await wizard.getByRole('button', { name: 'Continue' }).click();
    await wizard.getByLabel('Homepage URL').fill(DEMO_SITE);
    await wizard.getByRole('button', { name: 'Connect', exact: true }).click();
    await expect(wizard.getByRole('heading', { name: 'Plan your calendar' })).toBeVisible({ timeout: 60_000 });

    await wizard.getByRole('button', { name: 'Launch Your 30 days Empire' }).click();
    await wizard.getByRole('link', { name: 'View Your 30-Day Plan' }).click({ timeout: 60_000 });
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'List' }).click();

    const cards = page.getByRole('list', { name: 'Planned posts' }).getByRole('article');
    await expect(cards).toHaveCount(30);
    await expect(cards.filter({ hasText: `Planned by ${FAKE_AI_MODEL}` })).toHaveCount(30);
    await expect(cards.filter({ hasText: 'draft —' })).toHaveCount(0);
    expect(await axeViolations(page)).toEqual([]);

    // On a phone the list and the month (a list of its planned days there) keep the labels, never wider than the page.
    await page.setViewportSize({ width: 390, height: 844 });
    await expect(cards.filter({ hasText: `Planned by ${FAKE_AI_MODEL}` })).toHaveCount(30);
    await expect.poll(() => overflowsSideways(page)).toBe(false);
    await page.getByRole('group', { name: 'View' }).getByRole('button', { name: 'Month' }).click();
    const month = page.getByRole('list', { name: 'Days of the month' });
    await expect(month.getByText(`Planned by ${FAKE_AI_MODEL}`).first()).toBeVisible();
    await expect.poll(() => overflowsSideways(page)).toBe(false);
    expect(await axeViolations(page)).toEqual([]);
  });
});
