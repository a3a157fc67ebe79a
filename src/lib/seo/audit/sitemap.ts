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

/**
 * The one element of the XHTML namespace a sitemap may carry, as Google documents it: `<xhtml:link rel="alternate"
 * hreflang="…" href="…"/>`, a page's version in another language. sitemap.xsd takes other namespaces strictly, and the
 * whole XHTML schema is online only, so this states what a sitemap may say with it.
 */
const XHTML_LINK_SCHEMA = `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema" targetNamespace="http://www.w3.org/1999/xhtml" elementFormDefault="qualified">
  <xsd:element name="link"><xsd:complexType>
    <xsd:attribute name="rel" use="required"><xsd:simpleType><xsd:restriction base="xsd:string"><xsd:enumeration value="alternate"/></xsd:restriction></xsd:simpleType></xsd:attribute>
    <xsd:attribute name="hreflang" use="required"><xsd:simpleType><xsd:restriction base="xsd:string"><xsd:pattern value="x-default|[a-z]{2,3}(-[A-Za-z0-9]{2,8})*"/></xsd:restriction></xsd:simpleType></xsd:attribute>
    <xsd:attribute name="href" type="xsd:anyURI" use="required"/>
  </xsd:complexType></xsd:element>
</xsd:schema>`;

const BOTH_SCHEMAS = `<?xml version="1.0" encoding="UTF-8"?>
<xsd:schema xmlns:xsd="http://www.w3.org/2001/XMLSchema">
  <xsd:import namespace="http://www.sitemaps.org/schemas/sitemap/0.9" schemaLocation="sitemap.xsd"/>
  <xsd:import namespace="http://www.w3.org/1999/xhtml" schemaLocation="xhtml-link.xsd"/>
</xsd:schema>`;

/** Findings for every schema error of one <urlset> sitemap file (hreflang alternates included); none when valid. */
export async function validateSitemap({ url, xml }: { url: string; xml: string }): Promise<Finding[]> {
  const fileName =
    url
      .split('/')
      .pop()
      ?.replace(/[^\w.-]/g, '') || 'sitemap.xml';
  const result = await validateXML({
    xml: [{ fileName, contents: xml }],
    schema: [{ fileName: 'sitemap-with-alternates.xsd', contents: BOTH_SCHEMAS }],
    preload: [
      { fileName: 'sitemap.xsd', contents: await sitemapSchema() },
      { fileName: 'xhtml-link.xsd', contents: XHTML_LINK_SCHEMA },
    ],
  });
  return result.errors.map((error) => ({
    url,
    rule: 'sitemap schema' as const,
    message: `The sitemap does not follow the sitemaps.org schema${error.loc ? ` (line ${error.loc.lineNumber})` : ''}: ${error.message.replace(/^Schemas validity error : /, '').replace(/\{http:\/\/www\.sitemaps\.org\/schemas\/sitemap\/0\.9\}/g, '')}`,
  }));
}
