// A post's video: the markdown line it lives in, where the block places it, the player the blog and the editor draw
// from it, and the CSP that allows exactly its script and frame.
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { videoPlace } from '../../api/blocks/video-embed.ts';
import { blogCsp } from '../../api/blog/headers.ts';
import { VIDEO_SCRIPT_HASH } from '../../api/blog/render/body.ts';
import { plainText } from '../../api/providers/video/index.ts';
import { lengthSeconds } from '../../api/providers/video/searxng.ts';
import { isoDurationSeconds } from '../../api/providers/video/youtube.ts';
import { markdownToPostHtml } from '../../api/services/posts/markdown.ts';
import { embedVideos, VIDEO_SCRIPT } from '../../src/lib/posts/video-facade.ts';
import { findVideo, setVideo, videoMarkdown, youtubeId } from '../../src/lib/posts/video.ts';
import { activeParts } from '../fixtures/xss-cases.ts';

const ID = 'dQw4w9WgXcQ';
const POST = `Bread needs four things. This guide covers each.

## Choosing flour

Strong flour builds gluten; wholemeal adds flavour.

## Shaping the loaf

Pre-shape, rest, then shape tightly so the loaf holds its form in the oven.

## Sources

- [Shaping guide](https://example.com/shaping)
`;

describe('youtubeId', () => {
  it.each([
    [`https://www.youtube.com/watch?v=${ID}`, ID],
    [`https://youtube.com/watch?v=${ID}&t=42s`, ID],
    [`https://m.youtube.com/watch?v=${ID}`, ID],
    [`https://youtu.be/${ID}?si=abc`, ID],
    [`https://www.youtube.com/shorts/${ID}`, ID],
    [`https://www.youtube.com/embed/${ID}`, ID],
    [`https://www.youtube-nocookie.com/embed/${ID}`, ID],
    [`https://www.youtube.com/watch?v=${ID}"><script>`, null],
    ['https://www.youtube.com/watch?v=short', null],
    [`https://evil.example.com/watch?v=${ID}`, null],
    [`https://vimeo.com/76979871`, null],
    [`javascript:alert(1)//youtube.com/watch?v=${ID}`, null],
    ['not a url', null],
  ])('%s → %s', (address, expected) => {
    expect(youtubeId(address)).toBe(expected);
  });
});

describe('the video paragraph of the markdown', () => {
  it('is a link alone in its paragraph, outside code; a link inside a sentence or a code block is not', () => {
    const inSentence = `Watch [this](https://www.youtube.com/watch?v=${ID}) first.`;
    const inCode = `\`\`\`\n[x](https://www.youtube.com/watch?v=${ID})\n\`\`\``;
    const alone = `Intro.\n\n[Tom & Jerry \\[live\\]](https://www.youtube.com/watch?v=${ID})\n\nMore.`;

    expect(findVideo(inSentence)).toBeNull();
    expect(findVideo(inCode)).toBeNull();
    expect(findVideo(alone)).toMatchObject({ id: ID, title: 'Tom & Jerry [live]' });
    expect(findVideo(`Intro.\n\nhttps://youtu.be/${ID}\n`)).toMatchObject({ id: ID, title: '' });
  });

  it('keeps a hostile title as plain link text', () => {
    const line = videoMarkdown({ id: ID, title: 'Bad ](javascript:x) *title*\n<b>' });

    expect(line).toBe(`[Bad \\](javascript:x) \\*title\\* \\<b\\>](https://www.youtube.com/watch?v=${ID})`);
    expect(findVideo(line)).toMatchObject({ id: ID, title: 'Bad ](javascript:x) *title* <b>' });
  });

  it('is added after the introduction, replaced in place and removed in one step, the rest untouched', () => {
    const added = setVideo(POST, { id: ID, title: 'Shaping a boule' });
    const replaced = setVideo(added, { id: 'aaaaaaaaaaa', title: 'Another' });
    const removed = setVideo(replaced, null);

    expect(added.indexOf('[Shaping a boule]')).toBeGreaterThan(added.indexOf('This guide covers each.'));
    expect(added.indexOf('[Shaping a boule]')).toBeLessThan(added.indexOf('## Choosing flour'));
    expect(replaced).toBe(
      added.replace(
        `[Shaping a boule](https://www.youtube.com/watch?v=${ID})`,
        videoMarkdown({ id: 'aaaaaaaaaaa', title: 'Another' }),
      ),
    );
    expect(removed).toBe(POST);
  });
});

