import { useEffect, useRef, useState, type FormEvent } from 'react';
import { signInLocally } from '../../lib/auth/session.ts';

const fieldClass =
  'mt-1 w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900';

/** Its words, from src/content/site/site.yaml (localSignIn). */
export interface LocalSignInWords {
  title: string;
  note: string;
  email: string;
  name: string;
  cancel: string;
  submit: string;
  failed: string;
}

/**
 * The local account chooser shown instead of Google's popup when the server runs the Auth emulator: any email and
 * name sign in, offline. A native modal dialog, so Esc, focus containment and the backdrop come from the browser.
 * onClose runs when it is dismissed (Cancel, Esc); a successful sign-in changes the session and the page moves on.
 */
export default function LocalAccountChooser({ words, onClose }: { words: LocalSignInWords; onClose: () => void }) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const form = new FormData(event.currentTarget);
    setBusy(true);
    setError(null);
    try {
      await signInLocally({ email: String(form.get('email') ?? ''), name: String(form.get('name') ?? '') });
    } catch {
      setError(words.failed);
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby="local-signin-title"
      aria-describedby="local-signin-note"
      onClose={onClose}
      className="m-auto w-full max-w-sm rounded-xl bg-white p-6 text-slate-900 backdrop:bg-slate-950/50 dark:bg-slate-900 dark:text-slate-100"
    >
      <form onSubmit={submit} className="flex flex-col gap-4">
        <h2 id="local-signin-title" className="text-lg font-semibold">
          {words.title}
        </h2>
        <p id="local-signin-note" className="text-sm text-slate-600 dark:text-slate-400">
          {words.note}
        </p>
        <div>
          <label htmlFor="local-signin-email" className="text-sm font-medium">
            {words.email}
          </label>
          <input
            id="local-signin-email"
            name="email"
            type="email"
            required
            autoComplete="email"
            className={fieldClass}
          />
        </div>
        <div>
          <label htmlFor="local-signin-name" className="text-sm font-medium">
            {words.name}
          </label>
          <input id="local-signin-name" name="name" autoComplete="name" className={fieldClass} />
        </div>
        {error && (
          <p role="alert" className="text-sm text-red-700 dark:text-red-400">
            {error}
          </p>
        )}
        <div className="flex justify-end gap-2">
          <button
            type="button"
            onClick={() => dialog.current?.close()}
            className="rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-800"
          >
            {words.cancel}
          </button>
          <button
            type="submit"
            disabled={busy}
            aria-busy={busy}
            className="rounded-md bg-brand-600 px-4 py-2 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
          >
            {words.submit}
          </button>
        </div>
      </form>
    </dialog>
  );
}
