import type { CrawledPage } from './extract.ts';

/** Longest name taken for a site; a longer "name" is a sentence, not a brand. */
const NAME_MAX = 60;
/** What sites put between a page's own title and the site's name: "About us — Hearth & Crumb", "Shop | Acme". */
const SEPARATOR = /\s+[|–—·:•»-]\s+|\s*[|–—·•»]\s*/;

const usable = (name: string | null | undefined): name is string =>
  Boolean(name && name.length <= NAME_MAX && /\p{L}|\p{N}/u.test(name));

/**
 * The website's own name, as a person would say it, for naming its project, guide and blog: what the homepage
 * declares (og:site_name, application-name); else the part its page titles share ("Our breads — Hearth & Crumb
 * Bakery", "About us — Hearth & Crumb Bakery"); else the logo's text; else a short homepage title. Null when
 * nothing reads as a name (the caller falls back to the host).
 */
export function siteNameOf(pages: CrawledPage[]): string | null {
  const home = pages[0];
  if (!home) return null;
  if (usable(home.siteName)) return home.siteName;
  const shared = sharedTitlePart(pages);
  if (shared) return shared;
  if (usable(home.logoText) && !/^logo$/i.test(home.logoText)) return home.logoText;
  const title = home.title.trim();
  return usable(title) && !SEPARATOR.test(title) && title.length <= 40 ? title : null;
}

/** The title part most pages repeat (at least two pages, and at least half of those read), else null. */
function sharedTitlePart(pages: CrawledPage[]): string | null {
  const counts = new Map<string, { name: string; pages: number }>();
  for (const page of pages) {
    const parts = new Set(
      page.title
        .split(SEPARATOR)
        .map((part) => part.trim())
        .filter(usable),
    );
    for (const part of parts) {
      const key = part.toLowerCase();
      const seen = counts.get(key);
      counts.set(key, { name: seen?.name ?? part, pages: (seen?.pages ?? 0) + 1 });
    }
  }
  const best = [...counts.values()].sort((a, b) => b.pages - a.pages || a.name.length - b.name.length)[0];
  return best && best.pages >= 2 && best.pages * 2 >= pages.length ? best.name : null;
}
