import { describe, expect, it } from 'vitest';
import { sanitizePostHtml } from '../../api/services/posts/markdown.ts';
import { renderPostHtml } from '../../api/services/posts/render.ts';
import { activeParts, XSS_CASES } from '../fixtures/xss-cases.ts';

/** Nothing in the output, as a browser parses it, that would run, load active content, style the page or navigate oddly. */
function expectInert(html: string) {
  expect(activeParts(html), html).toEqual([]);
}

describe('renderPostHtml: markdown to the HTML a post stores', () => {
  it('renders headings with ids (unique, from their text), lists, tables, code and task lists', async () => {
    const html = await renderPostHtml(
      [
        '# Baking Bread',
        '',
        '## Step one',
        '',
        '## Step one',
        '',
        '## Ünïcode & *style*',
        '',
        '- a',
        '- [x] done',
        '',
        '| a | b |',
        '|---|:-:|',
        '| 1 | 2 |',
        '',
        '```js',
        'const x = 1 < 2;',
        '```',
      ].join('\n'),
    );
    expect(html).toContain('<h1 id="baking-bread">Baking Bread</h1>');
    expect(html).toContain('<h2 id="step-one">Step one</h2>');
    expect(html).toContain('<h2 id="step-one-2">Step one</h2>');
    expect(html).toContain('<h2 id="unicode-style">Ünïcode &amp; <em>style</em></h2>');
    expect(html).toContain('<li><input checked disabled type="checkbox" /> done</li>');
    expect(html).toContain('<td align="center">2</td>');
    expect(html).toContain('<code class="language-js">const x = 1 &lt; 2;');
  });

  it('starts the heading ids afresh for every post', async () => {
    expect(await renderPostHtml('## Intro')).toBe(await renderPostHtml('## Intro'));
  });

  it('marks external links and lazy-loads images; keeps relative and mailto links', async () => {
    const html = await renderPostHtml(
      '[ext](https://example.com) [rel](/blog/other) [mail](mailto:a@example.com) ![alt](https://img.example.com/a.png)',
    );
    expect(html).toContain(
      '<a href="https://example.com" rel="noopener noreferrer nofollow ugc" target="_blank">ext</a>',
    );
    expect(html).toContain('<a href="/blog/other">rel</a>');
    expect(html).toContain('<a href="mailto:a@example.com">mail</a>');
    expect(html).toContain('<img src="https://img.example.com/a.png" alt="alt" loading="lazy" />');
  });

  it.each(XSS_CASES)('neutralises %s', async (_name, source) => {
    expectInert(await renderPostHtml(source));
    expectInert(sanitizePostHtml(source));
  });

  it('drops protocol-relative links but keeps the text', async () => {
    expect(await renderPostHtml('<a href="//evil.example.com">x</a>')).toBe('<p><a>x</a></p>\n');
  });

  it('keeps only safe heading ids from pasted HTML', () => {
    expect(sanitizePostHtml('<h2 id="good-id">a</h2><h2 id="bad id&quot;">b</h2>')).toBe(
      '<h2 id="good-id">a</h2><h2>b</h2>',
    );
  });

  it('leaves task-list checkboxes inert and drops any other input', () => {
    expect(sanitizePostHtml('<input type="text" value="x"><input type="checkbox" checked>')).toBe(
      '<input type="checkbox" checked disabled />',
    );
  });
});