describe('where the video block places a video', () => {
  it('ends the section that shares the most words with it', () => {
    const at = videoPlace(POST, {
      title: 'How to shape a loaf',
      description: 'Shape the loaf tightly before the oven',
    });

    expect(POST.slice(0, at)).toContain('holds its form in the oven.');
    expect(POST.slice(at)).toMatch(/^## Sources/);
  });

  it('goes after the introduction when no section fits, and never into Sources', () => {
    const unrelated = videoPlace(POST, { title: 'Tax returns explained', description: 'Deadlines and forms' });
    const onlySources = videoPlace(POST, { title: 'Shaping guide', description: 'example shaping' });

    expect(POST.slice(unrelated)).toMatch(/^## Choosing flour/);
    expect(POST.slice(onlySources)).not.toMatch(/^- \[Shaping guide\]/);
  });
});

describe('the player', () => {
  const render = (markdown: string) => embedVideos(markdownToPostHtml(markdown), (id) => `/media/youtube/${id}.jpg`);

  it('is a thumbnail inside a play button named for the video, with no frame and nothing from YouTube before a click', () => {
    const { html, videos } = render(`Intro.\n\n[Tom & Jerry "live"](https://www.youtube.com/watch?v=${ID})`);

    expect(videos).toBe(1);
    expect(html).toContain(`href="https://www.youtube.com/watch?v=${ID}" data-video="${ID}"`);
    expect(html).toContain('role="button"');
    expect(html).toContain('aria-label="Play video: Tom &amp; Jerry &quot;live&quot;"');
    expect(html).toContain(`<img src="/media/youtube/${ID}.jpg" alt="" width="480" height="360" loading="lazy"`);
    expect(html).not.toMatch(/<iframe|youtube-nocookie|ytimg/);
    expect(activeParts(html)).toEqual([]);
  });

  it('names a bare address "YouTube video" and leaves other links and videos in sentences alone', () => {
    const bare = render(`https://youtu.be/${ID}`);
    const other = render(
      '[A page](https://example.com/)\n\nSee [a video](https://www.youtube.com/watch?v=dQw4w9WgXcQ) here.',
    );

    expect(bare.html).toContain('aria-label="Play video: YouTube video"');
    expect(other.videos).toBe(0);
    expect(other.html).not.toContain('video-play');
  });

  it('is allowed by the blog CSP exactly: its script by hash and the nocookie frame, only on pages with a video', () => {
    const withVideo = blogCsp(["'sha256-x'"], { video: true });
    const without = blogCsp(["'sha256-x'"]);

    expect(VIDEO_SCRIPT_HASH).toBe(`'sha256-${createHash('sha256').update(VIDEO_SCRIPT).digest('base64')}'`);
    expect(withVideo).toContain(`script-src ${VIDEO_SCRIPT_HASH};`);
    expect(withVideo).toContain('frame-src https://www.youtube-nocookie.com;');
    expect(withVideo).not.toMatch(/unsafe-inline|vimeo|frame-src [^;]*\s\S+;/);
    expect(without).not.toMatch(/script-src|frame-src/);
  });
});

describe('what the sources send', () => {
  it.each([
    ['PT4M13S', 253],
    ['PT1H2M3S', 3723],
    ['P1DT1S', 86_401],
    ['P0D', 0],
    ['4:13', null],
  ])('ISO 8601 duration %s → %s seconds', (text, seconds) => {
    expect(isoDurationSeconds(text)).toBe(seconds);
  });

  it.each([
    ['4:13', 253],
    ['1:02:03', 3723],
    ['253', 253],
    [253.4, 253],
    ['', null],
    ['about 4 minutes', null],
  ])('SearXNG length %j → %s seconds', (length, seconds) => {
    expect(lengthSeconds(length)).toBe(seconds);
  });

  it("reads YouTube's HTML-escaped titles as text", () => {
    expect(plainText('Tom &amp; Jerry&#39;s &quot;best&quot; <b>bits</b> &#x263A;')).toBe(
      'Tom & Jerry\'s "best" bits ☺',
    );
  });
});
