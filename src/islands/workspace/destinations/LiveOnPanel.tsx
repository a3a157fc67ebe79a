import { useStore } from '@nanostores/react';
import { useEffect, useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import {
  checkPublishing,
  publishingPath,
  retryDelivery,
  type Delivery,
  type PostDestination,
  type PostPublishing,
} from '../../../lib/api/destinations.ts';
import { createFetcherStore, revalidateKeys } from '../../../lib/query/fetcher.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { Link } from '../Link.tsx';
import { useCanWrite } from '../roles.ts';

/** While a delivery is under way the log is read again this often (the workspace's 5 s polling). */
const POLL_MS = 5_000;

const CHANGE: Record<string, string> = {
  published: 'Published',
  updated: 'Updated',
  unpublished: 'Unpublished',
  deleted: 'Deleted',
  opted_out: 'Kept off',
  opted_in: 'Switched on',
};
const STATE: Record<Delivery['state'], string> = {
  pending: 'Waiting',
  delivering: 'Sending',
  delivered: 'Delivered',
  failed: 'Failed',
  skipped: 'Skipped',
};
const STATE_CLASS: Record<Delivery['state'], string> = {
  pending: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  delivering: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  delivered: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-950 dark:text-emerald-100',
  failed: 'bg-red-100 text-red-900 dark:bg-red-950 dark:text-red-100',
  skipped: 'bg-slate-100 text-slate-700 dark:bg-slate-800 dark:text-slate-200',
};

const working = (publishing: PostPublishing | undefined) =>
  Boolean(publishing?.deliveries.some((entry) => entry.state === 'pending' || entry.state === 'delivering'));

function whereLabel(destination: PostDestination): string {
  if (destination.opted_out) return destination.live ? 'Live, being taken down' : 'Kept off';
  if (destination.live) return 'Live';
  if (destination.state === 'failed') return 'Not live: delivery failed';
  if (destination.state === 'pending' && destination.last_error) return 'Not live yet: the last attempt failed';
  if (destination.state === 'pending' || destination.state === 'delivering') return 'On its way';
  return 'Not live';
}

/**
 * The post page's "Live on": each destination of the project with the post's state and address there (and whether
 * someone changed it there since our last push, asked of the remote when the page opens), then the delivery log with
 * the remote's own words for a failure and Retry. Read again every 5 s while something is on its way.
 */
export function LiveOnPanel({ postId }: { postId: string }) {
  const $publishing = useMemo(() => createFetcherStore<PostPublishing>([publishingPath(postId)]), [postId]);
  const { data, loading, error } = useStore($publishing);
  const writable = useCanWrite();
  const [retrying, setRetrying] = useState<string | null>(null);
  const busy = working(data);

  useEffect(() => {
    checkPublishing(postId).catch(() => {}); // the page still shows what is known when a remote does not answer
  }, [postId]);
  useEffect(() => {
    if (!busy) return;
    const timer = setTimeout(() => revalidateKeys(publishingPath(postId)), POLL_MS);
    return () => clearTimeout(timer);
  }, [busy, data, postId]);

  async function retry(entry: Delivery) {
    setRetrying(entry.id);
    try {
      await retryDelivery(postId, entry.id);
      showToast(`Sending to ${entry.target_name} again.`, 'info');
    } catch (failure) {
      showToast(errorMessage(failure, 'The delivery could not be retried.'), 'error');
    } finally {
      setRetrying(null);
    }
  }

  return (
    <section aria-labelledby="live-on" className="rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <h2 id="live-on" className="text-lg font-semibold">
        Live on
      </h2>
      {loading && !data && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">Loading where it is live...</p>
      )}
      {error && !data && (
        <p role="alert" className="mt-2 text-sm text-red-700 dark:text-red-300">
          Could not load where this post is published. Reload the page to try again.
        </p>
      )}
      {data && data.destinations.length === 0 && (
        <p className="mt-2 text-sm text-slate-600 dark:text-slate-400">
          Only on your hosted blog. To publish to your other sites too, add them under{' '}
          <Link href="/projects" className="text-brand-700 underline dark:text-brand-100">
            Projects → Publishing
          </Link>
          .
        </p>
      )}
      {data && data.destinations.length > 0 && (
        <ul className="mt-2 flex flex-col gap-2">
          {data.destinations.map((destination) => (
            <li key={destination.destination_id} className="text-sm">
              <span className="font-medium">{destination.name}</span>{' '}
              <span className="text-slate-600 dark:text-slate-400">({destination.kind_label})</span>:{' '}
              <span>{whereLabel(destination)}</span>
              {destination.remote_url && destination.live && (
                <>
                  {' · '}
                  <a
                    href={destination.remote_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="break-all text-brand-700 underline dark:text-brand-100"
                  >
                    Open on {destination.name}
                  </a>
                </>
              )}
              {destination.changed_on_remote && (
                <p className="mt-1 rounded-md bg-amber-50 p-2 text-amber-950 dark:bg-amber-950 dark:text-amber-100">
                  Changed on {destination.name} since our last push: saving this post here will replace those changes.
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      {data && data.deliveries.length > 0 && (
        <>
          <h3 className="mt-4 text-sm font-medium">Delivery log</h3>
          <ul aria-label="Delivery log" className="mt-2 flex flex-col gap-2">
            {data.deliveries.map((entry) => (
              <li
                key={entry.id}
                aria-label={`${CHANGE[entry.event_kind] ?? entry.event_kind} to ${entry.target_name}: ${STATE[entry.state]}`}
                className="rounded-md border border-slate-200 p-2 text-sm dark:border-slate-800"
              >
                <div className="flex flex-wrap items-center gap-x-2 gap-y-1">
                  <span className="font-medium">{CHANGE[entry.event_kind] ?? entry.event_kind}</span>
                  <span>→ {entry.target_name}</span>
                  <span className={`rounded px-2 py-0.5 text-xs font-medium ${STATE_CLASS[entry.state]}`}>
                    {STATE[entry.state]}
                  </span>
                  <time dateTime={entry.updated_at} className="text-xs text-slate-600 dark:text-slate-400">
                    {new Date(entry.updated_at).toLocaleString()}
                  </time>
                  {entry.attempts > 1 && (
                    <span className="text-xs text-slate-600 dark:text-slate-400">{entry.attempts} attempts</span>
                  )}
                </div>
                {entry.last_error && entry.state !== 'delivered' && (
                  <p className="mt-1 break-words text-red-800 dark:text-red-200">
                    {/[.!?)]$/.test(entry.last_error) ? entry.last_error : `${entry.last_error}.`}
                    {entry.state === 'pending' && entry.next_attempt_at
                      ? ` Trying again at ${new Date(entry.next_attempt_at).toLocaleTimeString()}.`
                      : ''}
                  </p>
                )}
                {entry.result && <p className="mt-1 break-words text-slate-700 dark:text-slate-300">{entry.result}</p>}
                {entry.remote_url && entry.state === 'delivered' && (
                  <a
                    href={entry.remote_url}
                    target="_blank"
                    rel="noopener noreferrer"
                    className="mt-1 inline-block break-all text-brand-700 underline dark:text-brand-100"
                  >
                    {entry.remote_url}
                  </a>
                )}
                {writable && (entry.state === 'failed' || (entry.state === 'pending' && entry.last_error)) && (
                  <div className="mt-2">
                    <button
                      type="button"
                      onClick={() => retry(entry)}
                      disabled={retrying !== null}
                      aria-label={`Retry ${CHANGE[entry.event_kind]?.toLowerCase() ?? 'delivery'} to ${entry.target_name}`}
                      className={secondaryButton}
                    >
                      {retrying === entry.id ? 'Retrying...' : 'Retry'}
                    </button>
                  </div>
                )}
              </li>
            ))}
          </ul>
        </>
      )}
      {data && <p className="mt-3 text-xs text-slate-600 dark:text-slate-400">{data.indexnow.reason}</p>}
    </section>
  );
}
