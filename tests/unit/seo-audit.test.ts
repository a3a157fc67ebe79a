import { describe, expect, it } from 'vitest';
import { auditPages, formatFindings, validateSitemap } from '../../src/lib/seo/audit/index.ts';

const URL_A = 'https://inkpilot.app/a/';
const URL_B = 'https://inkpilot.app/b/';
const GOOD_TITLE = 'Local SEO Calculator for Dentists | Inkpilot';
const GOOD_DESCRIPTION =
  'See how visible your practice is in local search and what more patients from search could be worth each month.';

interface Parts {
  url?: string;
  head?: string;
  title?: string;
  description?: string;
  canonical?: string;
  body?: string;
}

/** A page that passes every rule; each fixture below changes one part of it. */
function page({
  url = URL_A,
  title = GOOD_TITLE,
  description = GOOD_DESCRIPTION,
  canonical = url,
  head = '',
  body = '<h1>Local SEO Calculator</h1><h2>Questions</h2>',
}: Parts = {}) {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8">
    <title>${title}</title><meta name="description" content="${description}"><link rel="canonical" href="${canonical}">
    <script type="application/ld+json">{"@context":"https://schema.org","@type":"WebPage"}</script>${head}
    </head><body><main>${body}</main></body></html>`;
  return { url, html };
}

const rulesOf = (pages: { url: string; html: string }[]) =>
  auditPages(pages).map((finding) => [finding.url, finding.rule]);

describe('SEO audit rules', () => {
  it('passes a page that follows every rule', () => {
    expect(
      auditPages([
        page(),
        page({ url: URL_B, title: 'Pricing | Inkpilot', description: `${GOOD_DESCRIPTION} Plans included.` }),
      ]),
    ).toEqual([]);
  });

  it('flags a title over 60 characters and quotes it', () => {
    const title = 'Local SEO Calculator for Beauty & Wellness in the Netherlands | Inkpilot';

    const findings = auditPages([page({ title })]);

    expect(findings.map((f) => f.rule)).toEqual(['title']);
    expect(findings[0]!.message).toContain(`${title.length} characters`);
    expect(findings[0]!.message).toContain(title);
  });

  it('flags a page without a title', () => {
    expect(rulesOf([page({ title: '' })])).toEqual([[URL_A, 'title']]);
  });

  it('flags a description over 160 characters', () => {
    expect(rulesOf([page({ description: 'x'.repeat(161) })])).toEqual([[URL_A, 'description']]);
  });

  it('flags a description under 70 characters', () => {
    expect(rulesOf([page({ description: 'Read transcripts of public Instagram Reels tagged #food.' })])).toEqual([
      [URL_A, 'description'],
    ]);
  });

  it('counts characters, not bytes, and decodes entities before counting', () => {
    const sixty = `${'é'.repeat(50)} &amp; ${'ü'.repeat(7)}`;

    expect(auditPages([page({ title: sixty })])).toEqual([]);
  });

  it('flags two pages sharing a title, naming the other page', () => {
    const findings = auditPages([page(), page({ url: URL_B, description: `${GOOD_DESCRIPTION} Another page.` })]);

    expect(findings.map((f) => [f.url, f.rule])).toEqual([
      [URL_A, 'unique title'],
      [URL_B, 'unique title'],
    ]);
    expect(findings[0]!.message).toContain(URL_B);
  });

  it('flags two pages sharing a description', () => {
    expect(rulesOf([page(), page({ url: URL_B, title: 'Pricing | Inkpilot' })])).toEqual([
      [URL_A, 'unique description'],
      [URL_B, 'unique description'],
    ]);
  });

  it('flags a canonical link that points at another page', () => {
    const findings = auditPages([page({ canonical: URL_B })]);

    expect(findings.map((f) => f.rule)).toEqual(['canonical']);
    expect(findings[0]!.message).toContain(URL_B);
  });

  it('flags a page without a canonical link', () => {
    const { url, html } = page();

    expect(rulesOf([{ url, html: html.replace(/<link rel="canonical"[^>]*>/, '') }])).toEqual([[URL_A, 'canonical']]);
  });

  it('flags a page with two h1 headings', () => {
    expect(rulesOf([page({ body: '<h1>One</h1><h1>Two</h1>' })])).toEqual([[URL_A, 'one h1']]);
  });

  it('flags a page without an h1', () => {
    expect(rulesOf([page({ body: '<h2>Only a subheading</h2>' })])).toEqual([[URL_A, 'one h1']]);
  });

  it('flags an empty heading and says where it is', () => {
    const findings = auditPages([
      page({ body: '<h1>Pricing</h1><h2>Scale</h2><dialog><h3 id="tooltip-title">  </h3></dialog>' }),
    ]);

    expect(findings.map((f) => f.rule)).toEqual(['empty heading']);
    expect(findings[0]!.message).toContain('<h3>');
    expect(findings[0]!.message).toContain('"Scale"');
  });

  it('accepts a heading whose only content is an image with alt text', () => {
    expect(auditPages([page({ body: '<h1><img src="/logo.svg" alt="Inkpilot"></h1>' })])).toEqual([]);
  });

  it('flags JSON-LD that does not parse', () => {
    expect(rulesOf([page({ head: '<script type="application/ld+json">{"@type": "FAQPage",}</script>' })])).toEqual([
      [URL_A, 'json-ld'],
    ]);
  });

  it('writes one line per finding with the URL and the rule', () => {
    const text = formatFindings(auditPages([page({ body: '<h2>No main heading</h2>' })]));

    expect(text).toBe(`${URL_A} — one h1: The page has no <h1> main heading. Give it exactly one.`);
  });
});

describe('sitemap schema check', () => {
  const urlset = (inner: string) =>
    `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">${inner}</urlset>`;
  const SITEMAP = 'https://inkpilot.app/sitemap-0.xml';

  it('accepts a sitemap that follows the sitemaps.org schema', async () => {
    expect(
      await validateSitemap({
        url: SITEMAP,
        xml: urlset(`<url><loc>${URL_A}</loc><changefreq>weekly</changefreq></url>`),
      }),
    ).toEqual([]);
  });

  it('flags a sitemap entry the schema does not allow', async () => {
    const findings = await validateSitemap({
      url: SITEMAP,
      xml: urlset(`<url><loc>${URL_A}</loc><changefreq>sometimes</changefreq></url>`),
    });

    expect(findings.map((f) => [f.url, f.rule])).toEqual([[SITEMAP, 'sitemap schema']]);
    expect(findings[0]!.message).toContain('changefreq');
  });

  it('flags a url without its loc', async () => {
    const findings = await validateSitemap({ url: SITEMAP, xml: urlset('<url><lastmod>2026-11-23</lastmod></url>') });

    expect(findings.map((f) => f.rule)).toEqual(['sitemap schema']);
  });
});
