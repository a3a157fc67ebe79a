import { type FormEvent, type ReactNode, useEffect, useId, useRef } from 'react';
import { fieldClass, primaryButton, secondaryButton } from '../../brand/ConnectWebsiteForm.tsx';

/**
 * A small modal form of the editor (the link and image dialogs): a native <dialog> opened modally, so the focus stays
 * inside it and Escape closes it; closing hands the focus back to the editor (onClose).
 */
export function InsertDialog({
  title,
  submitLabel,
  onSubmit,
  onClose,
  extra,
  children,
}: {
  title: string;
  submitLabel: string;
  onSubmit: () => void;
  onClose: () => void;
  extra?: ReactNode;
  children: ReactNode;
}) {
  const ref = useRef<HTMLDialogElement>(null);
  const headingId = useId();
  useEffect(() => {
    const dialog = ref.current;
    if (dialog && !dialog.open) dialog.showModal();
    return () => dialog?.close();
  }, []);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };

  return (
    <dialog
      ref={ref}
      aria-labelledby={headingId}
      onClose={onClose}
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      className="m-auto w-[min(28rem,calc(100vw-2rem))] rounded-lg border border-slate-200 bg-white p-5 text-slate-900 shadow-xl backdrop:bg-slate-900/50 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
    >
      <form onSubmit={submit} noValidate className="flex flex-col gap-4">
        <h2 id={headingId} className="text-lg font-semibold">
          {title}
        </h2>
        {children}
        <div className="flex flex-wrap justify-end gap-2">
          {extra}
          <button type="button" onClick={onClose} className={secondaryButton}>
            Cancel
          </button>
          <button type="submit" className={primaryButton}>
            {submitLabel}
          </button>
        </div>
      </form>
    </dialog>
  );
}

/** A labelled field of a dialog, with its error under it (announced, tied to the field). */
export function DialogField({
  id,
  label,
  value,
  onChange,
  error,
  hint,
  type = 'text',
  autoFocus,
}: {
  id: string;
  label: string;
  value: string;
  onChange: (value: string) => void;
  error?: string | null;
  hint?: string;
  type?: 'text' | 'url';
  autoFocus?: boolean;
}) {
  const described = [hint ? `${id}-hint` : '', error ? `${id}-error` : ''].filter(Boolean).join(' ');
  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type={type}
        value={value}
        required
        autoFocus={autoFocus}
        onChange={(event) => onChange(event.target.value)}
        aria-invalid={Boolean(error) || undefined}
        aria-describedby={described || undefined}
        className={fieldClass}
      />
      {hint && (
        <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-xs text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
