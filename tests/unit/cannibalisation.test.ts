import { describe, expect, it } from 'vitest';
import { composePlanDraft } from '../../api/providers/ai/offline/content-plan.ts';
import { competes, firstCompetitor, keywordKey, stem } from '../../api/services/plan/cannibalisation.ts';

const piece = (target_keyword: string, title = '', keywords: string[] = []) => ({ target_keyword, title, keywords });

describe('cannibalisation guard', () => {
  it('reads a keyword the same whatever its case, accents, plural, order or stop words', () => {
    expect(stem('starters')).toBe('start');
    expect(keywordKey('Sourdough Starters')).toBe(keywordKey('sourdough starter'));
    expect(keywordKey('Bread, Rye')).toBe(keywordKey('rye bread'));
    expect(keywordKey('Crème brûlée for beginners')).toBe(keywordKey('creme brulee beginners'));
  });

  it('finds same and near-duplicate keywords, near-duplicate titles and overlapping keyword sets', () => {
    expect(competes(piece('best sourdough starters'), piece('Best sourdough starter'))).toBe('same target keyword');
    expect(
      competes(piece('how to feed a sourdough starter daily'), piece('feed sourdough starter daily routine')),
    ).toBe('near-duplicate target keyword');
    expect(
      competes(piece('rye', 'How to bake rye bread at home'), piece('spelt', 'How to bake rye bread at home fast')),
    ).toBe('near-duplicate title');
    expect(competes(piece('a', 'x', ['b', 'c']), piece('d', 'y', ['a', 'b', 'c']))).toBe('overlapping keyword set');
  });

  it('lets different topics of one subject through', () => {
    expect(
      competes(
        piece('sourdough bread guide', 'The Complete Sourdough Bread Guide'),
        piece('sourdough bread mistakes', '7 Sourdough Bread Mistakes to Avoid'),
      ),
    ).toBeNull();
    expect(competes(piece('rye bread'), piece('spelt bread'))).toBeNull();
    expect(firstCompetitor(piece('gluten free cake'), [piece('rye bread'), piece('spelt bread')])).toBeNull();
  });

  it('lets the offline composer plan 30 non-competing ideas from one keyword or from ten overlapping ones', () => {
    const overlapping = [
      'sourdough bread',
      'sourdough starter',
      'sourdough baking classes',
      'country sourdough',
      'fresh sourdough',
      'order sourdough',
      'organic flour',
      'rye',
      'spelt',
      'bread',
    ];
    for (const keywords of [['seo'], overlapping]) {
      const asPiece = (idea: { title: string; target_keyword: string; secondary_keywords: string[] }) =>
        piece(idea.target_keyword, idea.title, idea.secondary_keywords);
      const plan = composePlanDraft(
        { keywords, base_knowledge: '', brand_voice: '', planned: [], refused: [] },
        30,
        (idea, picked) => !firstCompetitor(asPiece(idea), picked.map(asPiece)),
      );
      expect(plan.entries).toHaveLength(30);
      for (const [index, a] of plan.entries.entries())
        for (const b of plan.entries.slice(index + 1)) expect(competes(asPiece(a), asPiece(b))).toBeNull();
    }
  });
});
