// Scheduling a post at a date and time in the project's time zone (issue 28). The browser runs in Los Angeles and
// the project in Darwin (UTC+09:30), so a time shown or read on the browser's clock would be visibly wrong.
import AxeBuilder from './support/axe.ts';
import postgres from 'postgres';
import { signIn } from './support/auth.ts';
import { expect, test, type Page } from './support/test.ts';

const port = Number(process.env.E2E_PORT ?? 4517);

test.use({ timezoneId: 'America/Los_Angeles' });

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

const toast = (page: Page, text: string) => page.getByRole('status').filter({ hasText: text });

async function axeViolations(page: Page, where: string): Promise<string[]> {
  const { violations } = await new AxeBuilder({ page }).analyze();
  return violations.map(
    (violation) => `${where} ${violation.id}: ${violation.nodes.map((node) => node.target.join(' ')).join(', ')}`,
  );
}

async function noSidewaysScroll(page: Page, where: string) {
  await expect
    .poll(() => page.evaluate(() => document.documentElement.scrollWidth - window.innerWidth), { message: where })
    .toBeLessThanOrEqual(0);
}

test('a post is scheduled on the project clock, shown on it after a reload, moved with the keyboard, and a past time is refused', async ({
  page,
}) => {
  test.setTimeout(240_000);
  await page.setViewportSize({ width: 1366, height: 768 });
  await signIn(page);

  // The project's time zone is the autopilot's.
  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Calendar' }).click();
  const autopilot = page.getByRole('region', { name: 'Autopilot' });
  await autopilot.getByLabel('Time zone').selectOption('Australia/Darwin');
  await autopilot.getByRole('button', { name: 'Save autopilot' }).click();
  await expect(toast(page, 'Autopilot settings saved.')).toBeVisible();

  await page.getByRole('navigation', { name: 'Workspace' }).getByRole('link', { name: 'Blog' }).click();
  await page.getByRole('button', { name: 'New post' }).click();
  await page.waitForURL('**/dashboard/blog/edit/*');
  const postId = page.url().split('/').pop()!;
  await page.getByLabel('Title', { exact: true }).fill('Darwin morning bread');
  const schedule = page.getByRole('region', { name: 'Schedule' });
  await expect(schedule.getByRole('status')).toHaveCount(0); // the time zone has loaded
  await expect(schedule).toContainText("Times are in Australia/Darwin (UTC+09:30), the project's time zone.");
  await expect(schedule.getByLabel('Time')).toHaveValue('09:00');

  await schedule.getByLabel('Date').fill('2030-05-01');
  await schedule.getByLabel('Time').fill('09:00');
  await schedule.getByRole('button', { name: 'Schedule' }).click();
  await expect(
    toast(page, 'Post scheduled: it goes live on Wednesday 1 May 2030 at 09:00, Australia/Darwin time.'),
  ).toBeVisible();
  await expect(page.getByText('Scheduled', { exact: true }).first()).toBeVisible();
  const sql = database();
  try {
    const [row] = await sql`select status, published_at from blog_posts where id = ${postId}`;
    expect(row).toMatchObject({ status: 'scheduled', published_at: new Date('2030-04-30T23:30:00Z') });
  } finally {
    await sql.end();
  }

  // After a reload it reads on the project's clock, not the browser's (Los Angeles would say 30 April, 16:30).
  await page.reload();
  const scheduled = page.getByRole('region', { name: 'Schedule' });
  await expect(scheduled).toContainText('This post goes live on Wednesday 1 May 2030 at 09:00, Australia/Darwin time');
  await expect(scheduled.getByLabel('Date')).toHaveValue('2030-05-01');
  await expect(scheduled.getByLabel('Time')).toHaveValue('09:00');
  expect(await axeViolations(page, 'editor at 1366')).toEqual([]);
  await page.screenshot({ path: 'test-results/schedule-1366.png', fullPage: false });

  // Moved with the keyboard alone: into the time field, a new time, Enter.
  await scheduled.getByLabel('Time').focus();
  await page.keyboard.type('1030');
  await page.keyboard.press('Enter');
  await expect(
    toast(page, 'Post scheduled: it goes live on Wednesday 1 May 2030 at 10:30, Australia/Darwin time.'),
  ).toBeVisible();

  // A time in the past is refused with the server's words; the schedule stays as it was.
  await scheduled.getByLabel('Date').fill('2020-01-01');
  await scheduled.getByRole('button', { name: 'Reschedule' }).click();
  await expect(page.getByRole('alert')).toContainText('Choose a time in the future for the post to go live.');
  await page.reload();
  await expect(page.getByRole('region', { name: 'Schedule' })).toContainText('Wednesday 1 May 2030 at 10:30');

  // On a phone: the same control fits, nothing scrolls sideways, no accessibility violations.
  await page.setViewportSize({ width: 390, height: 844 });
  await page.getByRole('region', { name: 'Schedule' }).scrollIntoViewIfNeeded();
  await noSidewaysScroll(page, 'editor at 390');
  expect(await axeViolations(page, 'editor at 390')).toEqual([]);
  await page.screenshot({ path: 'test-results/schedule-390.png', fullPage: false });

  // Unscheduling makes it a draft again; the control offers a new schedule.
  await page.getByRole('button', { name: 'Unschedule' }).click();
  await expect(toast(page, 'Post unscheduled: it is a draft again.')).toBeVisible();
  await expect(page.getByRole('region', { name: 'Schedule' }).getByRole('button', { name: 'Schedule' })).toBeVisible();
});
