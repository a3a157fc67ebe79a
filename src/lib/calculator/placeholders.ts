// Keyword placeholders shown to visitors (spec §9.4).

// Applied in order, each to its first occurrence only (a keyword with two [city] keeps the second).
// German and French placeholders ([Stadt], [ville], …) are not listed and stay as written.
const REPLACEMENTS: [placeholder: string, display: string][] = [
  ['[city]', 'Your City'],
  ['[state]', 'Your State'],
  ['[area]', 'Your Area'],
  ['[locality]', 'Your Area'],
  ['[zip code]', 'Your ZIP'],
  ['[zip]', 'Your ZIP'],
  ['[county]', 'Your County'],
  ['[province]', 'Your Province'],
  ['[neighbourhood]', 'Your Neighborhood'],
  ['[neighborhood]', 'Your Neighborhood'],
  ['[ciudad]', 'Your City'],
  ['[estado]', 'Your State'],
  ['[provincia]', 'Your Province'],
  ['[colonia]', 'Your Neighborhood'],
  ['[barrio]', 'Your Neighborhood'],
  ['[medical specialty]', 'medical specialty'],
  ['[specialty]', 'specialty'],
  ['[especialidad]', 'specialty'],
  ['[cuisine type]', 'cuisine type'],
  ['[cuisine]', 'cuisine type'],
];

/** "[zip code]" → "zipCode": how the content files write each placeholder the page replaces, e.g. {city}. */
const braceName = (placeholder: string) =>
  placeholder.slice(1, -1).replace(/ (\w)/g, (_whole, letter: string) => letter.toUpperCase());

/** The placeholders an editor writes in braces ({city}, {zipCode}, …), each with the bracket form §9.4 replaces. */
export const KEYWORD_PLACEHOLDERS: Record<string, string> = Object.fromEntries(
  REPLACEMENTS.map(([placeholder]) => [braceName(placeholder), placeholder]),
);

/**
 * A keyword as the content file writes it ("plumber in {city}") in the spec's data form ("plumber in [city]").
 * Square brackets in the file ("Klempner [Stadt]") are kept, and shown as written.
 */
export function keywordFromCopy(keyword: string): string {
  return keyword.replace(/\{(\w+)\}/g, (whole, name: string) => KEYWORD_PLACEHOLDERS[name] ?? whole);
}

/** A keyword as displayed: each known placeholder's first occurrence replaced by its readable form. */
export function displayKeyword(keyword: string): string {
  return REPLACEMENTS.reduce((text, [placeholder, display]) => text.replace(placeholder, display), keyword);
}
