// Issue 17: an editor without git or an IDE changes the landing hero title in the browser editor (Keystatic, local
// mode, under `astro dev`), saves, and the file and the page change. It runs on a temp copy of the site so the
// worktree's content stays as it is; the dev server listens on E2E_PORT + 200.
import { spawn, type ChildProcess } from 'node:child_process';
import { join } from 'node:path';
import { copySite, type SiteCopy } from '../support/site-copy.ts';
import { expect, test } from './support/test.ts';

const port = Number(process.env.E2E_PORT ?? 4517) + 200;
const devURL = `http://127.0.0.1:${port}`;
const NEW_TITLE = 'Edited in the browser editor';

let site: SiteCopy;
let dev: ChildProcess;

test.beforeAll(async () => {
  site = copySite();
  dev = spawn(
    process.execPath,
    [join(site.dir, 'node_modules/astro/bin/astro.mjs'), 'dev', '--port', String(port), '--host', '127.0.0.1'],
    { cwd: site.dir, stdio: 'pipe' },
  );
  // ready when the dev server prints its address
  await new Promise<void>((resolve, reject) => {
    let log = '';
    dev.stdout!.on('data', (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes(`127.0.0.1:${port}`)) resolve();
    });
    dev.on('exit', (code) => reject(new Error(`astro dev exited (${code}): ${log}`)));
  });
});

/** Stops the dev server and waits for it to exit. */
async function stopDev(): Promise<void> {
  if (!dev || dev.exitCode !== null || dev.signalCode !== null) return;
  const exited = new Promise((resolve) => dev.once('exit', resolve));
  dev.kill();
  await exited;
}

test.afterAll(async () => {
  await stopDev();
  site?.remove();
});

// runs first: the landing test below stops the dev server for its rebuild
test('a calculator country edited in the browser editor is saved to its file and shown in its page and <title>', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.goto(`${devURL}/keystatic/collection/calculatorCountries/item/de`);

  const name = page.getByRole('textbox', {
    name: 'Country name, e.g. United Kingdom (menus, headings, titles)',
    exact: true,
  });
  await expect(name).toHaveValue('Germany', { timeout: 60_000 });
  await name.fill('Deutschland');
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await expect.poll(() => site.read('src/content/calculator/country/de.md')).toContain('name: Deutschland');
  // the rest of the file survives the editor's rewrite, and the build's schema accepts what it wrote
  const saved = site.read('src/content/calculator/country/de.md');
  expect(saved).toContain('Do German searchers use German or English keywords?');
  expect(saved).toContain('Klempner [Stadt]');
  expect(saved).toContain('In Germany, a complete legal notice (Impressum)');
  const preview = await page.context().newPage();
  await expect
    .poll(async () => (await page.request.get(`${devURL}/tools/local-seo-calculator/country/de`)).text(), {
      timeout: 60_000,
    })
    .toContain('<title>Local SEO Calculator for Deutschland | Inkpilot</title>');
  await preview.goto(`${devURL}/tools/local-seo-calculator/country/de`);
  await expect(preview.getByRole('heading', { level: 1 })).toContainText('In Deutschland');
  await expect(preview.getByText('Do German searchers use German or English keywords?')).toBeVisible();
  await preview.close();
});

test('the landing hero title edited in the browser editor is saved to its file and shown on the page', async ({
  page,
  browser,
}) => {
  test.setTimeout(240_000);
  await page.goto(`${devURL}/keystatic/singleton/landing`);

  const title = page.getByRole('textbox', { name: 'Main heading', exact: true });
  await expect(title).toHaveValue('Publish SEO articles that sound like you, every day', { timeout: 60_000 });
  await title.fill(NEW_TITLE);
  await page.getByRole('button', { name: 'Save', exact: true }).click();

  await expect.poll(() => site.read('src/content/landing/home.yaml')).toContain(`title: ${NEW_TITLE}`);
  // the dev server picks the saved file up from its watcher: ask for the page until it has it, then open it
  await expect
    .poll(async () => (await page.request.get(`${devURL}/`)).text(), { timeout: 60_000 })
    .toContain(`>${NEW_TITLE}</h1>`);
  // a second tab, as an editor would open: the editor tab keeps its own page
  const preview = await page.context().newPage();
  await preview.goto(`${devURL}/`);
  await expect(preview.getByRole('heading', { level: 1 })).toHaveText(NEW_TITLE);

  // the rebuild: the dev server stops first, so its reloads cannot reach the pages
  await page.context().close();
  await stopDev();
  const build = site.astro(['build']);
  expect(build.status, build.output.slice(-2000)).toBe(0);
  const built = await browser.newPage();
  await built.goto(`file://${join(site.dir, 'dist/client/index.html')}`);
  await expect(built.getByRole('heading', { level: 1 })).toHaveText(NEW_TITLE);
  await built.close();
});
