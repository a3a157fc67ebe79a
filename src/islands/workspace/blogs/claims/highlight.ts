// Claims marked in the editor's preview: each claim's words wrapped in a <mark> coloured by its state, with an icon and
// a hidden word for the state (never the colour alone), so the claim list can scroll to it. The preview is the
// server's rendering of the markdown; claims are offsets into the markdown, so each is found in the preview's text by
// its words and which occurrence of them it is.
import type { Claim } from '../../../../lib/claims/schema.ts';
import { CLAIM_STATES } from './states.tsx';

const MARK = 'mark[data-claim-id]';

/** The element of a claim in the preview, by its id. */
export const claimElement = (root: ParentNode, id: string) =>
  root.querySelector<HTMLElement>(`${MARK}[data-claim-id="${CSS.escape(id)}"]`);

/** Takes out the marks an earlier pass added, leaving the preview's own text as it was. */
export function clearClaims(root: HTMLElement): void {
  for (const mark of root.querySelectorAll<HTMLElement>(MARK)) {
    mark.querySelectorAll('[data-claim-flag]').forEach((flag) => flag.remove());
    mark.replaceWith(...mark.childNodes);
  }
  root.normalize();
}

/** The words a reader sees of a claim: its markdown without emphasis marks. */
const visible = (text: string) => text.replace(/[*_`]/g, '');

/** How many times `text` occurs in `markdown` before `end` (so the n-th claim with those words is the n-th match). */
function occurrence(markdown: string, text: string, end: number): number {
  let count = 0;
  for (let at = markdown.indexOf(text); at >= 0 && at < end; at = markdown.indexOf(text, at + text.length)) count++;
  return Math.max(0, count - 1);
}

/** The text node and offset holding a position of the root's text, walking its text nodes in order. */
function locate(nodes: Text[], position: number): { node: Text; offset: number } | undefined {
  let passed = 0;
  for (const node of nodes) {
    const length = node.data.length;
    if (position < passed + length) return { node, offset: position - passed };
    passed += length;
  }
  return undefined;
}

function markFor(claim: Claim): HTMLElement {
  const shown = CLAIM_STATES[claim.state];
  const mark = document.createElement('mark');
  mark.dataset.claimId = claim.id;
  mark.dataset.claimState = claim.state;
  mark.tabIndex = -1;
  mark.className = shown.mark;
  mark.title = claim.reason;
  return mark;
}

function flagFor(claim: Claim): HTMLElement {
  const shown = CLAIM_STATES[claim.state];
  const flag = document.createElement('span');
  flag.dataset.claimFlag = '';
  const icon = document.createElement('sup');
  icon.setAttribute('aria-hidden', 'true');
  icon.className = 'ml-0.5 font-bold';
  icon.textContent = shown.icon;
  const word = document.createElement('span');
  word.className = 'sr-only';
  word.textContent = ` (${shown.label.toLowerCase()} claim)`;
  flag.append(icon, word);
  return flag;
}

/**
 * Marks each claim in the preview (earlier marks first taken out). A claim whose words are not in the preview's text
 * as one run (split by formatting) is left unmarked. Returns the ids marked.
 */
export function highlightClaims(root: HTMLElement, claims: Claim[], markdown: string): string[] {
  clearClaims(root);
  const marked: string[] = [];
  // Last first: wrapping a later claim never moves the text positions of an earlier one.
  const located = claims
    .map((claim) => {
      const words = visible(claim.text);
      const nodes: Text[] = [];
      const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
      while (walker.nextNode()) nodes.push(walker.currentNode as Text);
      const text = nodes.map((node) => node.data).join('');
      let at = -1;
      for (let n = 0, from = 0; n <= occurrence(markdown, claim.text, claim.end); n++) {
        at = text.indexOf(words, from);
        if (at < 0) break;
        from = at + words.length;
      }
      return { claim, at, words };
    })
    .filter((entry) => entry.at >= 0)
    .sort((a, b) => b.at - a.at);
  for (const { claim, at, words } of located) {
    const nodes: Text[] = [];
    const walker = document.createTreeWalker(root, NodeFilter.SHOW_TEXT);
    while (walker.nextNode()) nodes.push(walker.currentNode as Text);
    const start = locate(nodes, at);
    const end = locate(nodes, at + words.length - 1);
    if (!start || !end || start.node !== end.node || start.node.parentElement?.closest(MARK)) continue;
    const range = document.createRange();
    range.setStart(start.node, start.offset);
    range.setEnd(end.node, end.offset + 1);
    const mark = markFor(claim);
    range.surroundContents(mark);
    mark.append(flagFor(claim));
    marked.push(claim.id);
  }
  return marked;
}

/** Scrolls the preview to a claim and moves the focus to it; false when it is not marked there. */
export function revealClaim(root: ParentNode, id: string): boolean {
  const element = claimElement(root, id);
  if (!element) return false;
  element.scrollIntoView({ block: 'center', behavior: 'smooth' });
  element.focus({ preventScroll: true });
  return true;
}
