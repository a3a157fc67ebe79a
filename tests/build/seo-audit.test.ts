import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  auditPages,
  countByRule,
  formatFindings,
  validateSitemap,
  type Finding,
} from '../../src/lib/seo/audit/index.ts';
import { sitemapFiles, sitemapPages } from './support/sitemap-pages.ts';

const client = join(process.env.DIST_DIR ?? 'dist', 'client');

/** The whole list, headed by counts per rule, so an editor sees every page to fix in one failure. */
const report = (findings: Finding[]) =>
  findings.length
    ? `${findings.length} problems ${JSON.stringify(countByRule(findings))}\n${formatFindings(findings)}`
    : '';

describe.skipIf(!existsSync(client))('SEO audit of the built site', () => {
  it('finds every sitemap URL with a whole title and description, a self canonical, one h1, no empty heading and parsing JSON-LD', () => {
    const pages = sitemapPages(client);

    const findings = auditPages(pages);

    expect(pages.length).toBeGreaterThan(200);
    expect(report(findings)).toBe('');
  });

  it('serves sitemaps that follow the sitemaps.org schema', async () => {
    const files = sitemapFiles(client);

    const findings = (await Promise.all(files.map(validateSitemap))).flat();

    expect(files.length).toBeGreaterThan(0);
    expect(report(findings)).toBe('');
  });
});
