import { createHash } from 'node:crypto';
import { VIDEO_SCRIPT } from '../../../src/lib/posts/video-facade.ts';

/** Stored post HTML is sanitized on save (api/services/posts/render.ts); these steps only add to its known shape. */

const IMG = /<img\b([^>]*?)\s*\/?>/g;

/** Every body image gets lazy loading, async decoding and a width and height (a 16:9 box when the post gave none). */
export function sizeImages(html: string): string {
  return html.replace(IMG, (_tag, attributes: string) => {
    let attrs = attributes;
    if (!/\swidth="/.test(attrs)) attrs += ' width="1200"';
    if (!/\sheight="/.test(attrs)) attrs += ' height="675"';
    if (!/\sloading="/.test(attrs)) attrs += ' loading="lazy"';
    return `<img${attrs} decoding="async">`;
  });
}

/** The video player's script as the page carries it (only pages with a video). */
export const VIDEO_SCRIPT_TAG = `<script>${VIDEO_SCRIPT}</script>`;

/** The CSP source that allows exactly VIDEO_SCRIPT. */
export const VIDEO_SCRIPT_HASH = `'sha256-${createHash('sha256').update(VIDEO_SCRIPT).digest('base64')}'`;
