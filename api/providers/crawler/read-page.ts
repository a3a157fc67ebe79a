import { safeFetch } from '../safe-fetch/index.ts';
import { extractPage } from './extract.ts';

const PAGE_MAX_BYTES = 2 * 1024 * 1024;

/** One page as a research note or a fact check reads it: its title, headings and main text, or why it could not be read. */
export interface ReadPage {
  url: string;
  title: string;
  headings: string[];
  text: string;
  /** Why the page could not be read (then the text is empty); null when it was read. */
  error: string | null;
}

/**
 * Reads one page through the guarded fetch (private addresses refused, 2 MB and `timeoutMs` at most): the main text
 * of an HTML page by Readability, a plain-text page as it is. Never throws: a failure is the page's `error`.
 */
export async function readPage(url: string, options: { timeoutMs: number; allowLoopback: boolean }): Promise<ReadPage> {
  const unread = (error: string): ReadPage => ({ url, title: '', headings: [], text: '', error });
  try {
    const response = await safeFetch(url, {
      maxBytes: PAGE_MAX_BYTES,
      timeoutMs: options.timeoutMs,
      allowLoopback: options.allowLoopback,
      headers: { 'user-agent': 'InkpilotBot/1.0 (+https://inkpilot.app)' },
    });
    if (response.status >= 400) return unread(`the server answered ${response.status}`);
    const body = response.body.toString('utf8');
    if (/^text\/plain/i.test(response.contentType))
      return { url, title: '', headings: [], text: body.replace(/\r\n?/g, '\n').trim(), error: null };
    if (!/html/i.test(response.contentType))
      return unread(`it is not a web page (${response.contentType || 'no type'})`);
    const { page } = extractPage(body, response.url);
    return { url, title: page.title, headings: page.headings, text: page.text, error: null };
  } catch (error) {
    return unread(error instanceof Error ? error.message : String(error));
  }
}
