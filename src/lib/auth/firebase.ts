import type { Auth } from 'firebase/auth';
import { loadPublicConfig } from '../public-config.ts';

let pending: Promise<Auth> | undefined;

/** The Firebase Auth instance, loaded on first use so pages that never sign in never download the SDK. */
export function getFirebaseAuth(): Promise<Auth> {
  pending ??= (async () => {
    const [config, { initializeApp }, authModule] = await Promise.all([
      loadPublicConfig(),
      import('firebase/app'),
      import('firebase/auth'),
    ]);
    const app = initializeApp({
      apiKey: config.firebase.apiKey,
      authDomain: config.firebase.authDomain,
      projectId: config.firebase.projectId,
      ...(config.firebase.appId ? { appId: config.firebase.appId } : {}),
    });
    const persistence = [authModule.indexedDBLocalPersistence, authModule.browserLocalPersistence];
    // The popup resolver loads Google's iframe library (https://apis.google.com/js/api.js) when Auth starts; the
    // emulator's local sign-in needs no popup, so without a real project it is left out and nothing outside loads.
    const auth = config.auth_emulator_url
      ? authModule.initializeAuth(app, { persistence })
      : authModule.initializeAuth(app, { persistence, popupRedirectResolver: authModule.browserPopupRedirectResolver });
    if (config.auth_emulator_url)
      authModule.connectAuthEmulator(auth, config.auth_emulator_url, { disableWarnings: true });
    return auth;
  })();
  pending.catch(() => {
    pending = undefined;
  });
  return pending;
}
