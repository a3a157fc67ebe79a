// The custom-domain flow and the blog settings as an owner goes through them (spec workspace §2.2 Connect Domain
// banner, §2.3 Connect Your Domain modal, §8 messages). DNS checks go to a fake DNS server on loopback: the e2e server
// runs with DNS_SERVERS=127.0.0.1:<E2E_PORT + 104> (playwright.config.ts), and this file answers there.
import AxeBuilder from './support/axe.ts';
import type { Page, Route } from '@playwright/test';
import { startFakeDns } from '../fixtures/fake-dns/server.mjs';
import { signIn } from './support/auth.ts';
import { expect, test } from './support/test.ts';

const port = Number(process.env.E2E_PORT ?? 4517);
/** The loopback demo website of tests/fixtures/demo-site (started by tests/fixtures/start.mjs). */
const DEMO_SITE = `http://127.0.0.1:${port + 102}/`;
/** The logo the demo website shows, on its CDN (answered by a route below: the machine has no network). */
const DEMO_LOGO = 'https://static.hearth-and-crumb.test/logo.svg';

let dns: Awaited<ReturnType<typeof startFakeDns>>;
test.beforeAll(async () => {
  dns = await startFakeDns(port + 104);
});
test.afterAll(async () => dns?.stop());

const banner = (page: Page) => page.getByRole('complementary', { name: 'Connect Domain' });
const modal = (page: Page) => page.getByRole('dialog', { name: 'Connect Your Domain' });
const notifications = (page: Page) => page.getByRole('region', { name: 'Notifications' });
const toast = (page: Page, text: string) => notifications(page).getByRole('status').filter({ hasText: text });
const errorToast = (page: Page, text: string) => notifications(page).getByRole('alert').filter({ hasText: text });
const blogAddress = (page: Page) => page.getByRole('region', { name: 'Blog address' });
const settings = (page: Page) => page.getByRole('form', { name: 'Blog settings' });
const uniqueDomain = (label: string) =>
  `${label}-${Date.now()}-${Math.random().toString(36).slice(2, 6)}.acme-test.com`;

