import { useEffect, useRef } from 'react';
import type { QualityHold } from '../../../lib/quality/schema.ts';
import { primaryButton, secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { formatWhen } from './StatusBadge.tsx';

/** Why the quality gate kept this draft from going live (issue 27), on the post page and in the editor. */
export function QualityHoldNotice({ hold }: { hold: QualityHold | null | undefined }) {
  if (!hold) return null;
  return (
    <section
      aria-labelledby="quality-hold-heading"
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 id="quality-hold-heading" className="font-medium">
        Held back by the quality gate
      </h2>
      <p className="mt-1">
        The autopilot kept this post a draft on {formatWhen(hold.held_at)} (score {hold.score}, the project's minimum{' '}
        {hold.min_score}):
      </p>
      <ul className="mt-1 list-disc pl-5">
        {hold.reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
    </section>
  );
}

/**
 * What a person sees before publishing a post that does not pass the gate: the reasons, and the choice to publish
 * anyway (people may overrule the gate; the autopilot may not). Focus moves to it so a keyboard user hears it.
 */
export function PublishGateConfirm({
  reasons,
  busy,
  onPublish,
  onCancel,
}: {
  reasons: string[];
  busy: boolean;
  onPublish: () => void;
  onCancel: () => void;
}) {
  const box = useRef<HTMLDivElement>(null);
  useEffect(() => box.current?.focus(), []);
  return (
    <div
      ref={box}
      tabIndex={-1}
      role="alertdialog"
      aria-labelledby="publish-gate-heading"
      aria-describedby="publish-gate-reasons"
      onKeyDown={(event) => {
        if (event.key === 'Escape') onCancel();
      }}
      className="rounded-md border border-amber-300 bg-amber-50 p-3 text-sm text-amber-950 focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 dark:border-amber-800 dark:bg-amber-950 dark:text-amber-50"
    >
      <h2 id="publish-gate-heading" className="font-medium">
        This post does not pass the project's quality gate
      </h2>
      <ul id="publish-gate-reasons" className="mt-1 list-disc pl-5">
        {reasons.map((reason) => (
          <li key={reason}>{reason}</li>
        ))}
      </ul>
      <div className="mt-3 flex flex-wrap gap-2">
        <button type="button" onClick={onPublish} disabled={busy} className={primaryButton}>
          {busy ? 'Publishing...' : 'Publish anyway'}
        </button>
        <button type="button" onClick={onCancel} className={secondaryButton}>
          Keep editing
        </button>
      </div>
    </div>
  );
}
