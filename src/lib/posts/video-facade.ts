// The click-to-load player of a post's video, the same on the hosted blog and in the editor's preview: a thumbnail
// and a play button (a link to the video on YouTube, so it works without script); the youtube-nocookie.com frame is
// made only when the reader asks for it, so nothing of YouTube loads with the page.
import { isVideoId, PLAYER_ORIGIN, watchUrl, youtubeId, type PostVideo } from './video.ts';

const escapeAttribute = (text: string) =>
  text.replace(/&/g, '&amp;').replace(/"/g, '&quot;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
const unescapeEntities = (text: string) =>
  text
    .replace(/&quot;/g, '"')
    .replace(/&#x27;|&#39;/g, "'")
    .replace(/&lt;/g, '<')
    .replace(/&gt;/g, '>')
    .replace(/&amp;/g, '&');

/** The player's HTML before a click: the thumbnail inside a link-button named "Play video: {title}". */
export function videoFacade(video: PostVideo, thumbnailSrc: string): string {
  const title = escapeAttribute(video.title.trim() || 'YouTube video');
  return (
    `<figure class="video"><a class="video-play" role="button" href="${watchUrl(video.id)}" data-video="${video.id}"` +
    ` data-title="${title}" aria-label="Play video: ${title}"><img src="${escapeAttribute(thumbnailSrc)}" alt=""` +
    ` width="480" height="360" loading="lazy" decoding="async"><span class="video-icon" aria-hidden="true"></span></a>` +
    `<figcaption>${title}</figcaption></figure>`
  );
}

/** A paragraph of sanitized post HTML that is one link and nothing else. */
const LINK_PARAGRAPH = /<p><a href="([^"]+)"[^>]*>([^<]*)<\/a><\/p>/g;

/**
 * Sanitized post HTML with each paragraph that is only a YouTube link turned into the player; `videos` says how
 * many, so a page adds the player's script (and its CSP) only when it has one.
 */
export function embedVideos(html: string, thumbnailSrc: (id: string) => string): { html: string; videos: number } {
  let videos = 0;
  const out = html.replace(LINK_PARAGRAPH, (paragraph, href: string, text: string) => {
    const address = unescapeEntities(href);
    const id = youtubeId(address);
    if (!id) return paragraph;
    videos += 1;
    const label = unescapeEntities(text).trim();
    // A bare address (autolinked) names no title.
    const title = !label || /^https?:\/\//i.test(label) ? 'YouTube video' : label;
    return videoFacade({ id, title }, thumbnailSrc(id));
  });
  return { html: out, videos };
}

/** The attributes of the player frame, so the blog's script and the editor make the same one. */
const FRAME_ALLOW =
  'accelerometer; autoplay; clipboard-write; encrypted-media; gyroscope; picture-in-picture; web-share';

/**
 * The blog's one script (allowed by its hash in the CSP of pages with a video): a click, Enter or Space on a play
 * button replaces it with the player frame and moves focus into it. A click with a modifier key still opens YouTube.
 */
export const VIDEO_SCRIPT = `document.addEventListener('click',function(e){var a=e.target instanceof Element&&e.target.closest('a[data-video]');if(!a||e.button||e.ctrlKey||e.metaKey||e.shiftKey||e.altKey)return;var id=a.getAttribute('data-video')||'';if(!/^[\\w-]{11}$/.test(id))return;e.preventDefault();var f=document.createElement('iframe');f.src='${PLAYER_ORIGIN}/embed/'+id+'?autoplay=1';f.title=a.getAttribute('data-title')||'YouTube video';f.width='560';f.height='315';f.allow='${FRAME_ALLOW}';f.allowFullscreen=true;f.referrerPolicy='strict-origin-when-cross-origin';a.replaceWith(f);f.focus()});document.addEventListener('keydown',function(e){var a=e.target;if(e.key===' '&&a instanceof Element&&a.matches('a[data-video]')){e.preventDefault();a.click()}});`;

/** The editor preview's twin of VIDEO_SCRIPT: replaces a play button with the player frame. */
export function playVideo(button: Element): boolean {
  const id = button.getAttribute('data-video') ?? '';
  if (!isVideoId(id)) return false;
  const frame = document.createElement('iframe');
  frame.src = `${PLAYER_ORIGIN}/embed/${id}?autoplay=1`;
  frame.title = button.getAttribute('data-title') || 'YouTube video';
  frame.width = '560';
  frame.height = '315';
  frame.allow = FRAME_ALLOW;
  frame.allowFullscreen = true;
  frame.referrerPolicy = 'strict-origin-when-cross-origin';
  button.replaceWith(frame);
  frame.focus();
  return true;
}
