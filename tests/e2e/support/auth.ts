import { expect, type BrowserContext, type Page } from '@playwright/test';
import { fileURLToPath } from 'node:url';

/** A fresh address per test, so each test starts as a brand-new user. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

const GAPI_STAND_IN = fileURLToPath(new URL('./gapi-stand-in.js', import.meta.url));

/**
 * Prepares a browser context for the offline popup flow: the emulator's widget pulls fonts and scripts from CDNs
 * (failed at once), and Firebase needs Google's gapi iframe library, replaced by a small stand-in (see the file).
 */
export async function prepareOfflineSignIn(context: BrowserContext): Promise<void> {
  await context.route(/^https:\/\/(unpkg\.com|fonts\.googleapis\.com|fonts\.gstatic\.com)\//, (route) => route.abort());
  await context.route(/^https:\/\/apis\.google\.com\/js\/api\.js/, (route) => route.fulfill({ path: GAPI_STAND_IN, contentType: 'text/javascript' }));
}

/** Presses Continue with Google on the current page and completes the real Auth emulator popup as a new account. */
export async function completeGooglePopup(page: Page, user: { email: string; name: string }): Promise<void> {
  await prepareOfflineSignIn(page.context());
  const popupOpened = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const popup = await popupOpened;

  await popup.getByRole('button', { name: 'Add new account' }).click();
  // The emulator's inputs have no accessible names (aria-labelledby points nowhere), so their ids are the stable handle.
  await popup.locator('#email-input').fill(user.email);
  await popup.locator('#display-name-input').fill(user.name);
  await popup.getByRole('button', { name: /Sign in with/ }).click();
}

/** Signs a new user in from /signin and waits for the workspace to show their auto-created project. */
export async function signIn(page: Page, user: { email?: string; name?: string } = {}): Promise<{ email: string; name: string }> {
  const account = { email: user.email ?? uniqueEmail(), name: user.name ?? 'Ada Lovelace' };
  await page.goto('/signin');
  await completeGooglePopup(page, account);
  await page.waitForURL('**/dashboard');
  await expect(selectedProject(page, 'Untitled Project')).toBeAttached();
  return account;
}

/** The option of the project selector that is currently chosen, by its visible name. */
export function selectedProject(page: Page, name: string) {
  return page.getByRole('combobox', { name: 'Project' }).getByRole('option', { name, selected: true });
}
