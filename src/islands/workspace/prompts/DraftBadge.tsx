/** The visible mark of a guide the offline composer wrote (never presented as AI output). */
export function DraftBadge({ label }: { label: string | null }) {
  if (!label) return null;
  return (
    <span className="rounded bg-amber-100 px-2 py-0.5 text-xs font-medium text-amber-900 dark:bg-amber-900 dark:text-amber-100">
      {label}
    </span>
  );
}
