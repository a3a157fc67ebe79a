// Issue 24: what a translation must not touch is taken out of the markdown as ⟦n⟧ tokens and put back exactly; a
// translation that lost, repeated or made up a token is refused.
import { describe, expect, it } from 'vitest';
import { restoreMarkdown, TokenMismatch, tokenizeMarkdown } from '../../api/providers/ai/markdown-tokens.ts';

const POST = [
  'Read [the guide](https://example.com/guide "The guide") and [more](<https://example.com/a b>).',
  '',
  '[Shaping a boule](https://www.youtube.com/watch?v=abcDEF12345)',
  '',
  'https://youtu.be/xyz98765432',
  '',
  'Use `bench-knife`, see https://example.org/notes. Or <https://example.net/x>.',
  '',
  '![A loaf](https://images.example.com/loaf.jpg) and [a link](https://en.wikipedia.org/wiki/Bread_(food))',
  '',
  '[ref]: https://example.com/reference',
  '',
  '```js',
  "const crumb = 'open'; // https://example.com/in-code",
  '```',
  '',
  '## A heading with no links',
].join('\n');

describe('markdown tokens', () => {
  it('takes out code, the video, link and image addresses, references and bare addresses, and puts them back', () => {
    const { text, parts } = tokenizeMarkdown(POST);

    for (const hidden of [
      'example.com',
      'youtube.com',
      'youtu.be',
      'bench-knife',
      'example.org',
      'example.net',
      'crumb',
    ])
      expect(text).not.toContain(hidden);
    expect(text).toContain('Read [the guide](⟦1⟧) and [more](⟦2⟧).');
    expect(text).toContain('\n\n⟦3⟧\n\n⟦4⟧\n\n');
    expect(text).toContain('![A loaf](⟦8⟧) and [a link](⟦9⟧)');
    expect(text).toContain('## A heading with no links');
    expect(parts[0]).toBe('https://example.com/guide "The guide"');
    expect(parts[8]).toBe('https://en.wikipedia.org/wiki/Bread_(food)');
    expect(restoreMarkdown(text, parts)).toBe(POST);
  });

  it('puts the parts back into a translation that moved them within its sentences', () => {
    const { text, parts } = tokenizeMarkdown('Read [the guide](https://example.com/guide) first, then `code`.');
    const translated = text.replace(
      'Read [the guide](⟦1⟧) first, then ⟦2⟧.',
      'Primeiro ⟦2⟧, depois leia [o guia](⟦1⟧).',
    );

    expect(restoreMarkdown(translated, parts)).toBe(
      'Primeiro `code`, depois leia [o guia](https://example.com/guide).',
    );
  });

  it('refuses a translation that lost, repeated or made up a token', () => {
    const { parts } = tokenizeMarkdown('A [b](https://example.com) c `d` e');

    expect(() => restoreMarkdown('A [b] c ⟦2⟧ e', parts)).toThrow(TokenMismatch);
    expect(() => restoreMarkdown('A [b] c ⟦2⟧ e', parts)).toThrow("lost 1 of the post's links, code or video");
    expect(() => restoreMarkdown('⟦1⟧ ⟦1⟧ ⟦2⟧', parts)).toThrow('repeated 1 of them');
    expect(() => restoreMarkdown('⟦1⟧ ⟦2⟧ ⟦3⟧', parts)).toThrow('added 1 the post does not have');
  });

  it('leaves markdown with nothing to keep as it is', () => {
    expect(tokenizeMarkdown('## Hello\n\nPlain *words* only.')).toEqual({
      text: '## Hello\n\nPlain *words* only.',
      parts: [],
    });
  });
});
