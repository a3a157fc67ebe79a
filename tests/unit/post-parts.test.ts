// What wrote each part of a post (src/lib/posts/parts.ts) and when a body stops being the writer's brief
// (src/lib/posts/brief.ts).
import { describe, expect, it } from 'vitest';
import { briefShare, BRIEF_WRITER, isStillBrief } from '../../src/lib/posts/brief.ts';
import { partsAfterEdit, splitParts, writtenParts } from '../../src/lib/posts/parts.ts';

const POST =
  'Opening words.\n\n## Feeding\n\nFeed it daily.\n\n```\n## not a heading\n```\n\n## Sources\n\n- [A](https://a.test)';

describe('parts of a post', () => {
  it('splits the body into its introduction and ## sections, ignoring headings inside code', () => {
    expect(splitParts(POST).map((part) => part.heading)).toEqual(['Introduction', 'Feeding', 'Sources']);
    expect(splitParts('## Only\n\ntext').map((part) => part.heading)).toEqual(['Only']);
  });

  it('credits a run: the model for what it wrote, Inkpilot for the link lists it added', () => {
    expect(writtenParts(POST, 'gpt-test').map(({ heading, written_by }) => `${heading}: ${written_by}`)).toEqual([
      'Introduction: gpt-test',
      'Feeding: gpt-test',
      'Sources: Inkpilot (links it added)',
    ]);
  });

  it('credits a person for the parts they change, keeps the rest, and a brief part replaced is theirs alone', () => {
    const before = writtenParts(POST, 'gpt-test');
    const edited = POST.replace('Feed it daily.', 'Feed it twice a day in summer.').concat('\n\n## My tips\n\nMine.');

    const after = partsAfterEdit(before, edited, 'Ana Silva');
    const again = partsAfterEdit(after, edited.replace('Mine.', 'Mine, revised.'), 'Ana Silva');
    const fromBrief = partsAfterEdit(writtenParts(POST, BRIEF_WRITER), edited, 'Ana Silva');

    expect(after.map((part) => part.written_by)).toEqual([
      'gpt-test',
      'Ana Silva (edited)',
      'Inkpilot (links it added)',
      'Ana Silva',
    ]);
    expect(again.map((part) => part.written_by)).toEqual(after.map((part) => part.written_by));
    expect(fromBrief.find((part) => part.heading === 'Feeding')?.written_by).toBe('Ana Silva');
  });
});

describe('the brief share', () => {
  const brief =
    '## Title options\n\n1. A title\n2. Another title here\n\n## Outline\n\n- “A quote from the site.” — [Page](https://x.test)';

  it('is the share of the words that are still lines of the brief', () => {
    expect(briefShare(brief, brief)).toBe(1);
    expect(briefShare(brief, '')).toBe(0);
    expect(briefShare(brief, `${brief}\nOne line of my own.`)).toBeGreaterThan(0.5);
    expect(isStillBrief(brief, `${brief}\nOne line of my own.`)).toBe(true);
    expect(isStillBrief(brief, 'My own post, every word of it, written from the first line to the last one.')).toBe(
      false,
    );
  });
});
