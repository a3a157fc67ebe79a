// A post's video, as its markdown stores it: one paragraph that is only a link to a YouTube video,
// `[Title](https://www.youtube.com/watch?v=VIDEOID)` (or the bare address). Plain markdown, so every destination and
// every markdown reader shows at least a link; the hosted blog and the editor's preview turn it into a click-to-load
// player (src/lib/posts/video-facade.ts). Shared by the video block, the editor's Video control and the renderers.

/** A video a post can embed. */
export interface PostVideo {
  id: string;
  title: string;
}

/** Where a video's paragraph sits in the markdown: [start, end) over the whole paragraph line. */
export interface VideoLine extends PostVideo {
  start: number;
  end: number;
}

const VIDEO_ID = /^[\w-]{11}$/;

/** The YouTube video id an address points at (watch, youtu.be, shorts, embed, nocookie), or null for anything else. */
export function youtubeId(address: string): string | null {
  let url: URL;
  try {
    url = new URL(address.trim());
  } catch {
    return null;
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  const host = url.hostname.toLowerCase().replace(/^(www\.|m\.|music\.)/, '');
  let id: string | null = null;
  if (host === 'youtube.com' && url.pathname === '/watch') id = url.searchParams.get('v');
  else if (host === 'youtu.be') id = url.pathname.slice(1);
  else if (host === 'youtube.com' || host === 'youtube-nocookie.com') {
    const found = /^\/(?:shorts|embed|live)\/([^/]+)\/?$/.exec(url.pathname);
    id = found?.[1] ?? null;
  }
  return id !== null && VIDEO_ID.test(id) ? id : null;
}

/** True for a string that can be a YouTube video id (what every renderer checks before using one). */
export const isVideoId = (id: string): boolean => VIDEO_ID.test(id);

/** The video's page on YouTube: the link the markdown stores and the no-script fallback of the player. */
export const watchUrl = (id: string): string => `https://www.youtube.com/watch?v=${id}`;

/** Where the player loads from, only once a reader asks for it (privacy-enhanced mode: no cookies before play). */
export const playerUrl = (id: string): string => `https://www.youtube-nocookie.com/embed/${id}?autoplay=1`;

/** The origin of the player: the only frame the blog's Content-Security-Policy allows. */
export const PLAYER_ORIGIN = 'https://www.youtube-nocookie.com';

/** A title as link text: one line, no characters markdown would read as syntax. */
function linkText(title: string): string {
  const line = title.replace(/\s+/g, ' ').trim() || 'YouTube video';
  return line.replace(/[\\`*_[\]<>]/g, (character) => `\\${character}`);
}

/** The markdown paragraph of a video. */
export function videoMarkdown(video: PostVideo): string {
  return `[${linkText(video.title)}](${watchUrl(video.id)})`;
}

const LINK_LINE = /^\[((?:\\.|[^\\\]\n])*)\]\(\s*<?(https?:\/\/[^\s)>]+)>?\s*\)\s*$/;
const BARE_LINE = /^<?(https?:\/\/\S+?)>?\s*$/;
const FENCE = /^\s{0,3}(`{3,}|~{3,})/;

/** The first paragraph of the markdown that is a YouTube video alone (outside code blocks), or null. */
export function findVideo(markdown: string): VideoLine | null {
  const lines = markdown.split('\n');
  let offset = 0;
  let fence: string | null = null;
  for (let index = 0; index < lines.length; index++) {
    const line = lines[index] ?? '';
    const start = offset;
    offset += line.length + 1;
    const marker = FENCE.exec(line)?.[1];
    if (fence) {
      if (marker && marker[0] === fence[0] && marker.length >= fence.length) fence = null;
      continue;
    }
    if (marker) {
      fence = marker;
      continue;
    }
    const alone = !(lines[index - 1] ?? '').trim() && !(lines[index + 1] ?? '').trim();
    if (!alone || /^\s/.test(line)) continue;
    const link = LINK_LINE.exec(line);
    const address = link?.[2] ?? BARE_LINE.exec(line)?.[1];
    const id = address ? youtubeId(address) : null;
    if (!id) continue;
    const title = link ? (link[1] ?? '').replace(/\\(.)/g, '$1').trim() : '';
    return { id, title, start, end: start + line.length };
  }
  return null;
}

/** Where a video goes when nothing better is known: after the introduction (before the first ## heading). */
export function afterIntroduction(markdown: string): number {
  const heading = /^##\s/m.exec(markdown);
  if (heading && heading.index > 0 && markdown.slice(0, heading.index).trim()) return heading.index;
  // No introduction before a heading: after the first paragraph.
  const paragraph = /\S[\s\S]*?(\n\s*\n|$)/.exec(markdown);
  return paragraph ? paragraph.index + paragraph[0].length : markdown.length;
}

/** The markdown with the video's paragraph inserted at `at` (a position at the start of a line or the end). */
export function insertVideo(markdown: string, video: PostVideo, at: number): string {
  const before = markdown.slice(0, at).replace(/\s+$/, '');
  const after = markdown.slice(at).replace(/^\s+/, '');
  return [before, videoMarkdown(video), after].filter(Boolean).join('\n\n') + (after ? '' : '\n');
}

/**
 * The markdown with its video replaced by `video`, or removed when `video` is null. A post without a video gets it
 * after its introduction. The editor's Video control: one action removes or replaces, nothing else changes.
 */
export function setVideo(markdown: string, video: PostVideo | null): string {
  const found = findVideo(markdown);
  if (!found) return video ? insertVideo(markdown, video, afterIntroduction(markdown)) : markdown;
  if (video) return `${markdown.slice(0, found.start)}${videoMarkdown(video)}${markdown.slice(found.end)}`;
  const before = markdown.slice(0, found.start).replace(/\s+$/, '');
  const after = markdown.slice(found.end).replace(/^\s+/, '');
  return before && after ? `${before}\n\n${after}` : `${before}${after}`;
}
