import { createHash } from 'node:crypto';

const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

/** Two brand colours from the project (stable per project): a deep background and a light accent. */
export function brandColours(seed: string): { background: string; accent: string } {
  const hash = createHash('sha256').update(seed).digest();
  const hue = Math.round((hash[0]! / 255) * 360);
  return { background: `hsl(${hue}, 45%, 22%)`, accent: `hsl(${(hue + 40) % 360}, 70%, 72%)` };
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

/** A 1200×630 SVG cover with the post title in the project's colours, used when no images server is configured. */
export function svgCover(title: string, colourSeed: string): string {
  const { background, accent } = brandColours(colourSeed);
  const lines = wrap(title || 'Untitled', 28);
  const top = 315 - ((lines.length - 1) * 70) / 2;
  const text = lines.map((line, index) => `<text x="80" y="${top + index * 70}" font-size="56" font-weight="700" fill="#ffffff">${escape(line)}</text>`).join('');
  return `<svg xmlns="http://www.w3.org/2000/svg" width="1200" height="630" viewBox="0 0 1200 630" role="img"><title>${escape(title)}</title><rect width="1200" height="630" fill="${background}"/><circle cx="1060" cy="110" r="190" fill="${accent}" opacity="0.35"/><rect x="80" y="520" width="160" height="10" rx="5" fill="${accent}"/><g font-family="system-ui, -apple-system, Segoe UI, sans-serif">${text}</g></svg>`;
}
