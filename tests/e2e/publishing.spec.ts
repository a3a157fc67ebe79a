// Publishing to other sites (issue 28) as an owner goes through it, at 1366×768 and 390×844 with axe: Projects →
// Publishing adds a webhook (Test connection against a receiver on loopback first, the signing secret shown once),
// a published post shows where it is live and its delivery log, and a receiver that fails shows its own words with
// Retry, which delivers once it is back; at 390×844 the same by keyboard. The receivers run in this file on
// free ports. A real WordPress (tests/fixtures/wordpress) is connected the same way: its own refusal of a wrong
// Application Password, then the post live there, and an edit made in WordPress shown on the post page. Webflow (the fake on E2E_PORT + 107, where playwright.config.ts
// points WEBFLOW_API_BASE_URL) is set up from what Test connection offers: the collection, then its fields, as selects;
// Shopify (a fake on a free port, typed as the store's address) the same way, its blog chosen from a list.
import { randomBytes } from 'node:crypto';
import postgres from 'postgres';
import AxeBuilder from './support/axe.ts';
import { Webhook } from 'standardwebhooks';
import { startFakeShopify } from '../fixtures/fake-shopify/server.mjs';
import { startFakeWebflow } from '../fixtures/fake-webflow/server.mjs';
import { startWebhookReceiver } from '../fixtures/webhook-receiver/server.mjs';
import { startWordPress } from '../fixtures/wordpress/start.ts';
import { signIn } from './support/auth.ts';
import { expect, test, type Page } from './support/test.ts';

const port = Number(process.env.E2E_PORT ?? 4517);
let backend: Awaited<ReturnType<typeof startWebhookReceiver>>;
let mirror: Awaited<ReturnType<typeof startWebhookReceiver>>;
let webflow: Awaited<ReturnType<typeof startFakeWebflow>>;

test.beforeAll(async () => {
  // Receivers on free ports (their addresses are typed into the form); Webflow on the port the server was given.
  [backend, mirror, webflow] = await Promise.all([
    startWebhookReceiver(0),
    startWebhookReceiver(0),
    startFakeWebflow(port + 107),
  ]);
});
test.afterAll(async () => {
  await backend?.stop();
  await mirror?.stop();
  await webflow?.stop();
});

const publishing = (page: Page) => page.getByRole('region', { name: 'Publishing' });
const form = (page: Page) => page.getByRole('form', { name: 'Add a destination' });
const liveOn = (page: Page) => page.getByRole('region', { name: 'Live on' });
const log = (page: Page) => page.getByRole('list', { name: 'Delivery log' });

/** Axe findings inside `selector` in both themes. */
async function violations(page: Page, selector: string): Promise<string[]> {
  const found: string[] = [];
  for (const colorScheme of ['light', 'dark'] as const) {
    await page.emulateMedia({ colorScheme });
    const { violations: list } = await new AxeBuilder({ page }).include(selector).analyze();
    found.push(
      ...list.map((item) => `${colorScheme} ${item.id}: ${item.nodes.map((node) => node.target.join(' ')).join(', ')}`),
    );
  }
  await page.emulateMedia({ colorScheme: 'light' });
  return found;
}

async function noSideScroll(page: Page, where: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: where })
    .toBeLessThanOrEqual(0);
}

/** Adds a webhook destination through the form, testing the connection first; answers the test's result. */
async function addWebhook(page: Page, name: string, url: string) {
  await publishing(page).getByRole('button', { name: 'Add destination' }).click();
  await form(page).getByLabel('Kind').selectOption({ label: 'Webhook' });
  await form(page).getByLabel('Name').fill(name);
  await form(page).getByLabel('Endpoint URL').fill(url);
  await form(page).getByRole('button', { name: 'Test connection' }).click();
}

/** Forgets when the post page last asked the post's destinations for changes (only this test's post's rows). */
async function forgetRemoteCheck(postId: string) {
  const sql = postgres({
    host: '127.0.0.1',
    port: port + 50_000 > 65_000 ? 54517 : port + 50_000, // the e2e server's embedded Postgres (playwright.config.ts)
    user: 'inkpilot',
    password: 'inkpilot',
    database: 'inkpilot',
    max: 1,
  });
  try {
    await sql`update post_destinations set checked_at = null where post_id = ${postId}`;
  } finally {
    await sql.end();
  }
}

