import { expect, type Page } from '@playwright/test';

/** A fresh address per test, so each test starts as a brand-new user. */
export function uniqueEmail(prefix = 'user'): string {
  return `${prefix}-${Date.now()}-${Math.random().toString(36).slice(2, 8)}@example.com`;
}

/** The local account chooser that Continue with Google opens when the server runs the Auth emulator. */
export function localChooser(page: Page) {
  return page.getByRole('dialog', { name: 'Local sign-in' });
}

/** Presses Continue with Google on the current page and signs in through the local chooser, as a local user does. */
export async function completeLocalSignIn(page: Page, user: { email: string; name: string }): Promise<void> {
  await page.getByRole('button', { name: 'Continue with Google' }).click();
  const chooser = localChooser(page);
  await chooser.getByLabel('Email').fill(user.email);
  await chooser.getByLabel('Name').fill(user.name);
  await chooser.getByRole('button', { name: 'Sign in locally' }).click();
}

/** Signs a new user in from /signin and waits for the workspace to show their auto-created project. */
export async function signIn(
  page: Page,
  user: { email?: string; name?: string } = {},
): Promise<{ email: string; name: string }> {
  const account = { email: user.email ?? uniqueEmail(), name: user.name ?? 'Ada Lovelace' };
  await page.goto('/signin');
  await completeLocalSignIn(page, account);
  await page.waitForURL('**/dashboard');
  await expect(selectedProject(page, 'Untitled Project')).toBeAttached();
  return account;
}

/** The option of the project selector that is currently chosen, by its visible name. */
export function selectedProject(page: Page, name: string) {
  return page.getByRole('combobox', { name: 'Project' }).getByRole('option', { name, selected: true });
}
