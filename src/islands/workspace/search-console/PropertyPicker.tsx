import { useCallback, useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import {
  chooseSearchConsoleProperty,
  fetchSearchConsoleProperties,
  type SearchConsoleConnection,
  type SearchConsoleProperties,
} from '../../../lib/api/searchConsole.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { primaryButton, secondaryButton } from '../brand/ConnectWebsiteForm.tsx';

const KIND = { domain: 'Domain property', 'url-prefix': 'URL prefix' } as const;
const PERMISSION: Record<string, string> = {
  siteOwner: 'owner',
  siteFullUser: 'full user',
  siteRestrictedUser: 'restricted user',
  siteUnverifiedUser: 'not verified',
};

/**
 * The connected Google account's properties (owners), those covering the blog first; one that does not cover it, or
 * that the account is not verified for, is shown but cannot be picked. Picking submits the blog's sitemap.
 */
export function PropertyPicker({
  projectId,
  onPicked,
  onCancel,
}: {
  projectId: string;
  onPicked: (connection: SearchConsoleConnection) => void;
  onCancel?: (() => void) | undefined;
}) {
  const [list, setList] = useState<SearchConsoleProperties | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const [chosen, setChosen] = useState('');
  const [busy, setBusy] = useState(false);

  const load = useCallback(async () => {
    setProblem(null);
    setList(null);
    try {
      const next = await fetchSearchConsoleProperties(projectId);
      setList(next);
      setChosen(next.items.find((item) => item.usable)?.site_url ?? '');
    } catch (failure) {
      setProblem(errorMessage(failure, 'Could not list your Search Console properties.'));
    }
  }, [projectId]);

  useEffect(() => {
    void load();
  }, [load]);

  async function submit(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    if (!chosen) return;
    setBusy(true);
    try {
      const next = await chooseSearchConsoleProperty(projectId, chosen);
      showToast(next.message ?? 'Property saved.', next.sitemap_error ? 'error' : 'success');
      onPicked(next);
    } catch (failure) {
      showToast(errorMessage(failure, 'Could not use this property.'), 'error');
    } finally {
      setBusy(false);
    }
  }

  if (problem)
    return (
      <div role="alert" className="flex flex-col items-start gap-2 text-sm text-red-700 dark:text-red-300">
        <p>{problem}</p>
        <button type="button" onClick={load} className={secondaryButton}>
          Try again
        </button>
      </div>
    );
  if (!list) return <p className="text-sm text-slate-600 dark:text-slate-400">Loading your properties...</p>;
  if (list.items.length === 0)
    return (
      <div className="flex flex-col items-start gap-2 text-sm text-slate-600 dark:text-slate-400">
        <p>
          Your Google account has no Search Console property yet. In Search Console, add{' '}
          <span className="break-all font-medium">{list.blog_url}</span> as a URL-prefix property, verify it with the
          HTML tag method (paste the tag below), then list your properties again.
        </p>
        <button type="button" onClick={load} className={secondaryButton}>
          List properties again
        </button>
      </div>
    );

  return (
    <form onSubmit={submit} aria-labelledby="property-legend" className="flex flex-col gap-3">
      <fieldset className="flex min-w-0 flex-col gap-2">
        <legend id="property-legend" className="mb-1 text-sm font-medium">
          Pick the property that covers your blog ({list.blog_url})
        </legend>
        {list.items.map((item, index) => {
          const id = `property-${projectId}-${index}`;
          return (
            <div key={`${item.site_url}:${item.permission_level}`} className="flex min-w-0 items-start gap-2 text-sm">
              <input
                id={id}
                type="radio"
                name="property"
                value={item.site_url}
                checked={chosen === item.site_url}
                disabled={!item.usable}
                onChange={() => setChosen(item.site_url)}
                className="mt-1"
              />
              <label htmlFor={id} className={`min-w-0 ${item.usable ? '' : 'text-slate-500 dark:text-slate-400'}`}>
                <span className="break-all font-medium">{item.site_url}</span>
                <span className="block text-xs text-slate-600 dark:text-slate-400">
                  {KIND[item.kind]} · {PERMISSION[item.permission_level] ?? item.permission_level}
                  {item.note ? ` · ${item.note}` : ''}
                </span>
              </label>
            </div>
          );
        })}
      </fieldset>
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={!chosen || busy} className={primaryButton}>
          {busy ? 'Submitting the sitemap...' : 'Use this property'}
        </button>
        {onCancel && (
          <button type="button" onClick={onCancel} className={secondaryButton}>
            Cancel
          </button>
        )}
      </div>
      {!list.items.some((item) => item.usable) && (
        <p className="text-sm text-amber-800 dark:text-amber-200">
          None of these covers {list.blog_url}. Add it in Search Console as a URL-prefix property (or its domain), then
          list your properties again.
        </p>
      )}
    </form>
  );
}
