import { expect, test, type Page } from './support/test.ts';

const USER_KEYS = { token: 'inkpilot.token', user: 'inkpilot.user' }; // STORAGE.token / STORAGE.user

/** Seeds the stored session that restoreSession() reads, so the header renders the signed-in state. */
async function signInAs(page: Page, user: Partial<{ first_name: string; last_name: string; email: string }>) {
  const record = {
    id: 'u1',
    first_name: '',
    last_name: '',
    email: '',
    is_admin: false,
    is_superuser: false,
    avatar_url: null,
    external_id: 'ext-1',
    ...user,
  };
  await page.addInitScript(
    ([keys, json]) => {
      localStorage.setItem(keys.token, 'test-token');
      localStorage.setItem(keys.user, json);
    },
    [USER_KEYS, JSON.stringify(record)] as const,
  );
}

const dataLayerEvents = (page: Page) => page.evaluate(() => (window.dataLayer ?? []).map((entry) => entry.event));

test.describe('landing page', () => {
  test('header links scroll to their sections', async ({ page }) => {
    await page.goto('/');
    const nav = page.getByRole('navigation', { name: 'Main' });

    for (const [label, id] of [
      ['How it works', 'how-it-works'],
      ['Features', 'features'],
      ['Pricing', 'pricing'],
    ] as const) {
      await nav.getByRole('link', { name: label }).click();

      await expect(page).toHaveURL(new RegExp(`#${id}$`));
      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
  });

  test('every landing anchor opens at its section', async ({ page }) => {
    for (const id of ['how-it-works', 'pricing', 'features', 'how-ai-works', 'trusted-by']) {
      await page.goto(`/#${id}`);

      await expect(page.locator(`#${id}`)).toBeInViewport();
    }
  });

  test('FAQ items start collapsed and expand independently', async ({ page }) => {
    await page.goto('/');
    const first = page.getByText('No one can guarantee rankings.', { exact: false });
    const second = page.getByText('Every article waits for your review', { exact: false });
    await expect(first).toBeHidden();
    await expect(second).toBeHidden();

    await page.getByText('Do you guarantee rankings?').click();
    await page.getByText('Can I edit articles before they are published?').click();

    await expect(first).toBeVisible();
    await expect(second).toBeVisible();
  });

  test('carousels rotate on their own timers: hero 4 s, audiences 3 s, browsers 2.5 s', async ({ page }) => {
    // paused before the page loads: with a running clock, real time spent loading and asserting under load moved the
    // strips on by themselves (a 3 s strip was past "Marketing teams" before the test looked)
    await page.clock.install({ time: new Date('2026-01-01T00:00:00Z') });
    await page.clock.pauseAt(new Date('2026-01-01T00:00:01Z'));
    await page.goto('/');
    const hero = page.getByText('10 questions to ask before hiring a roofer');
    const audience = page.locator('#trusted-by [data-rotate]').getByText('Marketing teams');
    const browser = page.locator('[data-rotate]').getByText('Safari');
    await expect(hero).toBeHidden();

    await page.clock.runFor(2500);
    await expect(browser).toBeVisible();
    await expect(audience).toBeHidden();
    await page.clock.runFor(500);
    await expect(audience).toBeVisible();
    await expect(hero).toBeHidden();
    await page.clock.runFor(1000);
    await expect(hero).toBeVisible();
  });

  test('final call to action links to sign-up and to the tools', async ({ page }) => {
    await page.goto('/');

    await expect(page.getByRole('link', { name: 'Start Beating Them Today' })).toHaveAttribute('href', '/signup');
    await expect(page.getByRole('link', { name: 'See Your Missed Revenue' })).toHaveAttribute('href', '/tools');
  });

  test('SEO audit shows Analyzing... with the button disabled, then starts Google sign-in', async ({ page }) => {
    await page.goto('/');
    await page.getByLabel('Your website URL').fill('https://example.com');
    // sign-in starts by reading the run-time Firebase configuration; nothing else on the landing page asks for it
    const signInStarted = page.waitForRequest('**/api/public-config');

    await page.getByRole('button', { name: 'Analyze Now' }).click();

    await expect(page.getByRole('button', { name: 'Analyzing...' })).toBeDisabled();
    await signInStarted;
    await expect(page.getByRole('button', { name: 'Analyze Now' })).toBeEnabled();
  });

  test('SEO audit does nothing without a URL', async ({ page }) => {
    await page.goto('/');

    await page.getByRole('button', { name: 'Analyze Now' }).click();

    await expect(page.getByRole('button', { name: 'Analyze Now' })).toBeEnabled();
    expect(
      await page.getByLabel('Your website URL').evaluate((input: HTMLInputElement) => input.validity.valueMissing),
    ).toBe(true);
  });

  test('the mobile menu slides in at 375 px and closes', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');

    await page.getByRole('button', { name: 'Menu', exact: true }).click();
    const menu = page.getByRole('dialog', { name: 'Menu' });

    await expect(menu.getByRole('link', { name: 'How it works' })).toBeVisible();
    await expect(menu.getByRole('link', { name: 'Start for Free' })).toBeVisible();
    await menu.getByRole('button', { name: 'Close menu' }).click();
    await expect(menu).toBeHidden();
  });

  test('Escape closes the mobile menu and returns focus to its button', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    const toggle = page.getByRole('button', { name: 'Menu', exact: true });
    await toggle.click();

    await page.keyboard.press('Escape');

    await expect(page.getByRole('dialog', { name: 'Menu' })).toBeHidden();
    await expect(toggle).toBeFocused();
    await expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

test.describe('pricing', () => {
  test('the billing toggle changes every price', async ({ page }) => {
    await page.goto('/pricing');
    const plan = (name: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });
    await expect(plan('Starter')).toContainText('$49/month');

    await page.getByRole('button', { name: 'Annually' }).click();

    await expect(plan('Free')).toContainText('$0/year');
    await expect(plan('Starter')).toContainText('$490/year');
    await expect(plan('Pro')).toContainText('$990/year');
    await expect(plan('Scale')).toContainText('$5,990/year');
    await expect(plan('Scale')).toContainText('Only 3 Spots Left This Month!');
  });

  test('monthly prices show the crossed-out originals and badges', async ({ page }) => {
    await page.goto('/pricing');
    const plan = (name: string) =>
      page.getByRole('listitem').filter({ has: page.getByRole('heading', { name, exact: true }) });

    await expect(plan('Pro').getByRole('deletion')).toHaveText('$199');
    await expect(plan('Scale').getByRole('deletion')).toHaveText('$999');
    await expect(plan('Pro')).toContainText('Limited Time Offer');
    await expect(plan('Scale')).toContainText('Best Value');
  });

  test('a feature tooltip opens in a modal that locks scrolling and closes on Got it', async ({ page }) => {
    await page.goto('/pricing');

    await page.getByRole('button', { name: 'About: API access' }).click();
    const modal = page.getByRole('dialog');

    await expect(modal).toContainText('Create and publish content from your own tools');
    await expect(page.locator('html')).toHaveCSS('overflow', 'hidden');
    await modal.getByRole('button', { name: 'Got it' }).click();
    await expect(modal).toBeHidden();
    await expect(page.locator('html')).not.toHaveCSS('overflow', 'hidden');
  });

  test('Got it unlocks scrolling in the same task that closes the tooltip modal', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'About: API access' }).click();
    await expect(page.getByRole('dialog')).toBeVisible();

    // one synchronous read right after the click: the unlock must not wait for the dialog's (later) close event
    const overflowAfterClose = await page.evaluate(() => {
      document.querySelector<HTMLButtonElement>('[data-tooltip-close]')!.click();
      return getComputedStyle(document.documentElement).overflow;
    });

    expect(overflowAfterClose).not.toBe('hidden');
  });

  test('the tooltip modal closes on a click outside it', async ({ page }) => {
    await page.goto('/pricing');
    await page.getByRole('button', { name: 'About: API access' }).click();

    await page.mouse.click(5, 5);

    await expect(page.getByRole('dialog')).toBeHidden();
  });

  test('signed in, the pricing waits on "Loading payment options..." without payment keys', async ({ page }) => {
    // The browser tests' server sells plans through the fake Stripe (tests/e2e/checkout.spec.ts); this is the page of
    // a server without Stripe, whose public config offers no checkout.
    await page.route('/api/public-config', async (route) => {
      const response = await route.fetch();
      await route.fulfill({ response, json: { ...(await response.json()), stripe: { checkout: [] } } });
    });
    await signInAs(page, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' });

    await page.goto('/pricing');

    await expect(page.getByText('Loading payment options...')).toBeVisible();
    await expect(page.getByRole('button', { name: 'Annually' })).toBeHidden();
  });
});

