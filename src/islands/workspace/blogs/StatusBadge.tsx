import type { PostStatus } from '../../../lib/posts/types.ts';

/** Published or Draft, as a small coloured label. */
export function StatusBadge({ status }: { status: PostStatus }) {
  return status === 'published' ? (
    <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
      Published
    </span>
  ) : (
    <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">
      Draft
    </span>
  );
}

/** A date and time as the reader's locale writes it. */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