/** A new post with this title, published from the editor; answers its id. */
async function publishPost(page: Page, title: string): Promise<string> {
  await page.goto('/blogs');
  await page.getByRole('button', { name: 'New post' }).click();
  await page.waitForURL('**/dashboard/blog/edit/*');
  await page.getByLabel('Title', { exact: true }).fill(title);
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Post published.' })).toBeVisible();
  return page.url().split('/').pop()!;
}

test('an owner adds a webhook after testing it, publishes, sees it delivered, and retries a failing one', async ({
  page,
  context,
}) => {
  test.setTimeout(120_000);
  await context.grantPermissions(['clipboard-read', 'clipboard-write']);
  await page.setViewportSize({ width: 1366, height: 768 });
  backend.setPlan({});
  mirror.setPlan({ fallback: 500, body: 'maintenance until 10:00' });
  await signIn(page, { name: 'Petra Publisher' });
  await page.goto('/projects');
  await expect(publishing(page)).toContainText('No destinations yet: posts are published to your hosted blog only.');

  await addWebhook(page, 'Our backend', backend.url);
  await expect(form(page).getByRole('status')).toContainText(
    `${new URL(backend.url).host} accepted a signed test event (webhook.test).`,
  );
  expect(JSON.parse(backend.received.at(-1)!.body).type).toBe('webhook.test');
  await form(page).getByRole('button', { name: 'Save destination' }).click();
  const secretField = publishing(page).getByLabel('Signing secret');
  await expect(secretField).toHaveValue(/^whsec_/);
  const secret = await secretField.inputValue();
  await publishing(page).getByRole('button', { name: 'Copy' }).click();
  expect(await page.evaluate(() => navigator.clipboard.readText())).toBe(secret);
  await publishing(page).getByRole('button', { name: 'Done' }).click();
  await expect(secretField).toHaveCount(0);
  await expect(publishing(page).getByRole('listitem', { name: 'Our backend' })).toContainText('Webhook');

  // A receiver that fails says so in its own words before anything is saved; saved anyway, it is on the list.
  await addWebhook(page, 'Mirror', mirror.url);
  await expect(form(page).getByRole('alert')).toContainText(
    'The webhook endpoint answered 500: maintenance until 10:00',
  );
  await expect(form(page).getByRole('alert')).toContainText('Webhook said: maintenance until 10:00');
  expect(await violations(page, 'section[aria-labelledby="publishing"]')).toEqual([]);
  await form(page).getByRole('button', { name: 'Save destination' }).click();
  await publishing(page).getByRole('button', { name: 'Done' }).click();
  await expect(publishing(page).getByRole('listitem', { name: 'Mirror' })).toBeVisible();

  const postId = await publishPost(page, 'Signed and delivered');
  await expect(page.getByRole('group', { name: 'Publish to' }).getByLabel('Our backend (Webhook)')).toBeChecked();
  await page.goto(`/blogs/${postId}`);
  await expect(liveOn(page)).toContainText('Our backend (Webhook): Live');
  await expect(log(page).getByRole('listitem', { name: 'Published to Our backend: Delivered' })).toBeVisible();
  const failing = log(page).getByRole('listitem', { name: 'Published to Mirror: Waiting' });
  await expect(failing).toContainText('The webhook endpoint answered 500: maintenance until 10:00. Trying again at');
  await expect(liveOn(page)).toContainText('Mirror (Webhook): Not live yet: the last attempt failed');
  const delivered = backend.received.filter(
    (request) =>
      request.headers['webhook-id']?.startsWith('msg_') && !request.headers['webhook-id'].startsWith('msg_test'),
  );
  const message = new Webhook(secret).verify(delivered.at(-1)!.body, delivered.at(-1)!.headers) as {
    type: string;
    data: { id: string; title: string };
  };
  expect(message).toMatchObject({ type: 'post.published', data: { id: postId, title: 'Signed and delivered' } });
  expect(await violations(page, 'section[aria-labelledby="live-on"]')).toEqual([]);

  mirror.setPlan({ fallback: 200 });
  await failing.getByRole('button', { name: 'Retry published to Mirror' }).click();
  await expect(log(page).getByRole('listitem', { name: 'Published to Mirror: Delivered' })).toBeVisible({
    timeout: 15_000,
  });
  await expect(liveOn(page)).toContainText('Mirror (Webhook): Live');
});

