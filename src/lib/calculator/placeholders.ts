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

/** A keyword as displayed: each known placeholder's first occurrence replaced by its readable form. */
export function displayKeyword(keyword: string): string {
  return REPLACEMENTS.reduce((text, [placeholder, display]) => text.replace(placeholder, display), keyword);
}
