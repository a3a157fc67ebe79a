// Issue 27: the post editor is a rich-text editor that stores markdown. A writer makes headings, a list, a link, an
// image with alt text and a table through the toolbar and the keyboard; the markdown source view is the same field
// (switching back and forth changes nothing); autosave and a reload keep it; the review panel stays in view.
import AxeBuilder from './support/axe.ts';
import postgres from 'postgres';
import { signIn } from './support/auth.ts';
import { markdownSource } from './support/editor.ts';
import { expect, test, type Page } from './support/test.ts';

const PHONE = { width: 390, height: 844 };
const port = Number(process.env.E2E_PORT ?? 4517);

/** The e2e server's embedded Postgres (playwright.config.ts derives its port from E2E_PORT). */
function database() {
  const pgPort = port + 50_000 > 65_000 ? 54517 : port + 50_000;
  return postgres({
    host: '127.0.0.1',
    port: pgPort,
    database: 'inkpilot',
    user: 'inkpilot',
    password: 'inkpilot',
    max: 1,
  });
}

async function expectNoAxeViolations(page: Page, where: string): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map((violation) => `${where} ${violation.id}: ${violation.nodes.map((node) => node.target).join(', ')}`),
  ).toEqual([]);
}

async function expectNoHorizontalOverflow(page: Page, where: string): Promise<void> {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: where })
    .toBeLessThanOrEqual(0);
}

/** From the workspace: Blog → New post, and the editor of the new draft is open. */
async function newDraft(page: Page, title: string) {
  await page.goto('/blogs');
  await page.getByRole('button', { name: 'New post' }).click();
  await page.waitForURL('**/dashboard/blog/edit/*');
  await page.getByLabel('Title', { exact: true }).fill(title);
}

const saveState = (page: Page) => page.getByRole('status', { name: 'Save state' });
const content = (page: Page) => page.getByRole('textbox', { name: 'Content', exact: true });
const toolbar = (page: Page) => page.getByRole('toolbar', { name: 'Formatting' });
const preview = (page: Page) => page.getByRole('document', { name: 'Preview' });

