import { fileURLToPath } from 'node:url';
import { renderAsync } from '@resvg/resvg-js';

/** The cover's size in pixels: what Open Graph, X cards and every destination expect (1.91:1). */
export const COVER_WIDTH = 1200;
export const COVER_HEIGHT = 630;

/**
 * The font drawn covers are set in, shipped with the code (DejaVu Sans Bold, Bitstream Vera licence, beside it), so a
 * raster cover shows its title the same way on any machine, offline, whatever fonts the system has.
 */
const FONT_FILE = fileURLToPath(new URL('./fonts/DejaVuSans-Bold.ttf', import.meta.url));
const FONT_FAMILY = 'DejaVu Sans';

/**
 * A drawn SVG cover as a PNG of 1200×630 (resvg, in libuv's thread pool so the event loop keeps answering), for the
 * places that refuse SVG: social previews (og:image, X cards) and destinations (WordPress refuses SVG uploads).
 */
export async function rasterCover(svg: string | Buffer): Promise<Buffer> {
  const image = await renderAsync(svg, {
    fitTo: { mode: 'width', value: COVER_WIDTH },
    font: {
      loadSystemFonts: false,
      fontFiles: [FONT_FILE],
      defaultFontFamily: FONT_FAMILY,
      sansSerifFamily: FONT_FAMILY,
      serifFamily: FONT_FAMILY,
      monospaceFamily: FONT_FAMILY,
    },
    logLevel: 'off',
  });
  return image.asPng();
}

/** Width and height from a PNG's IHDR chunk, or null when the bytes are not a PNG. */
export function pngSize(bytes: Uint8Array): { width: number; height: number } | null {
  const buffer = Buffer.from(bytes.buffer, bytes.byteOffset, bytes.byteLength);
  if (buffer.length < 24 || buffer.subarray(0, 8).toString('hex') !== '89504e470d0a1a0a') return null;
  if (buffer.subarray(12, 16).toString('latin1') !== 'IHDR') return null;
  return { width: buffer.readUInt32BE(16), height: buffer.readUInt32BE(20) };
}
