import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';

/** What the crawler keeps of one page. */
export interface CrawledPage {
  url: string;
  title: string;
  description: string;
  headings: string[];
  lang: string | null;
  /** Main text by Readability (navigation, footers and scripts left out). */
  text: string;
  /** The page's theme-color as '#rrggbb', when it declares a hex one. */
  themeColor: string | null;
  /** An absolute http(s) address of the site's logo as the page shows it, when it names one. */
  logo: string | null;
  /** The name the page gives its site (og:site_name, application-name), when it gives one. */
  siteName: string | null;
  /** The text of the image marked as the logo (its alt), often the site's name. */
  logoText: string | null;
}

const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

/** Reads title, meta description, headings, language, links and the main text out of one HTML page. */
export function extractPage(html: string, url: string): { page: CrawledPage; links: string[] } {
  const { document } = parseHTML(html);
  const title = clean(document.querySelector('title')?.textContent) || clean(document.querySelector('h1')?.textContent);
  const description =
    clean(document.querySelector('meta[name="description" i]')?.getAttribute('content')) ||
    clean(document.querySelector('meta[property="og:description" i]')?.getAttribute('content'));
  const headings = [...document.querySelectorAll('h1, h2, h3')].map((node) => clean(node.textContent)).filter(Boolean);
  const lang = clean(document.documentElement?.getAttribute('lang')) || null;
  const links = [...document.querySelectorAll('a[href]')].flatMap((node) => {
    try {
      return [new URL(node.getAttribute('href') ?? '', url).href];
    } catch {
      return [];
    }
  });
  const themeColor = hexColour(
    [...document.querySelectorAll('meta[name="theme-color" i]')]
      .filter((node) => !/dark/i.test(node.getAttribute('media') ?? ''))
      .map((node) => node.getAttribute('content'))[0],
  );
  const logo = logoOf(document, url);
  const siteName =
    clean(document.querySelector('meta[property="og:site_name" i]')?.getAttribute('content')) ||
    clean(document.querySelector('meta[name="application-name" i]')?.getAttribute('content')) ||
    null;
  const logoText = clean(markedLogo(document)?.getAttribute('alt')) || null;
  // Readability rewrites the document it reads, so it runs last.
  let text = '';
  try {
    const article = new Readability(document as unknown as Document, { charThreshold: 100 }).parse();
    text = article?.content ? blockText(article.content) : '';
  } catch {
    text = '';
  }
  if (!text) text = clean(document.querySelector('main, body')?.textContent);
  return { page: { url, title, description, headings, lang, text, themeColor, logo, siteName, logoText }, links };
}

/** '#abc' or '#aabbcc' in any case → '#aabbcc'; null for anything else (names, rgb(), variables). */
function hexColour(value: string | null | undefined): string | null {
  const text = clean(value).toLowerCase();
  if (/^#[0-9a-f]{6}$/.test(text)) return text;
  if (/^#[0-9a-f]{3}$/.test(text)) return `#${[...text.slice(1)].map((digit) => digit + digit).join('')}`;
  return null;
}

type Doc = ReturnType<typeof parseHTML>['document'];

/**
 * The site's logo, most specific first: an image marked as the logo (by class, id, alt or file name), og:logo, the
 * touch icon, then a PNG or SVG icon. Resolved against the page; only http(s) addresses.
 */
function logoOf(document: Doc, pageUrl: string): string | null {
  const marked = markedLogo(document);
  const icon = [...document.querySelectorAll('link[rel~="icon" i][href]')].find((node) =>
    /\.(png|svg)(\?|$)/i.test(node.getAttribute('href') ?? ''),
  );
  const candidates = [
    marked?.getAttribute('src'),
    document.querySelector('meta[property="og:logo" i]')?.getAttribute('content'),
    document.querySelector('link[rel~="apple-touch-icon" i][href]')?.getAttribute('href'),
    icon?.getAttribute('href'),
  ];
  for (const candidate of candidates) {
    if (!candidate?.trim()) continue;
    try {
      const url = new URL(candidate.trim(), pageUrl);
      if ((url.protocol === 'https:' || url.protocol === 'http:') && url.href.length <= 2048) return url.href;
    } catch {
      // not an address: try the next one
    }
  }
  return null;
}

/** The first image marked as the logo by its class, id, alt or file name. */
function markedLogo(document: Doc) {
  return [...document.querySelectorAll('img[src]')].find((node) =>
    /logo/i.test(
      [node.getAttribute('class'), node.getAttribute('id'), node.getAttribute('alt'), node.getAttribute('src')].join(
        ' ',
      ),
    ),
  );
}

/** Text of the article's blocks one per line, so a heading never runs into the paragraph after it. */
function blockText(html: string): string {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  const blocks = [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, p, li, blockquote, td, figcaption')]
    .filter((node) => !node.parentElement?.closest('p, li, blockquote, td'))
    .map((node) => clean(node.textContent))
    .filter(Boolean);
  return blocks.length ? blocks.join('\n') : clean(document.body?.textContent);
}