test('a writer formats a post with the toolbar and the keyboard; the markdown source is the same field and a reload keeps it', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page);
  await newDraft(page, 'Rye at home');
  const editor = content(page);

  // Headings, bold, a list through the toolbar and the keyboard.
  await editor.click();
  await toolbar(page).getByRole('button', { name: 'Heading 2' }).click();
  await page.keyboard.type('Why rye');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Rye makes ');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type('dense');
  await page.keyboard.press('ControlOrMeta+b');
  await page.keyboard.type(' bread.');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+Shift+8');
  await page.keyboard.type('Flour');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Water');
  await page.keyboard.press('Enter');
  await page.keyboard.press('Enter');
  await page.keyboard.press('ControlOrMeta+Alt+3');
  await page.keyboard.type('Sources');
  await page.keyboard.press('Enter');
  await page.keyboard.type('Read ');

  // A link from the keyboard: only http(s), mailto and the blog's own addresses are taken.
  await page.keyboard.press('ControlOrMeta+k');
  const linkDialog = page.getByRole('dialog', { name: 'Add link' });
  await linkDialog.getByLabel('Link address').fill('javascript:alert(1)');
  await linkDialog.getByLabel('Link text').fill('the rye guide');
  await linkDialog.getByRole('button', { name: 'Add link' }).click();
  await expect(linkDialog.getByLabel('Link address')).toHaveAccessibleDescription(/Use an address that starts with/);
  await linkDialog.getByLabel('Link address').fill('https://example.com/rye');
  await linkDialog.getByRole('button', { name: 'Add link' }).click();
  await expect(linkDialog).toBeHidden();
  await expect(editor).toBeFocused();
  await expect(editor.getByRole('link', { name: 'the rye guide' })).toBeVisible();
  await page.keyboard.press('Enter');

  // An image from the toolbar: its address and alt text are both required.
  await toolbar(page).getByRole('button', { name: 'Image' }).click();
  const imageDialog = page.getByRole('dialog', { name: 'Add image' });
  await imageDialog.getByRole('button', { name: 'Add image' }).click();
  await expect(imageDialog.getByLabel('Alt text')).toHaveAccessibleDescription(
    /Describe the image for readers who cannot see it\./,
  );
  await imageDialog.getByLabel('Image address').fill('https://example.com/rye.png');
  await imageDialog.getByLabel('Alt text').fill('A loaf of rye bread');
  await imageDialog.getByRole('button', { name: 'Add image' }).click();
  await expect(editor.getByRole('img', { name: 'A loaf of rye bread' })).toBeAttached();
  await expect(editor).toBeFocused();
  await page.keyboard.press('ArrowRight');
  await page.keyboard.press('Enter');

  // A table from the keyboard, filled cell by cell with Tab.
  await page.keyboard.press('ControlOrMeta+Alt+t');
  await expect(editor.getByRole('table')).toBeVisible();
  for (const [at, cell] of ['Part', 'Every', 'Chain', '500 km', 'Brakes', 'month'].entries()) {
    if (at > 0) await page.keyboard.press('Tab');
    await page.keyboard.type(cell);
  }
  await expect(toolbar(page).getByRole('button', { name: 'Add row' })).toBeVisible();

  // The toolbar is one tab stop; arrows, Home and End move in it; each button says if it is on.
  await toolbar(page).getByRole('button', { name: 'Heading 2' }).focus();
  await page.keyboard.press('ArrowRight');
  await expect(toolbar(page).getByRole('button', { name: 'Heading 3' })).toBeFocused();
  await page.keyboard.press('End');
  await expect(toolbar(page).getByRole('button', { name: 'Delete table' })).toBeFocused();
  await page.keyboard.press('Home');
  await expect(toolbar(page).getByRole('button', { name: 'Heading 2' })).toBeFocused();
  await expect(toolbar(page).getByRole('button', { name: 'Heading 2' })).toHaveAttribute('tabindex', '0');
  await expect(toolbar(page).getByRole('button', { name: 'Bold' })).toHaveAttribute('tabindex', '-1');
  await expect(toolbar(page).getByRole('button', { name: 'Table', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );

  // The server's preview shows it as the blog will.
  await expect(preview(page).getByRole('heading', { name: 'Why rye', level: 2 })).toBeVisible();
  await expect(preview(page).getByRole('heading', { name: 'Sources', level: 3 })).toBeVisible();
  await expect(preview(page).getByRole('link', { name: 'the rye guide' })).toHaveAttribute(
    'href',
    'https://example.com/rye',
  );
  await expect(preview(page).getByRole('img', { name: 'A loaf of rye bread' })).toBeAttached();
  await expect(preview(page).getByRole('cell', { name: '500 km' })).toBeVisible();
  await expect(saveState(page)).toHaveText('Saved');
  await expectNoAxeViolations(page, 'rich editor 1366');

  // The markdown source is the same field: what was written, and switching back and forth changes nothing.
  const source = await markdownSource(page);
  await expect(source).toHaveValue(
    /^## Why rye\n\nRye makes \*\*dense\*\* bread\.\n\n- Flour\n- Water\n\n### Sources\n/,
  );
  await expect(source).toHaveValue(/\nRead \[the rye guide\]\(https:\/\/example\.com\/rye\)\n/);
  await expect(source).toHaveValue(/\n!\[A loaf of rye bread\]\(https:\/\/example\.com\/rye\.png\)\n/);
  await expect(source).toHaveValue(
    /\| Part +\| Every +\|\n\| -+ \| -+ \|\n\| Chain +\| 500 km +\|\n\| Brakes +\| month +\|/,
  );
  const written = await source.inputValue();
  await page.getByRole('button', { name: 'Rich text', exact: true }).click();
  await expect(content(page).getByRole('heading', { name: 'Why rye' })).toBeVisible();
  await expect(saveState(page)).toHaveText('Saved');
  expect(await (await markdownSource(page)).inputValue()).toBe(written);
  await expectNoAxeViolations(page, 'markdown source 1366');

  // Autosave and a reload keep it; the post opens as rich text again.
  await page.reload();
  await expect(content(page).getByRole('heading', { name: 'Why rye', level: 2 })).toBeVisible();
  await expect(content(page).getByRole('link', { name: 'the rye guide' })).toBeVisible();
  await expect(content(page).getByRole('cell', { name: 'Chain' })).toBeVisible();
  expect(await (await markdownSource(page)).inputValue()).toBe(written);
  await expect(saveState(page)).toHaveText('Saved');
  await page.screenshot({ path: test.info().outputPath('rich-editor-1366.png'), fullPage: true });
});

test('the review panel stays in view while a long post scrolls, and sits under the editor on a phone', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page);
  await newDraft(page, 'A long post');
  const paragraphs = Array.from(
    { length: 40 },
    (_, n) => `## Part ${n + 1}\n\nRye flour holds water longer than wheat, so part ${n + 1} rests longer.`,
  );
  await (await markdownSource(page)).fill(paragraphs.join('\n\n'));
  await page.getByRole('button', { name: 'Rich text', exact: true }).click();
  await expect(saveState(page)).toHaveText('Saved');
  const panel = page.getByRole('complementary', { name: 'Review' });
  await expect(panel.getByRole('region', { name: 'Voice match' })).toBeVisible();

  await content(page).getByRole('heading', { name: 'Part 30', exact: true }).scrollIntoViewIfNeeded();
  await expect(panel).toBeInViewport();
  await page.getByRole('button', { name: 'Delete post' }).scrollIntoViewIfNeeded();
  await expect(panel).toBeInViewport();
  await page.screenshot({ path: test.info().outputPath('review-panel-1366.png') });

  await page.setViewportSize(PHONE);
  await expect(panel).toBeVisible();
  const below = await page.evaluate(() => {
    const review = document.querySelector('aside[aria-label="Review"]')!.getBoundingClientRect();
    const editor = document.getElementById('post-content')!.getBoundingClientRect();
    return review.top >= editor.bottom;
  });
  expect(below).toBe(true);
  await expectNoHorizontalOverflow(page, 'editor 390');
  await expectNoAxeViolations(page, 'editor 390');
  await content(page).getByRole('heading', { name: 'Part 1', exact: true }).scrollIntoViewIfNeeded();
  await page.screenshot({ path: test.info().outputPath('rich-editor-390.png') });
});

