import type { Page } from '@playwright/test';

/** Waits until every island on the page has hydrated (Astro drops the ssr attribute then), so clicks reach React. */
export async function hydrated(page: Page): Promise<void> {
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
}

/** Holds back every request matching `url` until `release` is called, so a test sees the page while it waits. */
export async function holdBack(page: Page, url: string): Promise<{ release: () => void }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => (release = resolve));
  await page.route(url, async (route) => {
    await held;
    await route.continue();
  });
  return { release };
}
