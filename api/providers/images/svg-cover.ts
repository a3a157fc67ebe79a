import { createHash } from 'node:crypto';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export interface CoverColours {
  /** Behind the title (white text): always deep. */
  background: string;
  /** The shapes on the cover. */
  accent: string;
}

/** Colours stable per project, derived from its id: only for a project with no colour of its own. */
export function seededColours(seed: string): CoverColours {
  const hash = createHash('sha256').update(seed).digest();
  const hue = Math.round(((hash[0] ?? 0) / 255) * 360);
  return { background: `hsl(${hue}, 45%, 22%)`, accent: `hsl(${(hue + 40) % 360}, 70%, 72%)` };
}

/** The #rrggbb colours a text names (a style guide's image style), lower-cased, in order, each once. */
export function namedColours(text: string): string[] {
  return [...new Set((text.match(/#[0-9a-f]{6}(?![0-9a-z])/gi) ?? []).map((colour) => colour.toLowerCase()))];
}

/** Hue (0-359) and saturation (0-100) of a #rrggbb colour. */
function hueAndSaturation(hex: string): { hue: number; saturation: number } {
  const [r, g, b] = [1, 3, 5].map((at) => parseInt(hex.slice(at, at + 2), 16) / 255) as [number, number, number];
  const max = Math.max(r, g, b);
  const min = Math.min(r, g, b);
  const delta = max - min;
  if (delta === 0) return { hue: 0, saturation: 0 };
  const lightness = (max + min) / 2;
  const saturation = delta / (1 - Math.abs(2 * lightness - 1));
  const hue = max === r ? ((g - b) / delta) % 6 : max === g ? (b - r) / delta + 2 : (r - g) / delta + 4;
  return { hue: Math.round((hue * 60 + 360) % 360), saturation: Math.round(saturation * 100) };
}

/** A cover in a brand colour: the colour itself as the accent, a deep shade of its hue behind the white title. */
export function coloursFrom(brand: string): CoverColours {
  const { hue, saturation } = hueAndSaturation(brand);
  return { background: `hsl(${hue}, ${Math.min(saturation, 60)}%, 18%)`, accent: brand.toLowerCase() };
}

/** Wraps a title into lines of at most `width` characters, at most 4 lines. */
function wrap(title: string, width: number): string[] {
  const lines: string[] = [];
  let line = '';
  for (const word of title.split(/\s+/).filter(Boolean)) {
    if (line && `${line} ${word}`.length > width) {
      lines.push(line);
      line = word;
    } else line = line ? `${line} ${word}` : word;
  }
  if (line) lines.push(line);
  if (lines.length > 4) return [...lines.slice(0, 3), `${lines[3]}…`];
  return lines;
}

/** A 1200×630 SVG cover with the post title in the given colours, used when no images server is configured. */
export function svgCover(title: string, { background, accent }: CoverColours): string {
  const lines = wrap(title || 'Untitled', 28);
  const top = 315 - ((lines.length - 1) * 70) / 2;
  const text = lines
    .map(
      (line, index) =>
        `<text x="80" y="${top + index * 70}" font-size="56" font-weight="700" fill="#ffffff">${escape(line)}</text>`,
    )
    .join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" role="img"><title>${escape(title)}</title><rect width="1200" height="630" fill="${background}"/><circle cx="1060" cy="110" r="190" fill="${accent}" opacity="0.35"/><rect x="80" y="520" width="160" height="10" rx="5" fill="${accent}"/><g font-family="system-ui, -apple-system, Segoe UI, sans-serif">${text}</g></svg>`;
}