/** Axe findings in the blog settings form as it is now, in both themes. */
async function formViolations(page: Page): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations } = await new AxeBuilder({ page }).include('form[aria-labelledby^="blog-settings"]').analyze();
    found.push(
      ...violations.map(
        (violation) =>
          `${colorScheme} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
      ),
    );
  }
  return found;
}

async function goToProjects(page: Page) {
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Projects' }).click();
  await expect(blogAddress(page)).toBeVisible();
}

/** Holds the next request matching `method` and `url` until release() lets it through to the server. */
function hold(page: Page, method: string, url: string | RegExp) {
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  const held = new Promise<void>((arrived) =>
    page.route(url, async (route: Route) => {
      if (route.request().method() !== method) return route.fallback();
      arrived();
      await released;
      await route.fallback();
    }),
  );
  return { held, release };
}

test('the Connect Domain banner is dismissed for the visit: gone across the workspace, back after a reload', async ({
  page,
}) => {
  await signIn(page);
  await expect(banner(page)).toContainText('Serve your blog on your own domain.');

  await banner(page).getByRole('button', { name: 'Dismiss Connect Domain banner' }).click();
  await expect(banner(page)).toHaveCount(0);
  await goToProjects(page);
  await expect(banner(page)).toHaveCount(0);
  await page.reload();

  // The spec's browser storage keys hold no dismissals: a project still without a domain shows the banner again.
  await expect(banner(page)).toBeVisible();
});

test('an owner connects a domain: Connecting... while busy, the DNS records, Check DNS until verified, a path on it, then removes it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await banner(page).getByRole('button', { name: 'Connect Domain', exact: true }).click();

  // The spec's modal: Domain Name, Cancel, Connect, nothing else.
  await expect(modal(page).getByRole('textbox')).toHaveCount(1);
  await expect(modal(page).getByRole('textbox', { name: 'Domain Name' })).toBeVisible();
  await expect(modal(page).getByRole('button')).toHaveText(['Cancel', 'Connect']);
  await modal(page).getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page).getByRole('alert')).toHaveText('Please enter a valid domain.');
  await modal(page).getByLabel('Domain Name').fill('https://x.com/path');
  await modal(page).getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page).getByRole('alert')).toHaveText('body.domain -> Please enter a valid domain.');
  await expect(toast(page, 'Connecting domain... This may take a moment.')).toHaveCount(0); // that try's toast has closed

  const domain = uniqueDomain('blog');
  await modal(page).getByLabel('Domain Name').fill(domain);
  const connect = hold(page, 'POST', '**/api/projects/*/custom-domain');
  await modal(page).getByRole('button', { name: 'Connect', exact: true }).click();
  await connect.held;
  await expect(toast(page, 'Connecting domain... This may take a moment.')).toBeVisible();
  await expect(modal(page).getByRole('button', { name: 'Connecting...' })).toBeDisabled();
  connect.release();

  await expect(
    toast(page, 'Custom blog domain saved! Configure DNS and Cloudflare routing to complete setup.'),
  ).toBeVisible();
  await expect(banner(page)).toHaveCount(0);
  const records = modal(page).getByRole('table');
  await expect(records.getByRole('row')).toHaveCount(3);
  await expect(records.getByRole('row').nth(1).getByRole('cell')).toHaveText(['CNAME', domain, /\.blogs\.localhost$/]);
  const txt = records.getByRole('row').nth(2).getByRole('cell');
  await expect(txt).toHaveText(['TXT', `_inkpilot-verify.${domain}`, /^inkpilot-verify=[0-9a-f]{32}$/]);
  await expect(modal(page).getByText('Pending DNS verification')).toBeVisible();

  // No TXT record yet: the check runs and says so; the domain stays pending.
  await modal(page).getByRole('button', { name: 'Check DNS' }).click();
  await expect(
    toast(page, 'The TXT record was not found yet. DNS changes can take a while; check again later.'),
  ).toBeVisible();
  await expect(modal(page).getByText('Pending DNS verification')).toBeVisible();

  dns.setTxt(`_inkpilot-verify.${domain}`, [[(await txt.nth(2).textContent())!]]);
  await modal(page).getByRole('button', { name: 'Check DNS' }).click();
  await expect(toast(page, 'Domain verified. Your blog is live on it.')).toBeVisible();
  await expect(modal(page).getByText('Verified', { exact: true })).toBeVisible();
  await expect(modal(page).getByRole('table')).toHaveCount(0);
  await modal(page).getByRole('button', { name: 'Close' }).click();
  await expect(modal(page)).toHaveCount(0);

  // Subpath mode lives in the blog settings: a path on the connected domain.
  await goToProjects(page);
  await expect(blogAddress(page)).toContainText(`Your blog is live at https://${domain}/`);
  await settings(page).getByLabel(`Path on ${domain}`).fill('blog/');
  await settings(page).getByRole('button', { name: 'Save blog settings' }).click();
  await expect(toast(page, 'Blog settings saved.')).toBeVisible();
  await expect(blogAddress(page).getByRole('link', { name: `https://${domain}/blog/` })).toBeVisible();
  await expect(settings(page).getByLabel(`Path on ${domain}`)).toHaveValue('/blog');
  await settings(page).getByLabel(`Path on ${domain}`).fill('/a/../b');
  await settings(page).getByRole('button', { name: 'Save blog settings' }).click();
  await expect(settings(page).getByRole('alert')).toHaveText('Please enter a valid path, like /blog.');
  expect(await formViolations(page)).toEqual([]);

  await blogAddress(page).getByRole('button', { name: 'Remove domain' }).click();
  await expect(toast(page, 'Custom blog domain removed.')).toBeVisible();
  await expect(banner(page)).toBeVisible();
  await expect(settings(page).getByText(/^Path on/)).toHaveCount(0);
  await expect(blogAddress(page).getByRole('link', { name: /\.blogs\.localhost:\d+\/$/ })).toBeVisible();
});

