// The matcher of the check that every word a reader meets on a public page is the editors' (issue 17), shared by the
// build test over the built site (tests/build/copy-in-content.test.ts) and the browser test over what islands render.
import { contentStrings, ownedBy, readerTexts } from './visible-text.ts';

/** Strings fixed by the spec (public-site.md) that stay in code, each with where the spec fixes it. Keep this list short. */
export const SPEC_FIXED: Record<string, string> = {
  I: '§2.4: the logo letter on the sign-in pages',
  U: "§2.3: the header's avatar until the signed-in user's initials replace it",
  '?': "§2.3 Pricing: the plan cards' tooltip buttons",
  'Failed to fetch transcriptions': '§8: the tag page error message (No Transcriptions Found names it)',
  'Failed to fetch tags': '§8: the tag index error message (Failed to Load Tags shows it)',
};

/** Figures, prices, dates, the support address (SUPPORT_EMAIL) and punctuation: data the pages compute, not copy. */
/** A hashtag, alone or with its count ("#pasta (3)"): the tags of transcribed Reels, data that readers' Reels bring. */
const HASHTAG = /^#[\p{L}\p{N}_]+( \(\d+\))?$/u;
const DATA =
  /^[\d\s$€£¥₹%+\-–—.,:/×·()#]+$|^(January|February|March|April|May|June|July|August|September|October|November|December) \d{1,2}, \d{4}$|^(Jan|Feb|Mar|Apr|May|Jun|Jul|Aug|Sep|Oct|Nov|Dec) \d{1,2}(, \d{4})?$|^[\w.+-]+@[\w-]+(\.[\w-]+)+$/;
// leading full stops too: a sentence after a value in its own element ("<span>Failed to fetch tags</span>. There …")
const TRIM = /^[“”"'‘’·,:;.\s–—-]+|[“”"'‘’·,:;\s–—-]+$/g;

export interface Page {
  url: string;
  html: string;
}

/** A text on a page that is neither in src/content nor spec-fixed nor data. */
export interface Stray {
  page: string;
  text: string;
  where: string;
}

export interface CheckOptions {
  /** Words that are not copy on these pages (a fixture Reel's title, words and tags). */
  data?: string[];
  /** Decides whether a text inside a data-generated element really comes from its machine-readable source. */
  generated?: (text: string) => boolean;
}

/** Each text a reader meets on the pages that is not owned by the editors' copy, the spec or the data. */
export function copyStrays(pages: Page[], options: CheckOptions = {}, content = contentStrings()): Stray[] {
  // a content string trimmed as page texts are, so the piece of a paragraph after a code span (". The …") still matches
  const owned = ownedBy([...content, ...content.map((value) => value.replace(TRIM, '')), ...(options.data ?? [])]);
  const strays: Stray[] = [];
  for (const page of pages) {
    const path = new URL(page.url, 'https://x').pathname;
    for (const { text: raw, where, generated } of readerTexts(page.html)) {
      const text = raw.replace(TRIM, '');
      if (!text || DATA.test(text) || HASHTAG.test(text) || text in SPEC_FIXED || owned(text)) continue;
      if (generated && options.generated?.(text)) continue;
      strays.push({ page: path, text, where: generated ? `${where}, marked generated` : where });
    }
  }
  return strays;
}

/** The strays grouped by text: `"Search tags" (placeholder) on /a, /b and 3 more`, one line each. */
export function strayReport(strays: Stray[]): string {
  const byText = new Map<string, { where: Set<string>; pages: Set<string> }>();
  for (const stray of strays) {
    const entry = byText.get(stray.text) ?? { where: new Set<string>(), pages: new Set<string>() };
    entry.where.add(stray.where);
    entry.pages.add(stray.page);
    byText.set(stray.text, entry);
  }
  return [...byText]
    .map(
      ([text, { where, pages }]) =>
        `"${text}" (${[...where].join(', ')}) on ${[...pages].slice(0, 2).join(', ')}${pages.size > 2 ? ` and ${pages.size - 2} more` : ''}`,
    )
    .join('\n');
}
