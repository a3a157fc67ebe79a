import { useEffect, useRef } from 'react';
import type { SavedDestination } from '../../../lib/api/destinations.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { secondaryButton } from '../brand/ConnectWebsiteForm.tsx';

/**
 * The secrets the server made for a destination just saved (a webhook's signing secret), shown this once with Copy:
 * the API never returns them again.
 */
export function RevealedSecret({ destination, onDone }: { destination: SavedDestination; onDone: () => void }) {
  const entries = Object.entries(destination.revealed_secrets);
  const field = useRef<HTMLInputElement>(null);
  useEffect(() => field.current?.focus(), []); // the secret is what to copy now: focus (and select) it

  async function copy(value: string) {
    try {
      await navigator.clipboard.writeText(value);
      showToast('Signing secret copied to clipboard!', 'success');
    } catch {
      showToast('Failed to copy the secret: select it and copy it yourself.', 'error');
    }
  }

  return (
    <div
      role="status"
      className="mb-3 flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
    >
      <p className="font-medium">Copy the signing secret of “{destination.name}” now: it will not be shown again.</p>
      <p>
        Each delivery carries webhook-id, webhook-timestamp and webhook-signature headers (Standard Webhooks); check
        them with this secret. The{' '}
        <a href="/docs/api#webhooks" className="underline">
          API reference
        </a>{' '}
        describes the events.
      </p>
      {entries.map(([name, value], index) => (
        <div key={name} className="flex flex-wrap gap-2">
          <label htmlFor={`revealed-${destination.id}-${name}`} className="sr-only">
            Signing secret
          </label>
          <input
            ref={index === 0 ? field : undefined}
            id={`revealed-${destination.id}-${name}`}
            readOnly
            value={value}
            onFocus={(event) => event.currentTarget.select()}
            className="h-10 min-w-0 flex-1 rounded-md border border-amber-300 bg-white px-3 font-mono text-xs text-slate-900 dark:border-amber-800 dark:bg-slate-900 dark:text-slate-100"
          />
          <button type="button" className={secondaryButton} onClick={() => copy(value)}>
            Copy
          </button>
        </div>
      ))}
      <div>
        <button type="button" className={secondaryButton} onClick={onDone}>
          Done
        </button>
      </div>
    </div>
  );
}