test.describe('signed-in header', () => {
  const cases = [
    {
      rule: 'first and last initials',
      user: { first_name: 'ada', last_name: 'Lovelace', email: 'ada@example.com' },
      initials: 'AL',
    },
    { rule: 'the first initial', user: { first_name: 'Grace', email: 'grace@example.com' }, initials: 'G' },
    { rule: "the email's first letter", user: { email: 'linus@example.com' }, initials: 'L' },
    { rule: 'U', user: {}, initials: 'U' },
  ];
  for (const { rule, user, initials } of cases) {
    test(`the avatar shows ${rule}`, async ({ page }) => {
      await signInAs(page, user);

      await page.goto('/');

      await expect(page.getByRole('button', { name: 'Account menu' })).toHaveText(initials);
    });
  }

  test('shows Go to Dashboard and an account menu with the seven items', async ({ page }) => {
    await signInAs(page, { first_name: 'Ada', last_name: 'Lovelace', email: 'ada@example.com' });
    await page.goto('/');

    await page.getByRole('button', { name: 'Account menu' }).click();

    await expect(page.getByRole('banner').getByRole('link', { name: 'Go to Dashboard' })).toBeVisible();
    const menu = page.locator('#account-menu');
    for (const item of ['My Account', 'Dashboard', 'Settings', 'Terms and Conditions', 'Privacy Policy', 'Support']) {
      await expect(menu.getByRole('link', { name: item, exact: true })).toBeVisible();
    }
    await expect(menu.getByRole('button', { name: 'Log out' })).toBeVisible();
  });
});

