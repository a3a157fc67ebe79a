import type { QualityHold } from '../../../lib/quality/schema.ts';

/**
 * On a calendar card: why the quality gate kept the entry's post a draft (issue 27). In the month grid it shows three
 * lines, and all of it while the card is hovered or focused, like the title.
 */
export function HeldReason({ hold, compact }: { hold: QualityHold; compact: boolean }) {
  return (
    <p
      role="note"
      className={`mt-1 break-words text-amber-900 dark:text-amber-100 ${compact ? 'line-clamp-3 group-focus-within:line-clamp-none group-hover:line-clamp-none' : ''}`}
    >
      <span className="font-medium">Held back:</span> {hold.reasons.join(' ')}
    </p>
  );
}
