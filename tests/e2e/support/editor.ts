import { expect, type Page } from './test.ts';

/**
 * The post editor's markdown source field. The editor opens in rich text (issue 27); the textarea the tests typed
 * into is now its "Markdown source" view, the same field, so a test switches to it first (once per page).
 */
export async function markdownSource(page: Page) {
  const toggle = page.getByRole('button', { name: 'Markdown source', exact: true });
  if ((await toggle.getAttribute('aria-pressed')) !== 'true') await toggle.click();
  await expect(toggle).toHaveAttribute('aria-pressed', 'true');
  return page.getByLabel('Content (Markdown)', { exact: true });
}