test('at 390×844 the Publishing section, the form and a post’s delivery log fit the screen', async ({ page }) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 390, height: 844 });
  backend.setPlan({});
  await signIn(page, { name: 'Phil Phone' });
  await page.goto('/projects');
  await expect(publishing(page)).toBeVisible();
  await noSideScroll(page, 'projects, empty publishing');

  // With the keyboard only: the form opens with its first field focused, Tab walks it in order, Enter tests and saves.
  await publishing(page).getByRole('button', { name: 'Add destination' }).focus();
  await page.keyboard.press('Enter');
  await expect(form(page).getByLabel('Kind')).toBeFocused();
  await form(page).getByLabel('Kind').selectOption({ label: 'Webhook' });
  await page.keyboard.press('Tab');
  await expect(form(page).getByLabel('Name')).toBeFocused();
  await page.keyboard.type('Phone hook with a rather long name');
  await page.keyboard.press('Tab');
  await expect(form(page).getByLabel('Endpoint URL')).toBeFocused();
  await page.keyboard.type(backend.url);
  await page.keyboard.press('Tab');
  await expect(form(page).getByRole('radio', { name: /The hosted blog/ })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form(page).getByRole('button', { name: 'Cancel' })).toBeFocused();
  await page.keyboard.press('Tab');
  await expect(form(page).getByRole('button', { name: 'Test connection' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(form(page).getByRole('status')).toContainText('accepted a signed test event');
  await noSideScroll(page, 'the destination form');
  expect(await violations(page, 'section[aria-labelledby="publishing"]')).toEqual([]);
  await page.keyboard.press('Tab');
  await expect(form(page).getByRole('button', { name: 'Save destination' })).toBeFocused();
  await page.keyboard.press('Enter');
  const secretField = publishing(page).getByLabel('Signing secret');
  await expect(secretField).toHaveValue(/^whsec_/);
  await expect(secretField).toBeFocused();
  await noSideScroll(page, 'the signing secret');
  expect(await violations(page, 'section[aria-labelledby="publishing"]')).toEqual([]);
  await page.keyboard.press('Tab');
  await page.keyboard.press('Tab');
  await expect(publishing(page).getByRole('button', { name: 'Done' })).toBeFocused();
  await page.keyboard.press('Enter');
  await expect(publishing(page).getByRole('button', { name: 'Add destination' })).toBeFocused();
  await expect(publishing(page).getByRole('listitem', { name: 'Phone hook with a rather long name' })).toBeVisible();
  await noSideScroll(page, 'the list of destinations');

  const postId = await publishPost(page, 'Read on a phone');
  await page.goto(`/blogs/${postId}`);
  await expect(
    log(page).getByRole('listitem', { name: 'Published to Phone hook with a rather long name: Delivered' }),
  ).toBeVisible();
  await noSideScroll(page, 'the post page with its delivery log');
  expect(await violations(page, 'section[aria-labelledby="live-on"]')).toEqual([]);
  await page.getByRole('link', { name: 'Edit post' }).click();
  await expect(page.getByRole('group', { name: 'Publish to' })).toBeVisible();
  await noSideScroll(page, 'the editor with its Publish to switches');
});

test('an owner connects a real WordPress: its refusal before saving, the password never shown, the post live there', async ({
  page,
}) => {
  test.setTimeout(120_000);
  const wp = await startWordPress();
  try {
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, { name: 'Wanda WordPress' });
    await page.goto('/projects');
    await publishing(page).getByRole('button', { name: 'Add destination' }).click();
    await form(page).getByLabel('Kind').selectOption({ label: 'WordPress' });
    await form(page).getByLabel('Name', { exact: true }).fill('Our WordPress');
    await form(page).getByLabel('Site address').fill(wp.url);
    await form(page).getByLabel('User name', { exact: true }).fill(wp.user);
    const password = form(page).getByLabel('Application Password', { exact: true });
    await password.fill('abcd efgh ijkl mnop qrst uvwx');
    await form(page).getByRole('button', { name: 'Test connection' }).click();
    await expect(form(page).getByRole('alert')).toContainText(
      'WordPress did not accept the user name and Application Password.',
    );
    await expect(form(page).getByRole('alert')).toContainText(
      'WordPress said: You are not currently logged in. (rest_not_logged_in)',
    );

    await password.fill(wp.appPassword);
    await form(page).getByRole('button', { name: 'Test connection' }).click();
    await expect(form(page).getByRole('status')).toContainText(`Connected to ${wp.url} as ${wp.user}.`);
    await expect(form(page).getByRole('status')).toContainText('seo plugin: none found');
    expect(await violations(page, 'section[aria-labelledby="publishing"]')).toEqual([]);
    await form(page).getByRole('button', { name: 'Save destination' }).click();
    const card = publishing(page).getByRole('listitem', { name: 'Our WordPress' });
    await expect(card).toContainText('WordPress');
    await expect(card).toContainText(wp.url);
    await expect(card).toContainText('credentials saved, never shown again');

    // Changing it later: the password field is empty, says it is saved, and testing without retyping it works.
    await card.getByRole('button', { name: 'Change Our WordPress' }).click();
    const change = publishing(page).getByRole('form', { name: 'Change Our WordPress' });
    await expect(change.getByLabel('Application Password', { exact: true })).toHaveValue('');
    await expect(change.getByLabel('Application Password', { exact: true })).toHaveAccessibleDescription(
      /^Saved\. Leave empty to keep it\./,
    );
    await change.getByRole('button', { name: 'Test connection' }).click();
    await expect(change.getByRole('status')).toContainText(`Connected to ${wp.url} as ${wp.user}.`);
    await change.getByRole('button', { name: 'Cancel' }).click();
    expect(await page.content()).not.toContain(wp.appPassword);

    const postId = await publishPost(page, 'Straight to WordPress');
    await page.goto(`/blogs/${postId}`);
    await expect(log(page).getByRole('listitem', { name: 'Published to Our WordPress: Delivered' })).toBeVisible();
    await expect(liveOn(page)).toContainText('Our WordPress (WordPress): Live');
    const link = liveOn(page).getByRole('link', { name: 'Open on Our WordPress' });
    await expect(link).toHaveAttribute('href', new RegExp(`^${wp.url}/`));
    const posts = (await wp.rest('/wp/v2/posts', {}, 'context=edit&status=publish')).body as {
      id: number;
      title: { raw: string };
      link: string;
    }[];
    expect(posts.filter((post) => post.title.raw === 'Straight to WordPress')).toHaveLength(1);
    const live = posts.find((post) => post.title.raw === 'Straight to WordPress')!;
    await expect(link).toHaveAttribute('href', live.link);
    expect(await violations(page, 'section[aria-labelledby="live-on"]')).toEqual([]);
    await expect(liveOn(page)).not.toContainText('since our last push');

    // Someone edits the post in WordPress; reopened, the post page says so. WordPress keeps modified times in whole
    // seconds, so the edit is made again until WordPress records a time after our push's.
    const pushed = (await wp.rest(`/wp/v2/posts/${live.id}`, {}, 'context=edit')).body.modified_gmt as string;
    await expect
      .poll(async () => {
        const edited = await wp.rest(`/wp/v2/posts/${live.id}`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ title: 'Straight to WordPress, edited there' }),
        });
        return edited.body.modified_gmt;
      })
      .not.toBe(pushed);
    // The page asks WordPress at most once a minute per destination; it asked when it opened a moment ago.
    await forgetRemoteCheck(postId);
    await page.goto(`/blogs/${postId}`);
    await expect(liveOn(page)).toContainText(
      'Changed on Our WordPress since our last push: saving this post here will replace those changes.',
    );
    expect(await violations(page, 'section[aria-labelledby="live-on"]')).toEqual([]);
  } finally {
    await wp.stop();
  }
});

