// Example articles for the brand voice (issue 24): each address the user gave is read on its own through the guarded
// fetch, its article text taken apart into blocks by Readability over linkedom. An article that cannot be used says
// why, in words its owner can act on; it never fails the others or the brand guide.
import { Readability } from '@mozilla/readability';
import { parseHTML } from 'linkedom';
import type { VoiceBlock } from '../../../src/lib/voice/text.ts';
import { wordsOf } from '../../../src/lib/voice/text.ts';
import { SafeFetchError, safeFetch, type SafeFetchOptions } from '../safe-fetch/index.ts';
import { allowedBy, readRobots, USER_AGENT } from './index.ts';
import { unreachableReason } from './reasons.ts';

/** The fewest words an article needs for its voice to be measured. */
export const MIN_ARTICLE_WORDS = 120;
const ARTICLE_MAX_BYTES = 2 * 1024 * 1024;

/** An example article as read: its blocks, or why it could not be used. */
export type ArticleResult =
  | { url: string; read: true; title: string; lang: string | null; blocks: VoiceBlock[]; words: number }
  | { url: string; read: false; title: string; reason: string };

const clean = (value: string | null | undefined) => (value ?? '').replace(/\s+/g, ' ').trim();

/** The article of one HTML page: its title, declared language and text blocks (navigation and footers left out). */
export function extractArticle(html: string): { title: string; lang: string | null; blocks: VoiceBlock[] } {
  const { document } = parseHTML(html);
  const title =
    clean(document.querySelector('h1')?.textContent) ||
    clean(document.querySelector('meta[property="og:title" i]')?.getAttribute('content')) ||
    clean(document.querySelector('title')?.textContent);
  const lang = clean(document.documentElement?.getAttribute('lang')) || null;
  let content = '';
  try {
    content = new Readability(document as unknown as Document, { charThreshold: 100 }).parse()?.content ?? '';
  } catch {
    content = '';
  }
  return { title, lang, blocks: content ? blocksOf(content) : [] };
}

const KIND: Record<string, VoiceBlock['kind']> = {
  H1: 'heading',
  H2: 'heading',
  H3: 'heading',
  H4: 'heading',
  H5: 'heading',
  H6: 'heading',
  P: 'paragraph',
  LI: 'item',
  BLOCKQUOTE: 'quote',
};

/** The article's headings, paragraphs, list items and quotes in order; a block inside another counts once. */
function blocksOf(html: string): VoiceBlock[] {
  const { document } = parseHTML(`<!doctype html><html><body>${html}</body></html>`);
  return [...document.querySelectorAll('h1, h2, h3, h4, h5, h6, p, li, blockquote')]
    .filter((node) => !node.parentElement?.closest('p, li, blockquote'))
    .map((node) => ({ kind: KIND[node.tagName.toUpperCase()] ?? 'paragraph', text: clean(node.textContent) }))
    .filter((block) => block.text.length > 0);
}

/**
 * Reads each example article at once (they are usually on different sites): robots.txt of its site first (a site
 * that forbids InkpilotBot is not read), then the page, which must be HTML with at least MIN_ARTICLE_WORDS words of
 * article text. Results come back in the order of `urls`.
 */
export async function readArticles(
  urls: string[],
  options: { timeoutMs: number; allowLoopback: boolean },
): Promise<ArticleResult[]> {
  return Promise.all(urls.map((url) => readArticle(url, options)));
}

async function readArticle(
  url: string,
  options: { timeoutMs: number; allowLoopback: boolean },
): Promise<ArticleResult> {
  const fetchOptions = (maxBytes: number): SafeFetchOptions => ({
    maxBytes,
    timeoutMs: options.timeoutMs,
    allowLoopback: options.allowLoopback,
    headers: { 'user-agent': `${USER_AGENT}/1.0 (+https://inkpilot.app)`, accept: 'text/html,application/xhtml+xml' },
  });
  const failed = (reason: string): ArticleResult => ({ url, read: false, title: '', reason });
  const host = new URL(url).host;
  try {
    const robots = await readRobots(new URL(url).origin, fetchOptions(256 * 1024));
    if (!allowedBy(robots, url))
      return failed(`The robots.txt of ${host} does not allow reading this article (our crawler is InkpilotBot).`);
    const response = await safeFetch(url, fetchOptions(ARTICLE_MAX_BYTES));
    if (response.status !== 200) return failed(`The article answered HTTP ${response.status} instead of a page.`);
    if (!/^(text\/html|application\/xhtml\+xml)/i.test(response.contentType)) {
      const type = response.contentType.split(';')[0]?.trim() || 'of an unknown type';
      return failed(`The article is not an HTML page (it is ${type}).`);
    }
    const article = extractArticle(response.body.toString('utf8'));
    const words = article.blocks.reduce((sum, block) => sum + wordsOf(block.text).length, 0);
    if (words < MIN_ARTICLE_WORDS)
      return {
        url,
        read: false,
        title: article.title,
        reason: `Too little article text to measure a voice (${words} words; at least ${MIN_ARTICLE_WORDS} are needed). Choose a full article rather than a list or a home page.`,
      };
    return { url, read: true, title: article.title, lang: article.lang, blocks: article.blocks, words };
  } catch (error) {
    if (!(error instanceof SafeFetchError)) throw error;
    if (error.reason === 'too_large') return failed('The article is larger than 2 MB, too large to read.');
    if (error.reason === 'too_many_redirects') return failed('The article redirects too many times.');
    return failed(unreachableReason(error, host, Math.round(options.timeoutMs / 1000)));
  }
}
