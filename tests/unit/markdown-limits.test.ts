import { describe, expect, it } from 'vitest';
import {
  MARKDOWN_MAX_EMPHASIS,
  MARKDOWN_MAX_LENGTH,
  MARKDOWN_MAX_NESTING,
  markdownProblem,
} from '../../src/lib/posts/markdown-limits.ts';

/** A long real-looking post: headings, bold and italic words, links, lists, a table, quotes and code with symbols. */
function realisticPost(words: number): string {
  const vocabulary = 'flour water salt time dough starter crumb crust oven steam proof shape fold rest bake cool'.split(
    ' ',
  );
  const parts: string[] = [];
  let written = 0;
  for (let section = 0; written < words; section++) {
    parts.push(`## Step ${section + 1}: ${vocabulary[section % vocabulary.length]}`);
    for (let paragraph = 0; paragraph < 3; paragraph++) {
      const text = Array.from({ length: 60 }, (_, index) => {
        const word = vocabulary[(section + paragraph + index) % vocabulary.length]!;
        if (index % 11 === 3) return `**${word}**`;
        if (index % 13 === 5) return `_${word}_`;
        if (index % 17 === 7) return `[${word}](https://example.com/${word}_${index})`;
        return word;
      }).join(' ');
      parts.push(`${text}.`);
      written += 60;
    }
    parts.push('- **Flour**: 500 g\n- _Water_: 350 g\n  - warm, not hot\n    - about 30 °C\n- Salt: 10 g');
    parts.push('> Patience is the *secret* ingredient.\n> Give it **time**.');
    parts.push('| Step | Time |\n|---|---|\n| **Mix** | 5 min |\n| _Rest_ | 1 h |');
    parts.push('```python\ndef bake(__dough__, **kwargs):\n    return __dough__ * 2  # snake_case_names\n```');
  }
  return parts.join('\n\n');
}

describe('markdownProblem: the limits measured before a post is rendered', () => {
  it('lets real posts through: a 3,000-word post and one near the length limit', () => {
    const post = realisticPost(3000);
    const long = realisticPost(30_000).slice(0, MARKDOWN_MAX_LENGTH);

    expect(markdownProblem(post)).toBeNull();
    expect(long.length).toBe(MARKDOWN_MAX_LENGTH);
    expect(markdownProblem(long)).toBeNull();
  });

  it('does not count code: a fenced block of 10,000 underscores is fine', () => {
    const code = `Intro.\n\n\`\`\`\n${'snake_case_name = other_name\n'.repeat(2500)}\`\`\`\n\nAfter.`;
    const tilde = `~~~~\n${'__'.repeat(5000)}\n~~~~`;
    const indented = `Intro.\n\n${'    __init__(**kwargs)\n'.repeat(1000)}`;

    expect(markdownProblem(code)).toBeNull();
    expect(markdownProblem(tilde)).toBeNull();
    expect(markdownProblem(indented)).toBeNull();
  });

  it('counts emphasis per paragraph, list item, heading and table row, not per post', () => {
    const list = Array.from({ length: 2000 }, (_, index) => `- **Item ${index}** and _more_`).join('\n');
    const table = `| a | b |\n|---|---|\n${'| **x** | _y_ |\n'.repeat(2000)}`;
    const headings = '## **Bold** _heading_\n'.repeat(2000);
    const paragraphs = 'Some **bold** and _italic_ words.\n\n'.repeat(2000);

    for (const markdown of [list, table, headings, paragraphs]) expect(markdownProblem(markdown)).toBeNull();
  });

  it('refuses more than 2,000 * and _ marks in one paragraph, on one line or wrapped, in a quote too', () => {
    const cases = [
      '_a'.repeat(100_000),
      '*a'.repeat(100_000),
      '_a\n'.repeat(MARKDOWN_MAX_EMPHASIS + 1),
      '> _a\n'.repeat(MARKDOWN_MAX_EMPHASIS + 1),
      `${'*'.repeat(50_000)}a${'*'.repeat(50_000)}`,
      `- item\n  ${'_a'.repeat(MARKDOWN_MAX_EMPHASIS + 1)}`,
      `a\n-|-\n${'_a\n'.repeat(MARKDOWN_MAX_EMPHASIS + 1)}`, // not a table (one header cell, two below): one paragraph
    ];

    for (const markdown of cases)
      expect(markdownProblem(markdown)?.type, markdown.slice(0, 20)).toBe('too_much_emphasis');
    expect(markdownProblem(`Title\n\n${'_a'.repeat(3000)}`)?.msg).toBe(
      'The paragraph from line 3 has more than 2,000 * and _ marks, more than can be rendered. Split it into shorter paragraphs, or put code and runs of symbols in a code block (between ``` lines).',
    );
  });

  it(`refuses quotes and lists nested more than ${MARKDOWN_MAX_NESTING} deep, by markers or by indentation`, () => {
    const deep = MARKDOWN_MAX_NESTING + 1;
    const cases = [
      `${'>'.repeat(5000)} a`,
      `${'> '.repeat(20_000)}a`,
      `${'- '.repeat(5000)}a`,
      `${'1. '.repeat(20_000)}a`,
      `${'> - '.repeat(deep)}a`,
      Array.from({ length: deep + 1 }, (_, level) => `${'  '.repeat(level)}- a`).join('\n'),
      Array.from({ length: deep + 1 }, (_, level) => `${'\t'.repeat(level)}- a`).join('\n'),
    ];

    for (const markdown of cases) expect(markdownProblem(markdown)?.type, markdown.slice(0, 20)).toBe('too_deep');
    expect(markdownProblem(`Fine.\n\n${'>'.repeat(40)} a`)?.msg).toBe(
      'Line 3 nests quotes or lists more than 32 levels deep, more than can be shown. Remove some of the > or list markers (or indentation) at its start.',
    );
    expect(markdownProblem(`${'>'.repeat(MARKDOWN_MAX_NESTING)} a`)).toBeNull();
    expect(markdownProblem('* * *\n\n- - -\n\n1. 2. 3. a')).toBeNull();
  });

  it('refuses markdown longer than the limit, saying how long it is', () => {
    expect(markdownProblem('a'.repeat(MARKDOWN_MAX_LENGTH + 1))).toEqual({
      type: 'too_long',
      msg: 'The markdown has 200,001 characters; a post holds at most 200,000. Shorten it or split it into several posts.',
    });
  });
});
