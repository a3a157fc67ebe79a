import { atom } from 'nanostores';
import { loadPublicConfig } from '../public-config.ts';
import { STORAGE, storage } from '../storage-keys.ts';
import { getFirebaseAuth } from './firebase.ts';
import type { SessionState, SessionUser } from './types.ts';

/** The visitor's session; 'loading' until the stored session has been read in the browser. */
export const $session = atom<SessionState>({ status: 'loading', user: null });

/** Reads the stored session without loading Firebase: fast enough for headers on static pages. */
export function restoreSession(): void {
  const token = storage.get(STORAGE.token);
  const cached = storage.get(STORAGE.user);
  if (token && cached) {
    try {
      $session.set({ status: 'signed-in', user: JSON.parse(cached) as SessionUser });
      return;
    } catch {
      storage.set(STORAGE.user, null);
    }
  }
  $session.set({ status: 'signed-out', user: null });
}

/** Stores a fresh ID token and asks the API who it belongs to; the first call creates the user. */
async function adoptToken(token: string): Promise<SessionUser> {
  storage.set(STORAGE.token, token);
  const response = await fetch('/api/users/me/', { headers: { authorization: `Bearer ${token}` } });
  if (!response.ok) throw new Error(`users/me: HTTP ${response.status}`);
  const user = (await response.json()) as SessionUser;
  rememberUser(user);
  return user;
}

/** Keeps fresh user fields from the API, so admin flags follow the server's configuration. */
export function rememberUser(user: SessionUser): void {
  storage.set(STORAGE.user, JSON.stringify(user));
  $session.set({ status: 'signed-in', user });
}

/** Loads Firebase ahead of the click, so the popup opens while the click still counts as a user gesture. */
export function prepareSignIn(): void {
  getFirebaseAuth().catch(() => undefined);
}

/** Google sign-in through the popup; rejects (and leaves the visitor signed out) when it fails or is closed. */
export async function signInWithGoogle(): Promise<SessionUser> {
  const auth = await getFirebaseAuth();
  const { GoogleAuthProvider, signInWithPopup } = await import('firebase/auth');
  const provider = new GoogleAuthProvider();
  provider.setCustomParameters({ prompt: 'select_account' });
  const credential = await signInWithPopup(auth, provider);
  return adoptToken(await credential.user.getIdToken());
}

/** True when the server runs the Auth emulator (no Firebase project configured): sign-in is then the local chooser. */
export async function usesLocalSignIn(): Promise<boolean> {
  return (await loadPublicConfig()).auth_emulator_url !== null;
}

/**
 * Signs in to the Auth emulator as the Google account the visitor typed, with a Google ID token made here: the
 * emulator accepts an unsigned one, so no Google page or script is involved and it works offline. The subject is
 * derived from the email, so the same address is the same account every time.
 */
export async function signInLocally(account: { email: string; name: string }): Promise<SessionUser> {
  const auth = await getFirebaseAuth();
  const { GoogleAuthProvider, signInWithCredential } = await import('firebase/auth');
  const email = account.email.trim().toLowerCase();
  const claims = {
    sub: `local-${email}`,
    email,
    email_verified: true,
    name: account.name.trim() || email.split('@')[0],
  };
  const result = await signInWithCredential(auth, GoogleAuthProvider.credential(JSON.stringify(claims)));
  return adoptToken(await result.user.getIdToken());
}

/** Signs in to Firebase with a custom token the API minted (impersonation and the way back) and adopts that session. */
export async function signInWithApiToken(customToken: string): Promise<SessionUser> {
  const auth = await getFirebaseAuth();
  const { signInWithCustomToken } = await import('firebase/auth');
  const result = await signInWithCustomToken(auth, customToken);
  return adoptToken(await result.user.getIdToken());
}

/**
 * One silent refresh of the ID token; null when the session is over (no Firebase user any more, or Firebase refuses
 * its refresh token). A refresh that fails for a passing reason (the network, or the page unloading mid-request)
 * throws instead: that is no reason to sign anyone out.
 */
export async function refreshToken(): Promise<string | null> {
  const auth = await getFirebaseAuth();
  await auth.authStateReady();
  if (!auth.currentUser) return null;
  try {
    const token = await auth.currentUser.getIdToken(true);
    storage.set(STORAGE.token, token);
    return token;
  } catch (error) {
    if (sessionEnded(error)) return null;
    throw error;
  }
}

/** Firebase's refusals of the session itself, as opposed to a failed request (auth/network-request-failed). */
function sessionEnded(error: unknown): boolean {
  const code = (error as { code?: unknown } | null)?.code;
  return typeof code === 'string' && code.startsWith('auth/') && code !== 'auth/network-request-failed';
}

/** Re-reads the current user from the API (a failure does not sign the user out, as the spec says). */
export async function reloadUser(): Promise<SessionUser | null> {
  const token = storage.get(STORAGE.token);
  if (!token) return null;
  try {
    return await adoptToken(token);
  } catch {
    return null;
  }
}

/** Clears the local session without talking to anyone (used when the token can no longer be refreshed). */
export function clearSession(): void {
  for (const key of [STORAGE.token, STORAGE.user, STORAGE.impersonator, STORAGE.originalToken]) storage.set(key, null);
  $session.set({ status: 'signed-out', user: null });
}

/** Signs out: revokes on the server, signs Firebase out, clears local state. */
export async function signOut(): Promise<void> {
  const token = storage.get(STORAGE.token);
  // An impersonated session never revokes: that would sign the real user out of every device.
  if (token && !impersonatorEmail($session.get().user))
    await fetch('/api/users/logout', { method: 'POST', headers: { authorization: `Bearer ${token}` } }).catch(
      () => undefined,
    );
  await signOutLocally();
}

/** Signs Firebase out and clears local state without revoking anything on the server (ending an impersonation). */
export async function signOutLocally(): Promise<void> {
  try {
    const auth = await getFirebaseAuth();
    const { signOut: firebaseSignOut } = await import('firebase/auth');
    await firebaseSignOut(auth);
  } catch {
    // Firebase unreachable: the local session is cleared regardless
  }
  clearSession();
}

/** Spec §4: impersonation is active when the stored impersonator email differs from the user's; that email, else null. */
export function impersonatorEmail(user: Pick<SessionUser, 'email'> | null | undefined): string | null {
  const stored = storage.get(STORAGE.impersonator);
  if (!stored || !user) return null;
  return stored.toLowerCase() === user.email.toLowerCase() ? null : stored;
}

/** Initials for the avatar: first and last initials; else the first initial; else the email's first letter; else U. */
export function avatarInitials(
  user: Pick<SessionUser, 'first_name' | 'last_name' | 'email'> | null | undefined,
): string {
  const first = user?.first_name?.trim().charAt(0) ?? '';
  const last = user?.last_name?.trim().charAt(0) ?? '';
  if (first && last) return (first + last).toUpperCase();
  if (first) return first.toUpperCase();
  const email = user?.email?.trim().charAt(0) ?? '';
  return email ? email.toUpperCase() : 'U';
}
