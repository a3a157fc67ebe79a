import { Parser } from 'htmlparser2';
import { describe, expect, it } from 'vitest';
import { renderPostHtml, sanitizePostHtml } from '../../api/services/posts/render.ts';

const ACTIVE = new Set(['script', 'iframe', 'object', 'embed', 'svg', 'math', 'style', 'link', 'meta', 'form', 'base', 'button', 'textarea', 'select']);

/** Nothing in the output, as a browser parses it, that would run, load active content, style the page or navigate oddly. */
function expectInert(html: string) {
  const problems: string[] = [];
  const parser = new Parser({
    onopentag(name, attribs) {
      if (ACTIVE.has(name)) problems.push(`<${name}>`);
      for (const [attr, value] of Object.entries(attribs)) {
        if (attr.startsWith('on') || attr === 'style' || attr === 'srcset' || attr === 'formaction') problems.push(`${name}[${attr}]`);
        const scheme = /^\s*([a-z][a-z0-9+.-]*):/i.exec(value)?.[1]?.toLowerCase();
        const badScheme = scheme !== undefined && !['http', 'https', 'mailto'].includes(scheme);
        if ((attr === 'href' || attr === 'src') && (badScheme || /^\s*\/\//.test(value))) problems.push(`${name}[${attr}=${value}]`);
      }
    },
  });
  parser.write(html);
  parser.end();
  expect(problems, html).toEqual([]);
}

describe('renderPostHtml: markdown to the HTML a post stores', () => {
  it('renders headings with ids (unique, from their text), lists, tables, code and task lists', () => {
    const html = renderPostHtml(
      ['# Baking Bread', '', '## Step one', '', '## Step one', '', '## Ünïcode & *style*', '', '- a', '- [x] done', '', '| a | b |', '|---|:-:|', '| 1 | 2 |', '', '```js', 'const x = 1 < 2;', '```'].join('\n'),
    );
    expect(html).toContain('<h1 id="baking-bread">Baking Bread</h1>');
    expect(html).toContain('<h2 id="step-one">Step one</h2>');
    expect(html).toContain('<h2 id="step-one-2">Step one</h2>');
    expect(html).toContain('<h2 id="unicode-style">Ünïcode &amp; <em>style</em></h2>');
    expect(html).toContain('<li><input checked disabled type="checkbox" /> done</li>');
    expect(html).toContain('<td align="center">2</td>');
    expect(html).toContain('<code class="language-js">const x = 1 &lt; 2;');
  });

  it('starts the heading ids afresh for every post', () => {
    expect(renderPostHtml('## Intro')).toBe(renderPostHtml('## Intro'));
  });

  it('marks external links and lazy-loads images; keeps relative and mailto links', () => {
    const html = renderPostHtml('[ext](https://example.com) [rel](/blog/other) [mail](mailto:a@example.com) ![alt](https://img.example.com/a.png)');
    expect(html).toContain('<a href="https://example.com" rel="noopener noreferrer nofollow ugc" target="_blank">ext</a>');
    expect(html).toContain('<a href="/blog/other">rel</a>');
    expect(html).toContain('<a href="mailto:a@example.com">mail</a>');
    expect(html).toContain('<img src="https://img.example.com/a.png" alt="alt" loading="lazy" />');
  });

  const attacks: [string, string][] = [
    ['a script tag', 'Hi <script>alert(1)</script> there'],
    ['a script block', '<script>\nalert(1)\n</script>'],
    ['an onerror image', '<img src="x" onerror="alert(1)">'],
    ['an onerror image in markdown title', '![x](https://e.com/a.png "t\\" onerror=\\"alert(1)")'],
    ['a javascript: link', '[click](javascript:alert(1))'],
    ['a javascript: link with entities', '[click](jav&#x09;ascript:alert(1))'],
    ['an upper-case JAVASCRIPT: link', '<a href="JaVaScRiPt:alert(1)">x</a>'],
    ['a data: URI image', '![x](data:image/svg+xml;base64,PHN2ZyBvbmxvYWQ9YWxlcnQoMSk+)'],
    ['a data: URI link', '[x](data:text/html,<script>alert(1)</script>)'],
    ['inline svg', '<svg onload="alert(1)"><circle r="1"/></svg>'],
    ['an svg image with script', '<img src="https://e.com/a.svg"><svg><script>alert(1)</script></svg>'],
    ['an iframe', '<iframe src="https://evil.example.com"></iframe>'],
    ['an object/embed', '<object data="x.swf"></object><embed src="x.swf">'],
    ['a style tag', '<style>body{display:none}</style>text'],
    ['a style attribute', '<p style="position:fixed;top:0">x</p>'],
    ['a form', '<form action="https://evil.example.com"><input name="q"><button>go</button></form>'],
    ['a meta refresh', '<meta http-equiv="refresh" content="0;url=https://evil.example.com">'],
    ['a base tag', '<base href="https://evil.example.com/">'],
    ['a math element', '<math><mtext><img src=x onerror=alert(1)></mtext></math>'],
    ['an event handler on an allowed tag', '<a href="https://e.com" onclick="alert(1)" onmouseover="alert(1)">x</a>'],
    ['a protocol-relative link', '<a href="//evil.example.com">x</a>'],
    ['a vbscript link', '<a href="vbscript:msgbox(1)">x</a>'],
    ['a forged heading id handler', '<h2 id="x" onclick="alert(1)">x</h2>'],
  ];

  it.each(attacks)('neutralises %s', (_name, source) => {
    expectInert(renderPostHtml(source));
    expectInert(sanitizePostHtml(source));
  });

  it('drops protocol-relative links but keeps the text', () => {
    expect(renderPostHtml('<a href="//evil.example.com">x</a>')).toBe('<p><a>x</a></p>\n');
  });

  it('keeps only safe heading ids from pasted HTML', () => {
    expect(sanitizePostHtml('<h2 id="good-id">a</h2><h2 id="bad id&quot;">b</h2>')).toBe('<h2 id="good-id">a</h2><h2>b</h2>');
  });

  it('leaves task-list checkboxes inert and drops any other input', () => {
    expect(sanitizePostHtml('<input type="text" value="x"><input type="checkbox" checked>')).toBe('<input type="checkbox" checked disabled />');
  });
});
