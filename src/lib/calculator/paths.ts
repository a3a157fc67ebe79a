// URLs of the calculator variants (spec §2.1).

export const CALCULATOR_BASE = '/tools/local-seo-calculator';

/** The page for a country and/or industry; generic when neither is given. */
export function calculatorPath(country?: string, industry?: string): string {
  if (country && industry) return `${CALCULATOR_BASE}/${industry}/${country}`;
  if (country) return `${CALCULATOR_BASE}/country/${country}`;
  if (industry) return `${CALCULATOR_BASE}/industry/${industry}`;
  return CALCULATOR_BASE;
}
