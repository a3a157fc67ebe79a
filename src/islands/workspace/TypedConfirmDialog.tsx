import { useEffect, useId, useRef, useState, type FormEvent, type ReactNode } from 'react';
import { errorMessage } from '../../lib/api/client.ts';

export const dangerButton =
  'rounded-md bg-red-700 px-4 py-2 text-sm font-medium text-white hover:bg-red-800 disabled:cursor-not-allowed disabled:opacity-60';
export const quietButton =
  'rounded-md border border-slate-300 px-4 py-2 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900';

/**
 * A modal for what cannot be undone: it says what goes (children), and the action button stays disabled until the
 * user has typed `expected` (checked by `matches`). The server checks the same text again; its refusal is shown here,
 * in the dialog, and nothing closes until the action has succeeded.
 */
export function TypedConfirmDialog({
  title,
  expected,
  matches = (typed, wanted) => typed.trim() === wanted.trim(),
  confirmLabel,
  busyLabel,
  onConfirm,
  onClose,
  children,
}: {
  title: string;
  expected: string;
  matches?: (typed: string, expected: string) => boolean;
  confirmLabel: string;
  busyLabel: string;
  onConfirm: (typed: string) => Promise<void>;
  onClose: () => void;
  children: ReactNode;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const field = useRef<HTMLInputElement>(null);
  const id = useId();
  const [typed, setTyped] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const ready = matches(typed, expected);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
    field.current?.focus(); // the field, not the first link of the text above it: typing is what comes next
  }, []);

  async function submit(event: FormEvent) {
    event.preventDefault();
    if (!ready || busy) return;
    setBusy(true);
    setError(null);
    try {
      await onConfirm(typed);
    } catch (caught) {
      setError(errorMessage(caught, 'An error occurred.'));
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby={`${id}-title`}
      onClose={onClose}
      onCancel={(event) => busy && event.preventDefault()}
      className="m-auto w-[34rem] max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-100"
    >
      <h2 id={`${id}-title`} className="text-lg font-semibold break-words">
        {title}
      </h2>
      <div className="mt-2 flex flex-col gap-2 text-sm text-slate-700 dark:text-slate-300">{children}</div>
      <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-3">
        <label htmlFor={`${id}-typed`} className="text-sm font-medium break-words">
          Type <strong className="font-semibold break-all select-all">{expected}</strong> to confirm
        </label>
        <input
          id={`${id}-typed`}
          value={typed}
          onChange={(event) => setTyped(event.target.value)}
          autoComplete="off"
          autoCapitalize="off"
          spellCheck={false}
          ref={field}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : undefined}
          className="w-full rounded-md border border-slate-300 bg-white px-3 py-2 text-sm dark:border-slate-700 dark:bg-slate-900"
        />
        {error && (
          <p id={`${id}-error`} role="alert" className="text-sm whitespace-pre-line text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
        <div className="flex flex-wrap justify-end gap-2">
          <button type="button" onClick={() => dialog.current?.close()} disabled={busy} className={quietButton}>
            Cancel
          </button>
          <button type="submit" disabled={!ready || busy} className={dangerButton}>
            {busy ? busyLabel : confirmLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}
