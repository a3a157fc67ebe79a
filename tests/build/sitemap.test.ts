import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';

const client = join(process.env.DIST_DIR ?? 'dist', 'client');

/** Every <loc> of every sitemap file of the build. */
function sitemapUrls(): string[] {
  const files = readdirSync(client).filter((name) => /^sitemap-\d+\.xml$/.test(name));
  return files.flatMap((name) =>
    [...readFileSync(join(client, name), 'utf8').matchAll(/<loc>([^<]+)<\/loc>/g)].map((match) => match[1]!),
  );
}

describe.skipIf(!existsSync(client))('sitemap', () => {
  it('lists only pages whose canonical URL is the listed URL itself', () => {
    const urls = sitemapUrls();

    const mismatches = urls.flatMap((url) => {
      const path = new URL(url).pathname;
      const page = readFileSync(join(client, path, 'index.html'), 'utf8');
      const canonical = page.match(/<link rel="canonical" href="([^"]+)"/)?.[1];
      return canonical === url ? [] : [`${url} -> ${canonical}`];
    });

    expect(urls.length).toBeGreaterThan(200);
    expect(mismatches).toEqual([]);
  });
});
