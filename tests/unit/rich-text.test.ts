// Issue 27: the rich-text editor stores markdown. Markdown → editor → markdown on the repo's own markdown (the site's
// content files, the posts the browser tests and the fake AI write, the video paragraph, the hostile cases): what the
// server renders stays the same, or the editor refuses rich text for that post (it opens as markdown source).
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { getSchema } from '@tiptap/core';
import { Node } from '@tiptap/pm/model';
import { describe, expect, it } from 'vitest';
import { markdownToPostHtml } from '../../api/services/posts/markdown.ts';
import { type ClaimSpan, claimRanges } from '../../src/lib/posts/claim-positions.ts';
import {
  allowedHref,
  allowedImageSrc,
  docToMarkdown,
  markdownToDoc,
  richTextExtensions,
  richTextFit,
} from '../../src/lib/posts/rich-text.ts';
import { videoMarkdown } from '../../src/lib/posts/video.ts';
import { XSS_CASES } from '../fixtures/xss-cases.ts';

/** The markdown body of a content file (its front matter left out). */
const bodyOf = (text: string) => text.replace(/^---\n[\s\S]*?\n---\n/, '');

function markdownFiles(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) return markdownFiles(path);
    return name.endsWith('.md') ? [path] : [];
  });
}

const POSTS: [string, string][] = [
  ['a new, empty post', ''],
  ['a post from the posts browser test', '## Section\n\n- one\n- two\n\n| a | b |\n|---|---|\n| 1 | 2 |'],
  ['the blog browser test post', '## Starter\n\nFeed it **three times** a day in summer.'],
  [
    'a post with its video paragraph',
    `## Why rye\n\nRye makes **dense** bread.\n\n${videoMarkdown({ id: 'dQw4w9WgXcQ', title: 'How to bake [rye] *bread*' })}\n\n## Next\n\nMore.`,
  ],
  [
    'a post citing its sources',
    'Commuters ride 12 km a day on average [[1]](https://example.com/study "Study") and *most* service yearly ([source](https://example.org/report#p2)).\n\n> "Check the brakes every month," says the [guide](/guides/brakes).\n\nMail [us](mailto:hi@example.com).',
  ],
  [
    'a post with every toolbar construct',
    '## Heading two\n\n### Heading three\n\n#### Heading four\n\nText with **bold**, *italic* and `code`.\n\n1. First\n2. Second\n   - nested\n\n![A red bike by a wall](https://example.com/bike.png)\n\n| Part | Every |\n| :--- | ---: |\n| Chain | 500 km |\n| Brakes | month |\n\n```js\nconst a = 1;\n```\n\n> A quote.',
  ],
  [
    'the fake AI writer section',
    '## About the topic\n\nParagraph 1 about the topic. The fake AI writes plain sentences here so that a long answer can be cut and continued.\n\nParagraph 2 about the topic.',
  ],
];

const repoFiles = markdownFiles('src/content').map((path): [string, string] => [
  path,
  bodyOf(readFileSync(path, 'utf8')),
]);

