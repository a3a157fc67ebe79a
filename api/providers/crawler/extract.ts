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
  // Readability rewrites the document it reads, so it runs last.
  let text = '';
  try {
    const article = new Readability(document as unknown as Document, { charThreshold: 100 }).parse();
    text = article?.content ? blockText(article.content) : '';
  } catch {
    text = '';
  }
  if (!text) text = clean(document.querySelector('main, body')?.textContent);
  return { page: { url, title, description, headings, lang, text }, links };
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