test('when the server cannot be reached through the front proxy, the modal and the panel say "Failed to connect domain." and "Failed to remove domain."', async ({
  page,
}) => {
  await signIn(page);
  await goToProjects(page);
  // The front proxy answers 502 with its own HTML page: no detail from the app to show.
  const badGateway = (route: Route) =>
    route.fulfill({ status: 502, contentType: 'text/html', body: '<h1>502 Bad Gateway</h1>' });
  await page.route('**/api/projects/*/custom-domain', (route) =>
    route.request().method() === 'POST' ? badGateway(route) : route.fallback(),
  );

  await blogAddress(page).getByRole('button', { name: 'Connect Domain' }).click();
  await modal(page).getByLabel('Domain Name').fill(uniqueDomain('down'));
  await modal(page).getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(modal(page).getByRole('alert')).toHaveText('Failed to connect domain.');
  await expect(errorToast(page, 'Failed to connect domain.')).toBeVisible();
  await expect(modal(page).getByRole('button', { name: 'Connect', exact: true })).toBeEnabled();

  await page.unroute('**/api/projects/*/custom-domain');
  await modal(page).getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(
    toast(page, 'Custom blog domain saved! Configure DNS and Cloudflare routing to complete setup.'),
  ).toBeVisible();
  await modal(page).getByRole('button', { name: 'Close' }).click();
  await page.route('**/api/projects/*/custom-domain', (route) =>
    route.request().method() === 'DELETE' ? badGateway(route) : route.fallback(),
  );
  await blogAddress(page).getByRole('button', { name: 'Remove domain' }).click();
  await expect(errorToast(page, 'Failed to remove domain.')).toBeVisible();
  await expect(blogAddress(page).getByRole('button', { name: 'Remove domain' })).toBeVisible();
});

test('an owner gives the blog the brand found on the website; a light colour or an http logo is refused; the blog shows the brand', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await signIn(page);
  await page
    .getByRole('complementary', { name: 'Connect Website' })
    .getByRole('button', { name: 'Connect Website', exact: true })
    .click();
  const website = page.getByRole('dialog', { name: 'Connect Your Website' });
  await website.getByLabel('Homepage URL').fill(DEMO_SITE);
  await website.getByRole('button', { name: 'Connect' }).click();
  await expect(page.getByRole('complementary', { name: 'Connect Website' })).toHaveCount(0, { timeout: 60_000 });

  await goToProjects(page);
  const form = settings(page);
  await expect(
    form.getByText(`Filled in from your website's brand (${DEMO_SITE}). Save to use it on your blog.`),
  ).toBeVisible();
  await expect(form.getByLabel('Logo')).toHaveValue(DEMO_LOGO);
  await expect(form.getByLabel('Accent colour')).toHaveValue('#8b4513');
  await expect(form.getByText(/^Path on/)).toHaveCount(0); // no custom domain: no path to serve under

  await form.getByLabel('Accent colour').fill('#ffcc00');
  await form.getByRole('button', { name: 'Save blog settings' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    "#ffcc00 is too light on the blog's white page (contrast 1.5:1); links and buttons need at least 4.5:1. Choose a darker colour.",
  );
  await form.getByLabel('Accent colour').fill('#8B4513');
  await form.getByLabel('Logo').fill('http://static.hearth-and-crumb.test/logo.svg');
  await form.getByRole('button', { name: 'Save blog settings' }).click();
  await expect(form.getByRole('alert')).toHaveText(
    'Please enter the logo as an https:// address of an image, or the id of an image stored in this project.',
  );
  expect(await formViolations(page)).toEqual([]);
  await form.getByLabel('Logo').fill(DEMO_LOGO);
  await form.getByRole('button', { name: 'Save blog settings' }).click();
  await expect(toast(page, 'Blog settings saved.')).toBeVisible();
  await expect(form.getByText(/^Filled in from your website/)).toHaveCount(0);

  const address = (await blogAddress(page).getByRole('link').first().textContent())!;
  const blog = await context.newPage();
  await blog.route(DEMO_LOGO, (route) =>
    route.fulfill({
      contentType: 'image/svg+xml',
      body: '<svg xmlns="http://www.w3.org/2000/svg" width="120" height="40"><rect width="120" height="40" fill="#8b4513"/></svg>',
    }),
  );
  await blog.goto(address);
  const logo = blog.locator('header img');
  await expect(logo).toHaveAttribute('src', DEMO_LOGO);
  await expect.poll(() => logo.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBeGreaterThan(0);
  await expect(blog.getByRole('link', { name: 'RSS' })).toHaveCSS('color', 'rgb(139, 69, 19)');
});