test('at 390×844 an owner sets up Webflow by keyboard from what Test connection offers: the collection, then its fields', async ({
  page,
}) => {
  test.setTimeout(120_000);
  // A second collection that cannot take posts as they are: it requires a field Inkpilot does not fill.
  const caseStudies = randomBytes(12).toString('hex');
  webflow.state.collections.set(caseStudies, {
    id: caseStudies,
    siteId: webflow.state.siteId,
    displayName: 'Case Studies',
    singularName: 'Case Study',
    slug: 'case-studies',
    fields: [
      { slug: 'name', displayName: 'Name', type: 'PlainText', isRequired: true },
      { slug: 'slug', displayName: 'Slug', type: 'PlainText', isRequired: true },
      { slug: 'story', displayName: 'Story', type: 'RichText', isRequired: false },
      { slug: 'client', displayName: 'Client', type: 'PlainText', isRequired: true },
    ].map((field) => ({ id: randomBytes(12).toString('hex'), isEditable: true, ...field })),
  });
  await page.setViewportSize({ width: 390, height: 844 });
  await signIn(page, { name: 'Wes Webflow' });
  await page.goto('/projects');
  await publishing(page).getByRole('button', { name: 'Add destination' }).click();
  await form(page).getByLabel('Kind').selectOption({ label: 'Webflow' });
  await form(page).getByLabel('Name', { exact: true }).fill('Marketing site');
  await form(page).getByLabel('Site API token').fill(webflow.state.token);
  await form(page).getByLabel('Site ID').fill(webflow.state.siteId);
  const collection = form(page).getByLabel('Collection ID');
  await expect(collection).toHaveJSProperty('tagName', 'INPUT'); // typed by hand until the site is reached
  await form(page).getByRole('button', { name: 'Test connection' }).press('Enter');

  // Reached, with a collection to choose: said as such, not as a failure of the address or credentials.
  const result = form(page).getByRole('status');
  await expect(result).toContainText('Connected to Acme Marketing. Choose the collection posts go to:');
  await expect(result).toContainText('The connection works. Choose the collection below, then test again.');
  await expect(form(page)).not.toContainText('Check the address and credentials');
  await expect(form(page).getByRole('alert')).toHaveCount(0);
  await expect(collection).toHaveJSProperty('tagName', 'SELECT');
  await expect(collection.getByRole('option')).toHaveText(['Choose the collection…', 'Blog Posts', 'Case Studies']);
  await expect(form(page).getByLabel('Body field')).toHaveCount(1); // still a text field: no collection yet
  await expect(form(page).getByLabel('Body field')).toHaveJSProperty('tagName', 'INPUT');
  await noSideScroll(page, 'the Webflow form with its collection to choose');
  expect(await violations(page, 'section[aria-labelledby="publishing"]')).toEqual([]);

  // The keyboard chooses: Case Studies (the last option), then Test connection.
  await collection.focus();
  await page.keyboard.press('End');
  await expect(collection).toHaveValue(caseStudies);
  await expect(collection).toHaveAccessibleDescription(
    /Press Test connection to check this collection and map its fields\.$/,
  );
  await expect(result).toHaveCount(0); // the last result spoke of no collection: gone
  await form(page).getByRole('button', { name: 'Test connection' }).press('Enter');
  await expect(result).toContainText('The collection “Case Studies” does not fit');
  await expect(result).toContainText('“Client” is required by the collection and Inkpilot does not fill it');
  await expect(result).toContainText(
    'The connection works. Choose fields of the collection that fit below, then test again.',
  );
  await expect(form(page).getByLabel('Body field').getByRole('option')).toHaveText([
    'Guess from the field names',
    'None: leave it out',
    'Story (RichText)',
  ]);

  // Blog Posts instead: its own fields are listed once it is tested; Summary is left out, SEO title mapped.
  await collection.focus();
  await page.keyboard.press('Home');
  await page.keyboard.press('ArrowDown');
  await expect(collection).toHaveValue(webflow.state.collectionId);
  await expect(form(page).getByLabel('Body field')).toHaveJSProperty('tagName', 'INPUT'); // Case Studies' fields gone
  await form(page).getByRole('button', { name: 'Test connection' }).press('Enter');
  await expect(result).toContainText('Connected to Acme Marketing: posts go to “Blog Posts”.');
  await expect(result).toContainText('fields: Body → post-body, Summary → post-summary');
  const summary = form(page).getByLabel('Summary field');
  await expect(summary.getByRole('option')).toHaveText([
    'Guess from the field names',
    'None: leave it out',
    'Post Body (RichText)',
    'Post Summary (PlainText)',
    'SEO Title (PlainText)',
    'SEO Description (PlainText)',
    'Tags (PlainText)',
  ]);
  await summary.focus();
  await page.keyboard.press('ArrowDown'); // None: leave it out
  await expect(summary).toHaveValue('none');
  await form(page).getByRole('button', { name: 'Test connection' }).press('Enter');
  await expect(result).toContainText('Connected to Acme Marketing: posts go to “Blog Posts”.');
  await expect(result).not.toContainText('Summary →');
  await noSideScroll(page, 'the Webflow form with its fields mapped');
  expect(await violations(page, 'section[aria-labelledby="publishing"]')).toEqual([]);
  await form(page).getByRole('button', { name: 'Save destination' }).press('Enter');
  await expect(publishing(page).getByRole('listitem', { name: 'Marketing site' })).toContainText('Webflow');

  // A post goes to the chosen collection with the chosen mapping: no summary in the item.
  const postId = await publishPost(page, 'Chosen not typed');
  await page.goto(`/blogs/${postId}`);
  await expect(log(page).getByRole('listitem', { name: 'Published to Marketing site: Delivered' })).toBeVisible();
  const items = [...webflow.state.items.values()].filter((entry) => entry.item.fieldData.name === 'Chosen not typed');
  expect(items).toHaveLength(1);
  expect(items[0]!.item.collectionId).toBe(webflow.state.collectionId);
  expect(items[0]!.item.fieldData).toHaveProperty('post-body');
  expect(items[0]!.item.fieldData).not.toHaveProperty('post-summary');
  expect(items[0]!.live).toBe(true);
});