describe('markdown → editor → markdown', () => {
  it.each([...POSTS, ...repoFiles])('%s renders the same on the server, or is kept as source', (_name, markdown) => {
    const fit = richTextFit(markdown);

    if (fit.ok) expect(markdownToPostHtml(fit.markdown)).toBe(markdownToPostHtml(markdown));
    else expect(fit.reason).toMatch(/rich-text editor/);
  });

  it('every post the editor and the tests write fits the rich-text editor, and writing it twice changes nothing', () => {
    for (const [name, markdown] of POSTS) {
      const fit = richTextFit(markdown);

      expect(fit.ok, name).toBe(true);
      if (fit.ok) expect(docToMarkdown(markdownToDoc(fit.markdown)), name).toBe(fit.markdown);
    }
  });

  it('keeps the video paragraph a link alone in its paragraph, which the server makes a player', () => {
    const markdown = `Intro.\n\n${videoMarkdown({ id: 'dQw4w9WgXcQ', title: 'Watch' })}\n\nOutro.`;

    expect(docToMarkdown(markdownToDoc(markdown))).toBe(markdown);
  });

  it('keeps most of the site content files editable as rich text', () => {
    const fitting = repoFiles.filter(([, markdown]) => richTextFit(markdown).ok).length;

    expect(fitting / repoFiles.length).toBeGreaterThan(0.5);
  });

  it.each(XSS_CASES)('%s: never changed silently (same render or kept as source)', (_name, markdown) => {
    const fit = richTextFit(markdown);

    if (fit.ok) expect(markdownToPostHtml(fit.markdown)).toBe(markdownToPostHtml(markdown));
  });

  it('says why raw HTML stays markdown source', () => {
    expect(richTextFit('Hi <span>there</span>\n\n<div>block</div>')).toEqual({
      ok: false,
      reason: 'It holds HTML, which the rich-text editor would not keep as it is.',
    });
  });
});

describe('links and images the editor accepts', () => {
  it.each([
    ['https://example.com/a?b=1', true],
    ['http://example.com', true],
    ['mailto:hi@example.com', true],
    ['/guides/brakes', true],
    ['#section', true],
    ['../other', true],
    ['javascript:alert(1)', false],
    ['JaVaScRiPt:alert(1)', false],
    ['data:text/html,x', false],
    ['vbscript:x', false],
    ['ftp://example.com', false],
    ['https://exa mple.com', false],
    ['', false],
  ])('%s → %s', (href, allowed) => {
    expect(allowedHref(href)).toBe(allowed);
  });

  it('takes images from http(s) or the app media only', () => {
    expect(allowedImageSrc('https://example.com/a.png')).toBe(true);
    expect(allowedImageSrc('/api/media/covers/a.png')).toBe(true);
    expect(allowedImageSrc('data:image/png;base64,AAAA')).toBe(false);
    expect(allowedImageSrc('javascript:alert(1)')).toBe(false);
  });
});

describe('the editor document', () => {
  const schema = getSchema(richTextExtensions());

  it('puts an image alone in its paragraph into a paragraph, as the schema wants (else the first change breaks)', () => {
    const doc = Node.fromJSON(
      schema,
      markdownToDoc('Intro.\n\n![A loaf](https://example.com/a.png)\n\n> ![b](https://example.com/b.png)'),
    );

    expect(() => doc.check()).not.toThrow();
    expect(docToMarkdown(doc.toJSON())).toBe(
      'Intro.\n\n![A loaf](https://example.com/a.png)\n\n> ![b](https://example.com/b.png)',
    );
  });

  it('places claims by their words and occurrence, inside one block, skipping emphasis marks', () => {
    const markdown = 'We bake **40 loaves** a day.\n\nOn Sundays we bake 40 loaves too.\n\n- 12 bakers';
    const doc = Node.fromJSON(schema, markdownToDoc(markdown));
    const claim = (id: string, text: string, start: number): ClaimSpan => ({
      id,
      text,
      start,
      end: start + text.length,
      state: 'unsupported',
      reason: '',
    });

    const ranges = claimRanges(
      doc,
      [
        claim('a', '**40 loaves**', markdown.indexOf('**40')),
        claim('b', '40 loaves', markdown.lastIndexOf('40 loaves')),
        claim('c', '12 bakers', markdown.indexOf('12 bakers')),
        claim('d', 'not in the post', 0),
      ],
      markdown,
    );

    expect(ranges.map(({ claim: { id }, from, to }) => [id, doc.textBetween(from, to)])).toEqual([
      ['a', '40 loaves'],
      ['b', '40 loaves'],
      ['c', '12 bakers'],
    ]);
    expect(ranges[1]!.from).toBeGreaterThan(ranges[0]!.to);
  });
});
