import type { PostStatus } from '../../../lib/posts/types.ts';

/** How a post's status reads in the workspace. */
export const STATUS_LABELS: Record<PostStatus, string> = {
  draft: 'Draft',
  scheduled: 'Scheduled',
  published: 'Published',
};

const TONES: Record<PostStatus, string> = {
  draft: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-100',
  scheduled: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-100',
  published: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100',
};

/** Published, Scheduled or Draft, as a small coloured label. */
export function StatusBadge({ status }: { status: PostStatus }) {
  return <span className={`rounded px-2 py-0.5 text-xs font-medium ${TONES[status]}`}>{STATUS_LABELS[status]}</span>;
}

/** A date and time as the reader's locale writes it. */
export function formatWhen(iso: string): string {
  return new Date(iso).toLocaleString(undefined, { dateStyle: 'medium', timeStyle: 'short' });
}
