// Admin impersonation in the browser (spec workspace §3, §4): the admin's email and an original custom token are
// stored, the session becomes the user's; ending it signs back in with the stored token, or logs out without one.
import { postImpersonation } from '../api/admin.ts';
import { STORAGE, storage } from '../storage-keys.ts';
import { $session, signInWithApiToken, signOutLocally } from './session.ts';

function forget(): void {
  for (const key of [STORAGE.impersonator, STORAGE.originalToken, STORAGE.projectId]) storage.set(key, null);
}

/** Starts acting as a user: a fresh page load then shows the workspace as that user sees it. */
export async function beginImpersonation(userId: string): Promise<void> {
  const admin = $session.get().user;
  if (!admin) throw new Error('Sign in first.');
  const started = await postImpersonation(userId);
  const previousProject = storage.get(STORAGE.projectId);
  storage.set(STORAGE.impersonator, admin.email);
  storage.set(STORAGE.originalToken, started.original_custom_token);
  storage.set(STORAGE.projectId, null);
  try {
    await signInWithApiToken(started.custom_token);
  } catch (error) {
    forget();
    storage.set(STORAGE.projectId, previousProject);
    throw error;
  }
  window.location.assign('/dashboard');
}

/** "Logout as {name}": back to the admin with the stored custom token, or signed out when none is stored or it fails. */
export async function endImpersonation(): Promise<void> {
  const original = storage.get(STORAGE.originalToken);
  forget();
  if (original) {
    try {
      await signInWithApiToken(original);
      window.location.assign('/dashboard');
      return;
    } catch {
      // the token expired (custom tokens last an hour) or was refused: sign out instead
    }
  }
  await signOutLocally(); // the cleared session makes the guard send the visitor to /
}