test('an owner chooses the Shopify blog from the list Test connection offers', async ({ page }) => {
  const shopify = await startFakeShopify();
  try {
    const [, journal] = shopify.state.blogs;
    await page.setViewportSize({ width: 1366, height: 768 });
    await signIn(page, { name: 'Sam Shopify' });
    await page.goto('/projects');
    await publishing(page).getByRole('button', { name: 'Add destination' }).click();
    await form(page).getByLabel('Kind').selectOption({ label: 'Shopify' });
    await form(page).getByLabel('Name', { exact: true }).fill('Our store');
    await form(page).getByLabel('Store address').fill(shopify.origin);
    await form(page).getByLabel('Admin API access token').fill(shopify.state.token);
    await form(page).getByRole('button', { name: 'Test connection' }).click();

    const result = form(page).getByRole('status');
    await expect(result).toContainText('Connected to Acme Goods. Choose the blog articles go to:');
    await expect(result).toContainText('The connection works. Choose the blog below, then test again.');
    await expect(form(page).getByRole('alert')).toHaveCount(0);
    const blog = form(page).getByLabel('Blog ID');
    await expect(blog.getByRole('option')).toHaveText(['Choose the blog…', 'News', 'Journal']);
    expect(await violations(page, 'section[aria-labelledby="publishing"]')).toEqual([]);
    await blog.selectOption({ label: 'Journal' });
    await expect(blog).toHaveValue(journal!.id);
    await expect(blog).toHaveAccessibleDescription(/Press Test connection to check this blog\.$/);
    await form(page).getByRole('button', { name: 'Test connection' }).click();
    await expect(result).toContainText('Connected to Acme Goods: articles go to the blog “Journal”.');
    await form(page).getByRole('button', { name: 'Save destination' }).click();
    await expect(publishing(page).getByRole('listitem', { name: 'Our store' })).toContainText('Shopify');

    const postId = await publishPost(page, 'Into the journal');
    await page.goto(`/blogs/${postId}`);
    await expect(log(page).getByRole('listitem', { name: 'Published to Our store: Delivered' })).toBeVisible();
    const articles = [...shopify.state.articles.values()].filter((article) => article.title === 'Into the journal');
    expect(articles.map((article) => article.blogId)).toEqual([journal!.id]); // not News, the first one
  } finally {
    await shopify.stop();
  }
});
