// Header behaviour on interactive public pages: auth state, account menu, mobile menu, click analytics.
import { track, type AnalyticsEvent } from '../../lib/analytics.ts';
import type { LocalSignInWords } from '../../islands/auth/LocalAccountChooser.tsx';
import {
  $session,
  avatarInitials,
  prepareSignIn,
  restoreSession,
  signInWithGoogle,
  signOut,
  usesLocalSignIn,
} from '../../lib/auth/session.ts';
import { bindDisclosure } from './disclosure.ts';

$session.subscribe((session) => {
  for (const element of document.querySelectorAll<HTMLElement>('[data-auth]'))
    element.hidden = element.dataset.auth !== session.status;
  const initials = avatarInitials(session.user);
  for (const avatar of document.querySelectorAll('[data-avatar]')) avatar.textContent = initials;
  // The button shows the initials, so its name says them too (WCAG 2.5.3, label in name): "Account menu: AL". Signed
  // out it is hidden and has no initials to say: its name is the editors' label alone.
  for (const toggle of document.querySelectorAll<HTMLElement>('[data-account-toggle]')) {
    const label = toggle.dataset.label ?? '';
    toggle.setAttribute('aria-label', session.status === 'signed-in' ? `${label}: ${initials}` : label);
  }
});
restoreSession();

bindDisclosure(document.querySelector('[data-account-toggle]'), { closeOnOutsideClick: true });
bindDisclosure(document.querySelector('[data-menu-toggle]'), {
  lockScroll: true,
  closers: '[data-menu-close], [data-menu-backdrop], #mobile-menu a',
});

document.addEventListener('click', (event) => {
  const target = event.target instanceof Element ? event.target : null;
  const tracked = target?.closest<HTMLElement>('[data-track]');
  if (tracked)
    track(tracked.dataset.track as AnalyticsEvent, {
      label: tracked.dataset.trackLabel ?? tracked.textContent?.trim(),
    });
  const action = target?.closest<HTMLElement>('[data-action]')?.dataset.action;
  if (action === 'sign-in') void startSignIn();
  if (action === 'sign-out') void endSession();
});

let signingIn = false;

/** The local sign-in dialog's words, which the header carries (src/content/site/site.yaml, localSignIn). */
function localSignInWords(): LocalSignInWords {
  return JSON.parse(document.querySelector<HTMLElement>('[data-header]')?.dataset.localSignIn ?? '{}');
}

/**
 * Sign-in from any button on the page: Google's popup, or, when the server runs without a Firebase project, the
 * same local sign-in dialog as /signin (loaded only now). A failure or a closed popup or dialog silently leaves the
 * visitor where they were; signing in goes to the dashboard.
 */
async function startSignIn(): Promise<void> {
  if (signingIn) return;
  signingIn = true;
  try {
    if (await usesLocalSignIn()) {
      const { openLocalSignIn } = await import('../../islands/auth/open-local-sign-in.tsx');
      if ((await openLocalSignIn(localSignInWords())) !== 'signed-in') return;
    } else {
      await signInWithGoogle();
    }
    location.assign('/dashboard');
  } catch {
    // spec §8: a failed Google sign-in ends quietly so the visitor can retry
  } finally {
    signingIn = false;
  }
}

async function endSession(): Promise<void> {
  track('logout');
  await signOut();
}

// Sign-in is prepared when a visitor points at or focuses a sign-in button, so Google's popup still opens within
// the click's user gesture and the local dialog opens at once.
for (const type of ['pointerover', 'focusin'] as const)
  document.addEventListener(type, (event) => {
    const target = event.target instanceof Element ? event.target : null;
    if (target?.closest('[data-action="sign-in"]') && $session.get().status === 'signed-out') prepareSignIn();
  });

/** Lets other scripts on the page (SEO audit form) start the same sign-in flow. */
document.addEventListener('inkpilot:sign-in', () => void startSignIn());
