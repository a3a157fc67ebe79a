import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { deleteApiKey, postApiKey, type ApiKey } from '../../../lib/api/apiKeys.ts';
import { errorMessage } from '../../../lib/api/client.ts';
import { createFetcherStore, revalidateKeys } from '../../../lib/query/fetcher.ts';
import { showToast } from '../../../lib/stores/toasts.ts';

const $apiKeys = createFetcherStore<ApiKey[]>(['api-keys']);
const when = (iso: string | null) => (iso ? new Date(iso).toLocaleString() : 'Never');
const button =
  'rounded-md border border-slate-300 px-3 py-1.5 text-sm font-medium hover:bg-slate-50 dark:border-slate-700 dark:hover:bg-slate-900';

/** API Keys (Scale plan): create with a name (the secret shown once), list by name and prefix, revoke. */
export function ApiKeysTab() {
  const keys = useStore($apiKeys);
  const [name, setName] = useState('');
  const [error, setError] = useState('');
  const [secret, setSecret] = useState<{ name: string; key: string } | null>(null);
  const [busy, setBusy] = useState(false);

  async function create(event: FormEvent) {
    event.preventDefault();
    if (!name.trim()) {
      setError('Key name is required.');
      return;
    }
    setBusy(true);
    setError('');
    try {
      const created = await postApiKey(name.trim());
      setSecret({ name: created.name, key: created.key });
      setName('');
      revalidateKeys('api-keys');
    } catch (failure) {
      setError(errorMessage(failure, 'An error occurred.'));
    } finally {
      setBusy(false);
    }
  }

  async function revoke(key: ApiKey) {
    try {
      await deleteApiKey(key.id);
      showToast('API key revoked.', 'success');
    } catch (failure) {
      showToast(errorMessage(failure, 'An error occurred.'), 'error');
    } finally {
      revalidateKeys('api-keys');
    }
  }

  async function copy(value: string) {
    try {
      await navigator.clipboard.writeText(value);
      showToast('API key copied to clipboard!', 'success');
    } catch {
      showToast('Failed to copy key.', 'error');
    }
  }

  return (
    <div className="flex flex-col gap-6 pt-4">
      <p className="text-sm text-slate-600 dark:text-slate-400">
        Call the Inkpilot API from your own tools with <code>Authorization: Bearer &lt;key&gt;</code>; a key acts as
        you, in the projects you are a member of. API access is part of the Scale plan. See the{' '}
        <a href="/docs/api" className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100">
          API reference
        </a>
        .
      </p>
      <form onSubmit={create} noValidate className="flex flex-wrap items-end gap-2">
        <label className="flex flex-col gap-1 text-sm font-medium">
          Key name
          <input
            value={name}
            onChange={(event) => setName(event.target.value)}
            maxLength={100}
            aria-invalid={Boolean(error)}
            aria-describedby={error ? 'api-key-error' : undefined}
            className="h-10 w-64 rounded-md border border-slate-300 bg-white px-3 dark:border-slate-700 dark:bg-slate-900"
          />
        </label>
        <button
          type="submit"
          disabled={busy}
          className="h-10 rounded-md bg-brand-600 px-4 text-sm font-medium text-white hover:bg-brand-700 disabled:opacity-60"
        >
          {busy ? 'Creating...' : 'Create key'}
        </button>
        {error && (
          <p id="api-key-error" role="alert" className="w-full text-sm text-red-700 dark:text-red-300">
            {error}
          </p>
        )}
      </form>
      {secret && (
        <div
          role="status"
          className="flex flex-col gap-2 rounded-lg border border-amber-300 bg-amber-50 p-4 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-100"
        >
          <p className="font-medium">Copy your new key “{secret.name}” now: it will not be shown again.</p>
          <div className="flex gap-2">
            <label htmlFor="new-api-key" className="sr-only">
              New API key
            </label>
            <input
              id="new-api-key"
              readOnly
              value={secret.key}
              className="h-10 min-w-0 flex-1 rounded-md border border-amber-300 bg-white px-3 font-mono text-xs text-slate-900 dark:border-amber-800 dark:bg-slate-900 dark:text-slate-100"
              onFocus={(event) => event.currentTarget.select()}
            />
            <button type="button" className={button} onClick={() => copy(secret.key)}>
              Copy
            </button>
            <button type="button" className={button} onClick={() => setSecret(null)}>
              Done
            </button>
          </div>
        </div>
      )}
      <section aria-labelledby="api-keys-title">
        <h2 id="api-keys-title" className="mb-2 font-semibold">
          Your keys
        </h2>
        {keys.loading && !keys.data && <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p>}
        {keys.data && keys.data.length === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-400">No API keys yet.</p>
        )}
        {keys.data && keys.data.length > 0 && (
          <table className="w-full text-left text-sm">
            <thead className="text-slate-600 dark:text-slate-400">
              <tr>
                <th className="py-2 font-medium">Name</th>
                <th className="py-2 font-medium">Key</th>
                <th className="py-2 font-medium">Created</th>
                <th className="py-2 font-medium">Last used</th>
                <th className="py-2 font-medium">
                  <span className="sr-only">Actions</span>
                </th>
              </tr>
            </thead>
            <tbody>
              {keys.data.map((key) => (
                <tr key={key.id} className="border-t border-slate-200 dark:border-slate-800">
                  <td className="py-2 break-all">{key.name}</td>
                  <td className="py-2 font-mono text-xs">{key.prefix}…</td>
                  <td className="py-2">{when(key.created_at)}</td>
                  <td className="py-2">{when(key.last_used_at)}</td>
                  <td className="py-2 text-right">
                    <button
                      type="button"
                      className={button}
                      aria-label={`Revoke ${key.name}`}
                      onClick={() => revoke(key)}
                    >
                      Revoke
                    </button>
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        )}
      </section>
    </div>
  );
}
