// A post's video (issue 24): the editor adds, replaces and removes it; the hosted blog shows it as a thumbnail with a
// play button and makes the youtube-nocookie.com frame only on a click, so nothing of YouTube loads with the page.
// Thumbnails come from the fake YouTube beside the images fixture (playwright.config.ts, YOUTUBE_THUMBNAIL_BASE_URL).
import AxeBuilder from './support/axe.ts';
import postgres from 'postgres';
import { signIn } from './support/auth.ts';
import { expect, test, type Page } from './support/test.ts';
import { markdownSource } from './support/editor.ts';

const port = Number(process.env.E2E_PORT ?? 4517);
const YOUTUBE_HOSTS = /(^|\.)(youtube\.com|youtube-nocookie\.com|ytimg\.com|googlevideo\.com|youtu\.be)$/;

/** The e2e server's embedded Postgres (playwright.config.ts derives its port from E2E_PORT). */
function database() {
  const pgPort = port + 50_000 > 65_000 ? 54517 : port + 50_000;
  return postgres({
    host: '127.0.0.1',
    port: pgPort,
    user: 'inkpilot',
    password: 'inkpilot',
    database: 'inkpilot',
    max: 1,
  });
}

async function projectSlugOf(email: string): Promise<string> {
  const sql = database();
  try {
    const [row] = await sql<{ slug: string }[]>`
      select p.slug from projects p join project_members m on m.project_id = p.id join users u on u.id = m.user_id
      where u.email = ${email} and m.role = 'owner' order by p.created_at limit 1`;
    if (!row) throw new Error(`no project for ${email}`);
    return row.slug;
  } finally {
    await sql.end();
  }
}