test.describe('signed-in landing', () => {
  test('the hero offers Go to console, which goes to /dashboard', async ({ page }) => {
    await signInAs(page, { first_name: 'Ada', email: 'ada@example.com' });

    await page.goto('/');

    await expect(page.getByRole('link', { name: 'Go to console' })).toHaveAttribute('href', '/dashboard');
    await expect(page.getByRole('button', { name: 'Claim Your Unfair Advantage' })).toBeHidden();
  });
});

test.describe('theme', () => {
  test('the theme toggle switches to dark and the choice survives a reload', async ({ page }) => {
    await page.emulateMedia({ colorScheme: 'light' });
    await page.goto('/terms');

    await page.getByRole('button', { name: 'Dark theme' }).click();
    await page.reload();

    await expect(page.locator('html')).toHaveClass(/\bdark\b/);
    await expect(page.getByRole('button', { name: 'Dark theme' })).toHaveAttribute('aria-pressed', 'true');
  });
});

test.describe('consent', () => {
  test('nothing reaches the dataLayer before consent', async ({ page }) => {
    await page.goto('/pricing');

    await page.getByRole('button', { name: 'Annually' }).click();

    expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeVisible();
  });

  test('after Accept, the page view and later events are pushed', async ({ page }) => {
    await page.goto('/pricing');

    await page.getByRole('button', { name: 'Accept' }).click();
    await page.getByRole('button', { name: 'Annually' }).click();

    await expect.poll(() => dataLayerEvents(page)).toEqual(['page_view', 'form_interaction']);
  });

  test('Decline keeps events out and the choice is remembered for 365 days', async ({ page, context }) => {
    await page.goto('/pricing');

    await page.getByRole('button', { name: 'Decline' }).click();
    await page.getByRole('button', { name: 'Annually' }).click();
    await page.reload();

    expect(await page.evaluate(() => window.dataLayer)).toBeUndefined();
    await expect(page.getByRole('region', { name: 'Cookie consent' })).toBeHidden();
    const cookie = (await context.cookies()).find((item) => item.name === 'inkpilot.consent');
    expect(Math.round((cookie!.expires * 1000 - Date.now()) / 86_400_000)).toBe(365);
  });
});

test.describe('footer', () => {
  test('has the five link columns and this year in the copyright line', async ({ page }) => {
    await page.goto('/');
    const footer = page.getByRole('contentinfo');

    for (const column of ['Product', 'Tools', 'Company', 'Ventures', 'Legal'])
      await expect(footer.getByRole('navigation', { name: column })).toBeVisible();
    await expect(footer).toContainText(`© ${new Date().getFullYear()} Inkpilot`);
  });

  test('the partner carousel scrolls by itself once on screen', async ({ page }) => {
    await page.goto('/');
    const strip = page.getByRole('region', { name: 'Partners' });

    await strip.scrollIntoViewIfNeeded();

    await expect.poll(() => strip.evaluate((element) => element.scrollLeft)).toBeGreaterThan(0);
  });

  test('dragging the partner carousel scrolls it instead of following a badge link', async ({ page }) => {
    await page.setViewportSize({ width: 375, height: 812 });
    await page.goto('/');
    await page.getByRole('button', { name: 'Decline' }).click();
    const strip = page.getByRole('region', { name: 'Partners' });
    await strip.scrollIntoViewIfNeeded();
    const box = (await strip.boundingBox())!;
    const before = await strip.evaluate((element) => element.scrollLeft);

    await page.mouse.move(box.x + box.width - 20, box.y + box.height / 2);
    await page.mouse.down();
    await page.mouse.move(box.x + 20, box.y + box.height / 2, { steps: 10 });
    await page.mouse.up();

    await expect(page).toHaveURL(/\/$/);
    await expect.poll(() => strip.evaluate((element) => element.scrollLeft)).toBeGreaterThan(before + 50);
  });
});

test.describe('tools hub', () => {
  test('shows four tools, two coming soon, and links the calculator', async ({ page }) => {
    await page.goto('/tools');

    await expect(page.getByRole('link', { name: 'Try It Free: Instagram Reel Transcript' })).toHaveAttribute(
      'href',
      '/tools/insta-transcript',
    );
    await expect(page.getByRole('link', { name: 'Try It Free: Local SEO Calculator' })).toHaveAttribute(
      'href',
      '/tools/local-seo-calculator',
    );
    await expect(page.getByRole('button', { name: 'Notify Me' })).toHaveCount(2);
    await expect(page.getByRole('button', { name: 'Notify Me' }).first()).toBeDisabled();
    await expect(page.getByRole('link', { name: 'Calculate your missed revenue' })).toHaveAttribute(
      'href',
      '/tools/local-seo-calculator',
    );
  });

  test('records a page view once the visitor consents', async ({ page }) => {
    await page.goto('/tools');

    await page.getByRole('button', { name: 'Accept' }).click();

    await expect.poll(() => dataLayerEvents(page)).toEqual(['page_view']);
  });
});
