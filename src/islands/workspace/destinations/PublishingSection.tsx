import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import {
  deleteDestination,
  destinationsPath,
  KINDS_PATH,
  type Destination,
  type DestinationKindInfo,
  type SavedDestination,
} from '../../../lib/api/destinations.ts';
import { createFetcherStore } from '../../../lib/query/fetcher.ts';
import { $selectedProject } from '../../../lib/stores/projects.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { canWrite } from '../roles.ts';
import { DestinationForm } from './DestinationForm.tsx';
import { RevealedSecret } from './RevealedSecret.tsx';

const $kinds = createFetcherStore<DestinationKindInfo[]>([KINDS_PATH]);
const linkButton = 'text-sm font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100';

/** Where a destination publishes to, as its card names it: the site's or endpoint's address. */
const addressOf = (destination: Destination) =>
  String(destination.settings.site_url ?? destination.settings.url ?? destination.settings.store_domain ?? '');

/**
 * Projects → Publishing: the selected project's other sites (WordPress, webhooks…), each post also published there.
 * Owners and editors add (with Test connection first), change and remove them; viewers see the list.
 */
export function PublishingSection() {
  const project = useStore($selectedProject);
  const projectId = project?.id;
  const $list = useMemo(() => createFetcherStore<Destination[]>([destinationsPath(projectId ?? 'none')]), [projectId]);
  const list = useStore($list);
  const kinds = useStore($kinds);
  const [mode, setMode] = useState<{ kind: 'add' } | { kind: 'edit'; id: string } | null>(null);
  const [revealed, setRevealed] = useState<SavedDestination | null>(null);
  const [removing, setRemoving] = useState<string | null>(null);
  // Where the keyboard goes back to when a form or the revealed secret closes.
  const addButton = useRef<HTMLButtonElement>(null);
  const [returnFocus, setReturnFocus] = useState(false);
  useEffect(() => {
    if (!returnFocus || mode !== null || revealed) return;
    addButton.current?.focus();
    setReturnFocus(false);
  }, [returnFocus, mode, revealed]);
  if (!project) return null;
  const writer = canWrite(project.role);

  function saved(destination: SavedDestination | Destination) {
    setMode(null);
    setReturnFocus(true);
    showToast(`${destination.name} saved.`, 'success');
    if ('revealed_secrets' in destination && Object.keys(destination.revealed_secrets).length) setRevealed(destination);
  }

  async function remove(destination: Destination) {
    try {
      const { message } = await deleteDestination(project!.id, destination.id);
      showToast(message, 'success');
    } catch (failure) {
      showToast(errorMessage(failure, 'The destination could not be removed.'), 'error');
    } finally {
      setRemoving(null);
    }
  }

  return (
    <section aria-labelledby="publishing" className="mt-8 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="publishing" className="mb-1 text-lg font-semibold">
        Publishing
      </h2>
      <p className="mb-3 text-sm text-slate-600 dark:text-slate-400">
        Each post you publish also goes to these sites, and each change follows it there. Every post page shows where it
        is live and its delivery log.
      </p>
      {revealed && (
        <RevealedSecret
          destination={revealed}
          onDone={() => {
            setRevealed(null);
            setReturnFocus(true);
          }}
        />
      )}
      {list.loading && !list.data && (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading destinations...</p>
      )}
      {list.error && !list.data && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Could not load the destinations. Reload the page to try again.
        </p>
      )}
      {list.data?.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No destinations yet: posts are published to your hosted blog only.
        </p>
      )}
      {list.data && list.data.length > 0 && (
        <ul className="flex flex-col gap-3">
          {list.data.map((destination) =>
            mode?.kind === 'edit' && mode.id === destination.id && kinds.data ? (
              <li key={destination.id}>
                <DestinationForm
                  projectId={project.id}
                  kinds={kinds.data}
                  editing={destination}
                  onDone={saved}
                  onCancel={() => {
                    setMode(null);
                    setReturnFocus(true);
                  }}
                />
              </li>
            ) : (
              <li
                key={destination.id}
                aria-label={destination.name}
                className="flex flex-col gap-1 rounded-md border border-slate-200 p-3 dark:border-slate-800"
              >
                <div className="flex flex-wrap items-baseline gap-x-2 gap-y-1">
                  <h3 className="min-w-0 font-medium break-words">{destination.name}</h3>
                  <span className="rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                    {destination.kind_label}
                  </span>
                  {destination.canonical === 'destination' && (
                    <span className="rounded bg-brand-50 px-2 py-0.5 text-xs font-medium text-brand-800 dark:bg-brand-950 dark:text-brand-100">
                      Canonical
                    </span>
                  )}
                  {!destination.enabled && (
                    <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-950 dark:text-amber-100">
                      Switched off
                    </span>
                  )}
                </div>
                <p className="text-sm break-all text-slate-600 dark:text-slate-400">{addressOf(destination)}</p>
                <p className="text-xs text-slate-600 dark:text-slate-400">
                  Saved {new Date(destination.updated_at).toLocaleString()}
                  {destination.secrets_set.length > 0 && ' · credentials saved, never shown again'}
                </p>
                {writer && removing === destination.id ? (
                  <div className="mt-1 flex flex-wrap items-center gap-2 text-sm">
                    <span>Remove {destination.name}? Posts already published there stay on that site.</span>
                    <button
                      type="button"
                      onClick={() => remove(destination)}
                      className="rounded-md bg-red-700 px-3 py-1.5 text-sm font-medium text-white hover:bg-red-800"
                    >
                      Remove
                    </button>
                    <button type="button" onClick={() => setRemoving(null)} className={secondaryButton}>
                      Keep it
                    </button>
                  </div>
                ) : (
                  writer && (
                    <div className="mt-1 flex gap-4">
                      <button
                        type="button"
                        className={linkButton}
                        aria-label={`Change ${destination.name}`}
                        onClick={() => setMode({ kind: 'edit', id: destination.id })}
                      >
                        Change
                      </button>
                      <button
                        type="button"
                        className={linkButton}
                        aria-label={`Remove ${destination.name}`}
                        onClick={() => setRemoving(destination.id)}
                      >
                        Remove
                      </button>
                    </div>
                  )
                )}
              </li>
            ),
          )}
        </ul>
      )}
      {writer && mode?.kind === 'add' && kinds.data && (
        <div className="mt-3">
          <DestinationForm
            projectId={project.id}
            kinds={kinds.data}
            onDone={saved}
            onCancel={() => {
              setMode(null);
              setReturnFocus(true);
            }}
          />
        </div>
      )}
      {writer && mode === null && (
        <button
          ref={addButton}
          type="button"
          onClick={() => setMode({ kind: 'add' })}
          className={`${secondaryButton} mt-3`}
        >
          Add destination
        </button>
      )}
      {writer && kinds.error && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          Could not load the kinds of destination. Reload the page to try again.
        </p>
      )}
      {!writer && (
        <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">
          Owners and editors add and change destinations.
        </p>
      )}
    </section>
  );
}
