// Title, description and structured data of each calculator variant (spec §2.8 page metadata).

export interface Variant {
  path: string;
  countryName?: string;
  industryName?: string;
}

/** "for Healthcare in Germany", "in Germany", "for Healthcare" or "" for the generic page. */
export function variantPhrase({ countryName, industryName }: Variant): string {
  return [industryName && `for ${industryName}`, countryName && `in ${countryName}`].filter(Boolean).join(' ');
}

/** A unique <title> per variant. */
export function pageTitle(v: Variant): string {
  const phrase = variantPhrase(v);
  return phrase ? `Local SEO Calculator ${phrase} | Inkpilot` : 'Free Local SEO Calculator | Inkpilot';
}

/** A unique meta description per variant. */
export function pageDescription(v: Variant): string {
  const who = v.industryName ? `${v.industryName.toLowerCase()} businesses` : 'local businesses';
  const where = v.countryName ? ` in ${v.countryName}` : '';
  return `Free local SEO calculator for ${who}${where}: your visibility score, traffic and revenue potential, a 12-month projection and a prioritised action plan.`;
}

/** JSON-LD: a free WebPage and a SoftwareApplication offered at 0 USD. */
export function structuredData(v: Variant, site: URL): Record<string, unknown> {
  const url = new URL(v.path, site).href;
  const name = pageTitle(v).replace(' | Inkpilot', '');
  return {
    '@context': 'https://schema.org',
    '@graph': [
      { '@type': 'WebPage', '@id': `${url}#webpage`, url, name, description: pageDescription(v), isAccessibleForFree: true },
      {
        '@type': 'SoftwareApplication',
        '@id': `${url}#app`,
        name,
        applicationCategory: 'BusinessApplication',
        operatingSystem: 'Web',
        url,
        offers: { '@type': 'Offer', price: '0', priceCurrency: 'USD' },
      },
    ],
  };
}
