import type { ClaimState } from '../../../../lib/claims/schema.ts';

/** How each claim state reads: an icon and a word beside its colour, never the colour alone. */
export const CLAIM_STATES: Record<ClaimState, { icon: string; label: string; tone: string; mark: string }> = {
  supported: {
    icon: '✓',
    label: 'Supported',
    tone: 'border-emerald-300 bg-emerald-50 text-emerald-900 dark:border-emerald-700 dark:bg-emerald-950 dark:text-emerald-100',
    mark: 'claim-mark rounded-sm bg-emerald-100 px-0.5 text-inherit underline decoration-emerald-700 decoration-2 dark:bg-emerald-950 dark:decoration-emerald-400',
  },
  unsupported: {
    icon: '✗',
    label: 'Unsupported',
    tone: 'border-red-300 bg-red-50 text-red-900 dark:border-red-700 dark:bg-red-950 dark:text-red-100',
    mark: 'claim-mark rounded-sm bg-red-100 px-0.5 text-inherit underline decoration-red-700 decoration-wavy decoration-2 dark:bg-red-950 dark:decoration-red-400',
  },
  uncited: {
    icon: '?',
    label: 'Uncited',
    tone: 'border-amber-300 bg-amber-50 text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100',
    mark: 'claim-mark rounded-sm bg-amber-100 px-0.5 text-inherit underline decoration-amber-700 decoration-dotted decoration-2 dark:bg-amber-950 dark:decoration-amber-400',
  },
};

/** The state of a claim as a small badge: icon and word. */
export function ClaimStateBadge({ state }: { state: ClaimState }) {
  const shown = CLAIM_STATES[state];
  return (
    <span className={`inline-flex items-center gap-1 rounded border px-1.5 py-0.5 text-xs font-medium ${shown.tone}`}>
      <span aria-hidden="true">{shown.icon}</span>
      {shown.label}
    </span>
  );
}
