// Header behaviour on interactive public pages: auth state, account menu, mobile menu, click analytics.
import { track, type AnalyticsEvent } from '../../lib/analytics.ts';
import { $session, avatarInitials, restoreSession, signInWithGoogle, signOut } from '../../lib/auth/session.ts';
import { bindDisclosure } from './disclosure.ts';

$session.subscribe((session) => {
  for (const element of document.querySelectorAll<HTMLElement>('[data-auth]'))
    element.hidden = element.dataset.auth !== session.status;
  const initials = avatarInitials(session.user);
  for (const avatar of document.querySelectorAll('[data-avatar]')) avatar.textContent = initials;
  // The button shows the initials, so its name says them too (WCAG 2.5.3, label in name): "Account menu: AL".
  for (const toggle of document.querySelectorAll<HTMLElement>('[data-account-toggle]'))
    toggle.setAttribute('aria-label', `${toggle.dataset.label ?? ''}: ${initials}`);
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

/** Google sign-in from any button on the page; a failure or a closed popup silently leaves the visitor where they were. */
async function startSignIn(): Promise<void> {
  try {
    await signInWithGoogle();
    location.assign('/dashboard');
  } catch {
    // spec §8: a failed Google sign-in ends quietly so the visitor can retry
  }
}

async function endSession(): Promise<void> {
  track('logout');
  await signOut();
}

/** Lets other scripts on the page (SEO audit form) start the same sign-in flow. */
document.addEventListener('inkpilot:sign-in', () => void startSignIn());
