// Claims highlighted in place in the rich-text editor (issue 27): each claim's words get its state's colour and
// underline style, and a flag after them with an icon and the state in words (never the colour alone). Decorations
// only: they never reach the document, so the markdown written back is unchanged. They move with the text as it is
// edited (mapped through each change) and are replaced when the post's claims change.
import { Extension } from '@tiptap/core';
import { Plugin, PluginKey } from '@tiptap/pm/state';
import { Decoration, DecorationSet } from '@tiptap/pm/view';
import { type ClaimSpan, claimRanges } from '../../../../lib/posts/claim-positions.ts';

export const claimHighlightsKey = new PluginKey<DecorationSet>('claimHighlights');

/** The look of each state: background, underline style and icon; the word is read out with the claim. */
export const CLAIM_LOOK: Record<ClaimSpan['state'], { icon: string; label: string; mark: string }> = {
  supported: {
    icon: '✓',
    label: 'Supported',
    mark: 'claim-mark rounded-sm bg-emerald-100 underline decoration-emerald-700 decoration-2 dark:bg-emerald-950 dark:decoration-emerald-400',
  },
  unsupported: {
    icon: '✗',
    label: 'Unsupported',
    mark: 'claim-mark rounded-sm bg-red-100 underline decoration-red-700 decoration-wavy decoration-2 dark:bg-red-950 dark:decoration-red-400',
  },
  uncited: {
    icon: '?',
    label: 'Uncited',
    mark: 'claim-mark rounded-sm bg-amber-100 underline decoration-amber-700 decoration-dotted decoration-2 dark:bg-amber-950 dark:decoration-amber-400',
  },
};

function flag(claim: ClaimSpan): HTMLElement {
  const look = CLAIM_LOOK[claim.state];
  const element = document.createElement('span');
  element.contentEditable = 'false';
  element.dataset.claimFlag = claim.id;
  element.className = 'claim-flag';
  const icon = document.createElement('sup');
  icon.setAttribute('aria-hidden', 'true');
  icon.className = 'ml-0.5 font-bold';
  icon.textContent = look.icon;
  const word = document.createElement('span');
  word.className = 'sr-only';
  word.textContent = ` (${look.label.toLowerCase()} claim: ${claim.reason})`;
  element.append(icon, word);
  return element;
}

/** The decorations of the claims found in the document. */
export function claimDecorations(
  doc: Parameters<typeof claimRanges>[0],
  claims: ClaimSpan[],
  markdown: string,
): DecorationSet {
  const decorations = claimRanges(doc, claims, markdown).flatMap(({ claim, from, to }) => [
    Decoration.inline(
      from,
      to,
      {
        class: CLAIM_LOOK[claim.state].mark,
        'data-claim-id': claim.id,
        'data-claim-state': claim.state,
        title: `${CLAIM_LOOK[claim.state].label}: ${claim.reason}`,
      },
      { claimId: claim.id },
    ),
    Decoration.widget(to, () => flag(claim), {
      side: 1,
      ignoreSelection: true,
      key: `claim-${claim.id}-${claim.state}`,
    }),
  ]);
  return DecorationSet.create(doc, decorations);
}

/** Sets the claims to highlight: `editor.view.dispatch(setClaims(editor.state.tr, claims, markdown))`. */
export const claimsMeta = (claims: ClaimSpan[], markdown: string) => ({ claims, markdown });

export const ClaimHighlights = Extension.create({
  name: 'claimHighlights',
  addProseMirrorPlugins() {
    return [
      new Plugin<DecorationSet>({
        key: claimHighlightsKey,
        state: {
          init: () => DecorationSet.empty,
          apply(tr, set) {
            const next = tr.getMeta(claimHighlightsKey) as ReturnType<typeof claimsMeta> | undefined;
            if (next) return claimDecorations(tr.doc, next.claims, next.markdown);
            return tr.docChanged ? set.map(tr.mapping, tr.doc) : set;
          },
        },
        props: {
          decorations: (state) => claimHighlightsKey.getState(state),
        },
      }),
    ];
  },
});
