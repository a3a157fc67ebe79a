import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import {
  $session,
  clearSession,
  prepareSignIn,
  restoreSession,
  signInWithGoogle,
  usesLocalSignIn,
} from '../../lib/auth/session.ts';
import { nextPath } from '../../lib/auth/next-path.ts';
import LocalAccountChooser, { type LocalSignInWords } from './LocalAccountChooser.tsx';

/**
 * Continue with Google (public-site §2.4–2.5): a spinner while the session loads, a busy label while the popup (or,
 * with the Auth emulator, the local account chooser) is open. Its words come from src/content/auth/*.yaml and, for the
 * chooser, src/content/site/site.yaml.
 */
export default function GoogleButton({
  labels,
  localSignIn,
}: {
  labels: { label: string; busy: string; loading: string };
  localSignIn: LocalSignInWords;
}) {
  const session = useStore($session);
  const [busy, setBusy] = useState(false);
  const [choosing, setChoosing] = useState(false);

  useEffect(() => restoreSession(), []);
  useEffect(() => {
    if (session.status === 'signed-in') window.location.replace(nextPath(window.location.search));
    if (session.status === 'signed-out') prepareSignIn();
  }, [session.status]);

  async function start() {
    setBusy(true);
    try {
      if (await usesLocalSignIn()) {
        setChoosing(true); // the chooser signs in; closing it ends the busy state
        return;
      }
      await signInWithGoogle(); // the signed-in session then sends the visitor on (effect above)
    } catch {
      // A closed or failed popup ends the busy state silently so the visitor can retry (spec §8).
      clearSession();
      setBusy(false);
    }
  }

  if (session.status !== 'signed-out') {
    return (
      <div role="status" className="flex h-11 items-center justify-center">
        <span
          aria-hidden="true"
          className="size-6 animate-spin rounded-full border-2 border-slate-300 border-t-brand-600 dark:border-slate-700 dark:border-t-brand-500"
        />
        <span className="sr-only">{labels.loading}</span>
      </div>
    );
  }
  return (
    <>
      <GoogleButtonFace busy={busy} label={busy ? labels.busy : labels.label} onClick={start} />
      {choosing && (
        <LocalAccountChooser
          words={localSignIn}
          onClose={() => {
            setChoosing(false);
            setBusy(false);
          }}
        />
      )}
    </>
  );
}

function GoogleButtonFace({ busy, label, onClick }: { busy: boolean; label: string; onClick: () => void }) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={busy}
      aria-busy={busy}
      className="flex h-11 w-full items-center justify-center gap-3 rounded-md border border-slate-300 bg-white px-4 text-sm font-medium text-slate-900 shadow-sm hover:bg-slate-50 disabled:cursor-wait disabled:opacity-70 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100 dark:hover:bg-slate-800"
    >
      <GoogleLogo />
      {label}
    </button>
  );
}

function GoogleLogo() {
  return (
    <svg viewBox="0 0 48 48" aria-hidden="true" focusable="false" className="size-5">
      <path
        fill="#FFC107"
        d="M43.6 20.1H42V20H24v8h11.3C33.7 32.7 29.2 36 24 36c-6.6 0-12-5.4-12-12s5.4-12 12-12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 12.9 4 4 12.9 4 24s8.9 20 20 20 20-8.9 20-20c0-1.3-.1-2.6-.4-3.9z"
      />
      <path
        fill="#FF3D00"
        d="M6.3 14.7l6.6 4.8C14.7 15.1 19 12 24 12c3.1 0 5.8 1.2 7.9 3.1l5.7-5.7C34 6.1 29.3 4 24 4 16.3 4 9.7 8.3 6.3 14.7z"
      />
      <path
        fill="#4CAF50"
        d="M24 44c5.2 0 9.9-2 13.4-5.2l-6.2-5.2C29.2 35.1 26.7 36 24 36c-5.2 0-9.6-3.3-11.3-7.9l-6.5 5C9.5 39.6 16.2 44 24 44z"
      />
      <path
        fill="#1976D2"
        d="M43.6 20.1H42V20H24v8h11.3c-.8 2.2-2.2 4.2-4.1 5.6l6.2 5.2C37 39.2 44 34 44 24c0-1.3-.1-2.6-.4-3.9z"
      />
    </svg>
  );
}
