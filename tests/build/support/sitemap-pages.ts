// Reads the built site the way a crawler finds it: sitemap index → sitemap files → each listed URL's built HTML.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const locs = (xml: string) => [...xml.matchAll(/<loc>\s*([^<]+?)\s*<\/loc>/g)].map((match) => match[1]!);

/** The sitemap files the index lists, with their URL and XML. */
export function sitemapFiles(client: string): { url: string; xml: string }[] {
  return locs(readFileSync(join(client, 'sitemap-index.xml'), 'utf8')).map((url) => ({
    url,
    xml: readFileSync(join(client, new URL(url).pathname), 'utf8'),
  }));
}

/** The built file that answers a URL: `/a/b/` → a/b/index.html, `/a/b` → a/b.html or a/b/index.html. */
export function builtFile(client: string, url: string): string {
  const path = decodeURIComponent(new URL(url).pathname);
  if (path.endsWith('/')) return join(client, path, 'index.html');
  const flat = join(client, `${path}.html`);
  return existsSync(flat) ? flat : join(client, path, 'index.html');
}

/** Every page the sitemaps list, as {url, html}. */
export function sitemapPages(client: string): { url: string; html: string }[] {
  return sitemapFiles(client)
    .flatMap(({ xml }) => locs(xml))
    .map((url) => ({ url, html: readFileSync(builtFile(client, url), 'utf8') }));
}
