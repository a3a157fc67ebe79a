// "Test AI connection" (Advanced → AI model, admins). The browser-test server has no AI configured, so it shows the
// offline composer and how to connect a model. With a model, a second API process is started beside it, as production
// runs several: the same database and sign-in, its own AI settings pointing at the fake AI, which the test switches
// between a server with structured outputs, one that refuses any response_format, and one that fails.
import AxeBuilder from '@axe-core/playwright';
import { spawn, type ChildProcess } from 'node:child_process';
import { createServer } from 'node:net';
import { FAKE_AI_KEY, FAKE_AI_MODEL, startFakeAi } from '../fixtures/fake-ai/server.mjs';
import { completeLocalSignIn, signIn } from './support/auth.ts';
import { expect, test, type Page } from './support/test.ts';

const port = Number(process.env.E2E_PORT ?? 4517);
const ADMIN = { email: 'admin@example.com', name: 'Admin User' };

async function axeViolations(page: Page): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

/** A port nothing listens on now. */
function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() => resolve(typeof address === 'object' && address ? address.port : 0));
    });
  });
}

/** Opens Advanced → AI model from the sidebar. */
async function openAiModel(page: Page) {
  await page
    .getByRole('navigation', { name: 'Workspace' })
    .getByRole('group', { name: 'Advanced' })
    .getByRole('link', { name: 'AI model' })
    .click();
  await expect(page.getByRole('heading', { level: 1, name: 'AI model' })).toBeVisible();
}

test('with no AI configured, the AI model page and its test say the offline composer is in use and how to connect one', async ({
  page,
}) => {
  await signIn(page, ADMIN);

  await openAiModel(page);

  const settings = page.getByRole('region', { name: 'Offline composer in use' });
  await expect(settings).toContainText('No AI model is configured, so the offline composer is in use');
  await expect(settings).toContainText('set AI_BASE_URL and AI_MODEL');
  await page.getByRole('button', { name: 'Test AI connection' }).click();
  const result = page.getByRole('region', { name: 'Connection test' }).getByRole('status');
  await expect(result).toContainText('No AI model is configured');
  await expect(result).toContainText('There is nothing to connect to: the offline composer is in use.');
  expect(await axeViolations(page)).toEqual([]);
});

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
    const appPort = await freePort();
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
        RUN_WORKERS: 'false',
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

  test('the test reports the model, its JSON support, latency and a sample; a refused JSON mode and a failure read plainly', async ({
    page,
  }) => {
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
    expect(await axeViolations(page)).toEqual([]);
  });
});
