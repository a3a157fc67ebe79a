import { type RefObject, useCallback, useEffect, useRef } from 'react';
import type { Claim } from '../../../../lib/claims/schema.ts';
import { clearClaims, highlightClaims, revealClaim } from './highlight.ts';

/**
 * Keeps a preview's claims marked (again after each new rendering of it) while `highlight` is on, and shows one claim
 * on request: the preview is scrolled to it and it takes the focus. `html` is what the preview shows now.
 */
export function usePreviewClaims(
  preview: RefObject<HTMLElement | null>,
  { claims, markdown, html, highlight }: { claims: Claim[]; markdown: string; html: string; highlight: boolean },
) {
  const pending = useRef<string | null>(null);
  useEffect(() => {
    const root = preview.current;
    if (!root) return;
    if (highlight) highlightClaims(root, claims, markdown);
    else clearClaims(root);
    const wanted = pending.current;
    if (wanted && highlight) {
      pending.current = null;
      revealClaim(root, wanted);
    }
  }, [preview, claims, markdown, html, highlight]);

  /** Shows a claim in the preview; when highlighting is off, it is shown once the marks are back. */
  return useCallback(
    (id: string, turnOn: () => void) => {
      const root = preview.current;
      if (root && revealClaim(root, id)) return;
      pending.current = id;
      turnOn();
    },
    [preview],
  );
}
