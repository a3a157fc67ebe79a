// Validates sitemap files against the sitemaps.org schema that the `sitemap` package ships (offline, in WebAssembly).
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import { validateXML } from 'xmllint-wasm';
import type { Finding } from './rules.ts';

let schema: Promise<string> | undefined;

/** sitemaps.org's sitemap.xsd, read once from the installed `sitemap` package. */
function sitemapSchema(): Promise<string> {
  const packageJson = createRequire(import.meta.url).resolve('sitemap/package.json');
  schema ??= readFile(join(dirname(packageJson), 'schema', 'sitemap.xsd'), 'utf8');
  return schema;
}

/** Findings for every schema error of one <urlset> sitemap file; none when it is valid. */
export async function validateSitemap({ url, xml }: { url: string; xml: string }): Promise<Finding[]> {
  const fileName =
    url
      .split('/')
      .pop()
      ?.replace(/[^\w.-]/g, '') || 'sitemap.xml';
  const result = await validateXML({
    xml: [{ fileName, contents: xml }],
    schema: [{ fileName: 'sitemap.xsd', contents: await sitemapSchema() }],
  });
  return result.errors.map((error) => ({
    url,
    rule: 'sitemap schema' as const,
    message: `The sitemap does not follow the sitemaps.org schema${error.loc ? ` (line ${error.loc.lineNumber})` : ''}: ${error.message.replace(/^Schemas validity error : /, '').replace(/\{http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9\}/g, '')}`,
  }));
}
