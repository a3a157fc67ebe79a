import { useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import { connectCustomDomain, type CustomDomain } from '../../../lib/api/domains.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { fieldClass, primaryButton, secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { DomainRecords } from './DomainRecords.tsx';

/** The spec's message for an empty domain (§5). */
export const EMPTY_DOMAIN = 'Please enter a valid domain.';

/**
 * The Connect Your Domain modal (spec §2.3): Domain Name, Cancel, Connect ("Connecting..." while busy); once saved
 * it shows the DNS records to create and can check them. The path of subpath mode is a blog setting, not part of it.
 */
export function ConnectDomainDialog({
  projectId,
  onClose,
  onSaved,
}: {
  projectId: string;
  onClose: () => void;
  onSaved?: (value: CustomDomain) => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const [domain, setDomain] = useState('');
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const [saved, setSaved] = useState<CustomDomain | null>(null);

  useEffect(() => {
    const element = dialog.current;
    if (element && !element.open) element.showModal();
  }, []);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!domain.trim()) {
      setError(EMPTY_DOMAIN);
      return;
    }
    setError(null);
    setBusy(true);
    showToast('Connecting domain... This may take a moment.', 'info');
    try {
      const value = await connectCustomDomain(projectId, domain.trim());
      setSaved(value);
      onSaved?.(value);
      showToast(
        value.message ?? 'Custom blog domain saved! Configure DNS and Cloudflare routing to complete setup.',
        'success',
      );
    } catch (failure) {
      const message = errorMessage(failure, 'Failed to connect domain.');
      setError(message);
      showToast(message, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <dialog
      ref={dialog}
      aria-labelledby="connect-domain-title"
      onClose={onClose}
      className="m-auto w-[34rem] max-w-[calc(100vw-2rem)] rounded-lg border border-slate-200 bg-white p-6 text-slate-900 shadow-xl backdrop:bg-slate-950/50 dark:border-slate-800 dark:bg-slate-950 dark:text-slate-100"
    >
      <h2 id="connect-domain-title" className="text-lg font-semibold">
        Connect Your Domain
      </h2>
      {saved ? (
        <div className="mt-4 flex flex-col gap-4">
          <DomainRecords projectId={projectId} value={saved} canEdit onChange={setSaved} />
          <div className="flex justify-end">
            <button type="button" onClick={() => dialog.current?.close()} className={primaryButton}>
              Close
            </button>
          </div>
        </div>
      ) : (
        <form noValidate onSubmit={submit} className="mt-4 flex flex-col gap-4">
          <div>
            <label htmlFor={`domain-name-${projectId}`} className="text-sm font-medium">
              Domain Name
            </label>
            <input
              id={`domain-name-${projectId}`}
              name="domain"
              placeholder="blog.example.com"
              autoComplete="off"
              value={domain}
              disabled={busy}
              onChange={(event) => {
                setDomain(event.target.value);
                setError(null);
              }}
              aria-invalid={error ? true : undefined}
              aria-describedby={error ? `domain-name-error-${projectId}` : undefined}
              className={fieldClass}
            />
          </div>
          {error && (
            <p
              id={`domain-name-error-${projectId}`}
              role="alert"
              className="text-sm whitespace-pre-line text-red-700 dark:text-red-300"
            >
              {error}
            </p>
          )}
          <div className="flex justify-end gap-2">
            <button type="button" onClick={() => dialog.current?.close()} className={secondaryButton}>
              Cancel
            </button>
            <button type="submit" disabled={busy} className={primaryButton}>
              {busy ? 'Connecting...' : 'Connect'}
            </button>
          </div>
        </form>
      )}
    </dialog>
  );
}
