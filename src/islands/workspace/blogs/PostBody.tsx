import { useMemo, type HTMLAttributes, type KeyboardEvent, type MouseEvent, type Ref } from 'react';
import { embedVideos, playVideo } from '../../../lib/posts/video-facade.ts';

/** Where the workspace shows a video's thumbnail: the app's proxy of YouTube's, like the blog's own. */
const thumbnailSrc = (id: string) => `/api/media/youtube/${id}.jpg`;

/** The play button a click or key landed on, when it is one. */
const playButtonOf = (target: EventTarget) => (target instanceof Element ? target.closest('a[data-video]') : null);

/**
 * A post's rendered HTML as the blog shows it: the server rendered and sanitized it (api/services/posts/render.ts);
 * a video paragraph becomes the same click-to-load player, whose frame is made only when play is pressed.
 */
export function PostBody({
  html,
  ref,
  ...attributes
}: { html: string; ref?: Ref<HTMLElement> | undefined } & HTMLAttributes<HTMLElement>) {
  const shown = useMemo(() => embedVideos(html, thumbnailSrc).html, [html]);

  const onClick = (event: MouseEvent<HTMLElement>) => {
    const button = playButtonOf(event.target);
    if (!button || event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
    if (playVideo(button)) event.preventDefault();
  };
  // A link opens with Enter; a button also with Space, so the play button answers both.
  const onKeyDown = (event: KeyboardEvent<HTMLElement>) => {
    const button = playButtonOf(event.target);
    if (button && event.key === ' ' && playVideo(button)) event.preventDefault();
  };

  return (
    <article
      {...attributes}
      ref={ref}
      onClick={onClick}
      onKeyDown={onKeyDown}
      dangerouslySetInnerHTML={{ __html: shown }}
    />
  );
}
