import { useStore } from '@nanostores/react';
import type { HeldPosts as HeldList } from '../../../lib/api/quality.ts';
import { createFetcherStore } from '../../../lib/query/fetcher.ts';
import { $selectedProjectId } from '../../../lib/stores/projects.ts';
import { Link } from '../Link.tsx';

/** The selected project's drafts the quality gate held back (GET /blogs/posts/project/{id}/held). */
export const $heldPosts = createFetcherStore<HeldList>(['blogs/posts/project/', $selectedProjectId, '/held']);

/**
 * On the dashboard: posts the autopilot wanted to publish and the quality gate kept as drafts, each with why and a
 * link to fix it, so a held post is never a silent one. Nothing held, nothing shown.
 */
export function HeldPosts() {
  const { data } = useStore($heldPosts);
  const items = data?.items ?? [];
  if (items.length === 0) return null;
  return (
    <section
      aria-labelledby="held-posts"
      className="rounded-lg border border-amber-300 bg-amber-50 p-5 dark:border-amber-800 dark:bg-amber-950"
    >
      <h2 id="held-posts" className="text-sm font-semibold text-amber-950 dark:text-amber-50">
        Held back by the quality gate
      </h2>
      <p className="mt-1 text-sm text-amber-950 dark:text-amber-50">
        The autopilot kept these posts as drafts. Improve them in the editor, or publish them there anyway.
      </p>
      <ul className="mt-3 flex flex-col gap-3 text-sm text-amber-950 dark:text-amber-50">
        {items.map((post) => (
          <li key={post.id} className="min-w-0 break-words">
            <Link href={`/dashboard/blog/edit/${post.id}`} className="font-medium underline underline-offset-2">
              {post.title || post.slug}
            </Link>
            <span> — {post.quality_hold.reasons.join(' ')}</span>
          </li>
        ))}
      </ul>
    </section>
  );
}