async function expectNoAxeViolations(page: Page): Promise<void> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  expect(
    violations.map(
      (violation) => `${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
    ),
  ).toEqual([]);
}

test('the editor adds, replaces and removes the video; the blog shows a play button and no frame until it is pressed', async ({
  page,
  browser,
}) => {
  test.setTimeout(120_000);
  const account = await signIn(page);
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Blog' }).click();
  await page.getByRole('button', { name: 'New post' }).click();
  await page.waitForURL('**/dashboard/blog/edit/*');
  await page.getByLabel('Title', { exact: true }).fill('Shaping a loaf');
  const content = await markdownSource(page);
  await content.fill('Shaping decides the crumb.\n\n## Pre-shape\n\nRound the dough and let it rest.');
  const video = page.getByRole('region', { name: 'Video', exact: true });
  const preview = page.getByRole('document', { name: 'Preview' });
  await expect(video.getByText('No video in this post.')).toBeVisible();

  // A wrong address is named and changes nothing.
  await video.getByLabel('YouTube URL').fill('https://example.com/watch?v=abcDEF12345');
  await video.getByRole('button', { name: 'Add video' }).click();
  await expect(video.getByRole('alert')).toHaveText(/not the address of a YouTube video/);
  await expect(content).not.toHaveValue(/youtube/);

  await video.getByLabel('YouTube URL').fill('https://youtu.be/abcDEF12345');
  await video.getByLabel('Video title (optional)').fill('Pre-shaping a boule');
  await video.getByRole('button', { name: 'Add video' }).click();
  await expect(content).toHaveValue(
    'Shaping decides the crumb.\n\n[Pre-shaping a boule](https://www.youtube.com/watch?v=abcDEF12345)\n\n## Pre-shape\n\nRound the dough and let it rest.',
  );
  await expect(video.getByRole('link', { name: 'Pre-shaping a boule' })).toBeVisible();
  await expect(preview.getByRole('button', { name: 'Play video: Pre-shaping a boule' })).toBeVisible();
  await expect(preview.locator('iframe')).toHaveCount(0);

  await video.getByLabel('YouTube URL').fill('https://www.youtube.com/watch?v=xyz98765432&t=10s');
  await video.getByLabel('Video title (optional)').fill('Scoring the loaf');
  await video.getByRole('button', { name: 'Replace video' }).click();
  await expect(content).toHaveValue(/\[Scoring the loaf\]\(https:\/\/www\.youtube\.com\/watch\?v=xyz98765432\)/);
  await expect(content).not.toHaveValue(/abcDEF12345/);
  await expect(preview.getByRole('button', { name: 'Play video: Scoring the loaf' })).toBeVisible();

  await video.getByRole('button', { name: 'Remove video' }).click();
  await expect(content).toHaveValue('Shaping decides the crumb.\n\n## Pre-shape\n\nRound the dough and let it rest.');
  await expect(video.getByText('No video in this post.')).toBeVisible();
  await expect(preview.getByRole('button', { name: /^Play video/ })).toHaveCount(0);

  await video.getByLabel('YouTube URL').fill('https://www.youtube.com/watch?v=xyz98765432');
  await video.getByLabel('Video title (optional)').fill('Scoring the loaf');
  await video.getByRole('button', { name: 'Add video' }).click();
  await expect(preview.getByRole('button', { name: 'Play video: Scoring the loaf' })).toBeVisible();
  // The new draft's toast closes itself with a fade; axe is run on the settled page, not on a half-transparent toast.
  await expect(page.getByRole('region', { name: 'Notifications' }).getByRole('status')).toHaveCount(0);
  await expectNoAxeViolations(page);
  await page.getByRole('button', { name: 'Use the title' }).click();
  await expect(page.getByRole('status', { name: 'Save state' })).toHaveText('Saved');
  await page.getByRole('button', { name: 'Publish' }).click();
  await expect(page.getByRole('status').filter({ hasText: 'Post published.' })).toBeVisible();
  const url = `http://${await projectSlugOf(account.email)}.blogs.localhost:${port}/shaping-a-loaf`;

  for (const size of [
    { name: 'desktop', width: 1366, height: 768 },
    { name: 'phone', width: 390, height: 844 },
  ]) {
    const context = await browser.newContext({ viewport: { width: size.width, height: size.height } });
    const reader = await context.newPage();
    const fromYoutube: string[] = [];
    // No network here: the player's origin answers a stand-in page; anything else of YouTube's is recorded.
    await context.route(
      (address) => YOUTUBE_HOSTS.test(address.hostname),
      (route) => {
        fromYoutube.push(route.request().url());
        return route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title><p>player</p>' });
      },
    );
    const violations: string[] = [];
    reader.on('console', (message) => {
      if (/Content Security Policy|Refused to/i.test(message.text())) violations.push(message.text());
    });

    const response = await reader.goto(url);
    const csp = response?.headers()['content-security-policy'] ?? '';
    const play = reader.getByRole('button', { name: 'Play video: Scoring the loaf' });
    await expect(play).toBeVisible();
    await play.scrollIntoViewIfNeeded();
    const thumbnail = play.locator('img');
    await expect(thumbnail).toHaveAttribute('src', '/media/youtube/xyz98765432.jpg');
    await expect.poll(() => thumbnail.evaluate((image: HTMLImageElement) => image.naturalWidth)).toBe(480);
    await expect(reader.locator('iframe')).toHaveCount(0);
    expect(fromYoutube).toEqual([]);
    expect(csp).toContain('frame-src https://www.youtube-nocookie.com;');
    expect(csp).not.toMatch(/frame-src [^;]*\s\S+;/); // that one origin and nothing else
    expect(
      await reader.evaluate(() => document.documentElement.scrollWidth <= document.documentElement.clientWidth),
    ).toBe(true);
    await reader.screenshot({ path: test.info().outputPath(`video-facade-${size.name}.png`) });
    await expectNoAxeViolations(reader);

    await play.click();
    const player = reader.locator('iframe[title="Scoring the loaf"]');
    await expect(player).toHaveAttribute('src', 'https://www.youtube-nocookie.com/embed/xyz98765432?autoplay=1');
    await expect(play).toHaveCount(0);
    await expect(player.contentFrame().getByText('player')).toBeVisible();
    expect(fromYoutube).toEqual(['https://www.youtube-nocookie.com/embed/xyz98765432?autoplay=1']);
    expect(violations).toEqual([]);
    await context.close();
  }
});

test('Space on the focused play button loads the player, as Enter does on a link', async ({ page, browser }) => {
  const account = await signIn(page);
  const slug = `space-${Date.now()}`;
  const sql = database();
  try {
    const { renderPostHtml } = await import('../../api/services/posts/render.ts');
    const markdown = 'Intro.\n\n[Kneading by hand](https://www.youtube.com/watch?v=abcDEF12345)';
    await sql`
      insert into blog_posts (project_id, title, slug, markdown, html, status, published_at)
      select p.id, 'Kneading', ${slug}, ${markdown}, ${await renderPostHtml(markdown)}, 'published', now()
      from projects p join project_members m on m.project_id = p.id join users u on u.id = m.user_id
      where u.email = ${account.email} and m.role = 'owner'`;
  } finally {
    await sql.end();
  }
  const context = await browser.newContext();
  await context.route(
    (address) => YOUTUBE_HOSTS.test(address.hostname),
    (route) => route.fulfill({ contentType: 'text/html', body: '<!doctype html><title>player</title>' }),
  );
  const reader = await context.newPage();
  await reader.goto(`http://${await projectSlugOf(account.email)}.blogs.localhost:${port}/${slug}`);

  const play = reader.getByRole('button', { name: 'Play video: Kneading by hand' });
  await play.focus();
  await reader.keyboard.press('Space');

  await expect(reader.locator('iframe[title="Kneading by hand"]')).toBeFocused();
  await context.close();
});