test('a post whose markdown the rich-text editor would change stays in markdown source, with the reason', async ({
  page,
}) => {
  test.setTimeout(90_000);
  await page.setViewportSize(PHONE);
  await signIn(page);
  await newDraft(page, 'Raw HTML inside');
  const markdown = 'Before.\n\n<details><summary>More</summary>Hidden</details>\n\nAfter.';
  await (await markdownSource(page)).fill(markdown);
  await expect(saveState(page)).toHaveText('Saved');

  await page.getByRole('button', { name: 'Rich text', exact: true }).click();

  const note = page.getByText('This post stays in markdown source: It holds HTML');
  await expect(note).toBeVisible();
  await expect(page.getByRole('button', { name: 'Markdown source', exact: true })).toHaveAttribute(
    'aria-pressed',
    'true',
  );
  await page.reload();
  await expect(note).toBeVisible();
  await expect(page.getByLabel('Content (Markdown)', { exact: true })).toHaveValue(markdown);
  await expect(content(page)).toHaveCount(0);
  await expectNoHorizontalOverflow(page, 'source note 390');
  await expectNoAxeViolations(page, 'source note 390');
});

test('claims are highlighted in place in the rich text with their state, and move with the text as it is edited', async ({
  page,
}) => {
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page);
  await newDraft(page, 'Our bakers');
  const markdown = 'A team of **40 bakers** shapes every loaf.\n\nWe never add commercial yeast to our bread.';
  await (await markdownSource(page)).fill(markdown);
  await expect(saveState(page)).toHaveText('Saved');
  const id = page.url().split('/').pop()!;
  // The fact check's claims of this version of the post (what the writer's fact-check step stores).
  const claims = [
    {
      id: 'c1',
      text: '40 bakers',
      start: markdown.indexOf('40 bakers'),
      end: markdown.indexOf('40 bakers') + 9,
      kind: 'number',
      state: 'unsupported',
      source_url: 'https://example.com/about',
      source_title: 'About us',
      passage: 'Today we are a team of twelve bakers.',
      reason: 'The cited page does not contain “40 bakers”.',
    },
    {
      id: 'c2',
      text: 'We never add commercial yeast',
      start: markdown.indexOf('We never'),
      end: markdown.indexOf('We never') + 29,
      kind: 'quote',
      state: 'supported',
      source_url: 'https://example.com/about',
      source_title: 'About us',
      passage: 'We never add commercial yeast.',
      reason: 'The cited page says it.',
    },
  ];
  const sql = database();
  try {
    await sql`
      insert into post_claims (post_id, version, claims)
      select id, version, ${sql.json(claims)} from blog_posts where id = ${id}
      on conflict (post_id, version) do update set claims = excluded.claims`;
  } finally {
    await sql.end();
  }

  await page.reload();

  const editor = content(page);
  const unsupported = editor.locator('[data-claim-state="unsupported"]');
  await expect(unsupported).toHaveText('40 bakers');
  await expect(unsupported).toHaveCSS('text-decoration-style', 'wavy');
  await expect(unsupported).toHaveAttribute('title', 'Unsupported: The cited page does not contain “40 bakers”.');
  await expect(editor.locator('[data-claim-flag="c1"]')).toHaveText(
    '✗ (unsupported claim: The cited page does not contain “40 bakers”.)',
  );
  const supported = editor.locator('[data-claim-state="supported"]');
  await expect(supported).toHaveText('We never add commercial yeast');
  await expect(supported).toHaveCSS('text-decoration-style', 'solid');
  await expect(page.getByRole('region', { name: 'Claims and sources' })).toContainText('1 unsupported');
  await expectNoAxeViolations(page, 'claims in place');

  // Typing before a claim moves its mark with its words; the marks never reach the markdown.
  await editor.getByText('A team of').click();
  await page.keyboard.press('Home');
  await page.keyboard.type('Today, ');
  // Mapped with the edit at once; after the save the server checks the new text's claims again, placed anew.
  const bakers = editor.locator('[data-claim-id]').filter({ hasText: '40 bakers' });
  await expect(bakers).toHaveCount(1);
  await expect(saveState(page)).toHaveText('Saved');
  await expect(bakers).toHaveCount(1);
  await expect(await markdownSource(page)).toHaveValue(
    'Today, A team of **40 bakers** shapes every loaf.\n\nWe never add commercial yeast to our bread.',
  );
  await page.getByRole('button', { name: 'Rich text', exact: true }).click();
  await page.getByLabel('Highlight claims in the preview').uncheck();
  await expect(editor.locator('[data-claim-id]')).toHaveCount(0);
  await page.getByLabel('Highlight claims in the preview').check();
  await expect(bakers).toHaveCount(1);
  await page.screenshot({ path: test.info().outputPath('claims-in-place-1366.png') });
});
