import { useStore } from '@nanostores/react';
import { useMemo, useState } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import { publishingPath, setPostDestination, type PostPublishing } from '../../../lib/api/destinations.ts';
import type { PostStatus } from '../../../lib/posts/types.ts';
import { createFetcherStore } from '../../../lib/query/fetcher.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { Link } from '../Link.tsx';

/**
 * The editor's "Publish to": one switch per destination of the project, on unless the writer keeps this post off
 * it. It takes effect at once: a live post is published there or taken down from there.
 */
export function PublishTargets({ postId, status }: { postId: string; status: PostStatus }) {
  const $publishing = useMemo(() => createFetcherStore<PostPublishing>([publishingPath(postId)]), [postId]);
  const { data, loading, error } = useStore($publishing);
  const [busy, setBusy] = useState<string | null>(null);

  async function toggle(destinationId: string, name: string, publish: boolean) {
    setBusy(destinationId);
    try {
      await setPostDestination(postId, destinationId, publish);
      const live = status === 'published';
      showToast(
        publish
          ? live
            ? `Publishing this post to ${name}.`
            : `This post will go to ${name} when it is published.`
          : live
            ? `Taking this post down from ${name}.`
            : `This post will not go to ${name}.`,
        'success',
      );
    } catch (failure) {
      showToast(errorMessage(failure, 'The change could not be saved.'), 'error');
    } finally {
      setBusy(null);
    }
  }

  return (
    <fieldset className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800">
      <legend className="px-1 font-medium">Publish to</legend>
      {loading && !data && <p className="text-sm text-slate-600 dark:text-slate-400">Loading destinations...</p>}
      {error && !data && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Could not load the destinations. Reload the page to try again.
        </p>
      )}
      {data && data.destinations.length === 0 && (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Your hosted blog only. Add your other sites under{' '}
          <Link href="/projects" className="text-brand-700 underline dark:text-brand-100">
            Projects → Publishing
          </Link>
          .
        </p>
      )}
      {data?.destinations.map((destination) => (
        <label key={destination.destination_id} className="flex items-start gap-2 text-sm">
          <input
            type="checkbox"
            className="mt-1"
            checked={!destination.opted_out}
            disabled={busy !== null || !destination.enabled}
            onChange={(event) => toggle(destination.destination_id, destination.name, event.target.checked)}
          />
          <span>
            {destination.name} <span className="text-slate-600 dark:text-slate-400">({destination.kind_label})</span>
            {!destination.enabled && <span className="text-slate-600 dark:text-slate-400"> · switched off</span>}
          </span>
        </label>
      ))}
      {data && data.destinations.length > 0 && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          A change here takes effect at once on a live post. Each change you save reaches every site ticked here.
        </p>
      )}
    </fieldset>
  );
}
