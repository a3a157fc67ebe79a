import { describe, expect, it } from 'vitest';
import { seoSchema } from '../../src/content/_schemas/seo.ts';

const DESCRIPTION = 'Turn any public Instagram Reel into editable text in seconds. Free, unlimited, no signup.';

describe('SEO fields of the content collections', () => {
  it('accepts a title of 60 characters and a description within 70-160', () => {
    expect(seoSchema.safeParse({ title: 'T'.repeat(60), description: DESCRIPTION }).success).toBe(true);
  });

  it('refuses a title over 60 characters with a message an editor understands', () => {
    const result = seoSchema.safeParse({ title: 'T'.repeat(61), description: DESCRIPTION });

    expect(result.error?.issues.map((issue) => [issue.path.join('.'), issue.message])).toEqual([
      ['title', 'Keep the title to 60 characters or fewer; search results cut longer ones'],
    ]);
  });

  it('refuses descriptions under 70 or over 160 characters', () => {
    for (const description of ['Too short.', 'D'.repeat(161)]) {
      expect(seoSchema.safeParse({ title: 'Reel Transcript | Inkpilot', description }).error?.issues[0]?.path).toEqual([
        'description',
      ]);
    }
  });
});
