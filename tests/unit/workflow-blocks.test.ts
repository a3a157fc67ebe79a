// Pure parts of the workflow blocks: SEO limits and slugs, the offline outline, the SVG cover, the CTA inserter, graph
// validation.
import { describe, expect, it } from 'vitest';
import { ctaInserter } from '../../api/blocks/cta-inserter.ts';
import { draftOutline } from '../../api/blocks/outline.ts';
import { clip, META_DESCRIPTION_MAX, META_TITLE_MAX, postSlug } from '../../api/blocks/seo-meta.ts';
import { coloursFrom, namedColours, seededColours, svgCover } from '../../api/providers/images/svg-cover.ts';
import { BLOG_POST_GRAPH } from '../../api/services/workflows/blog-template.ts';
import { graphIssues } from '../../api/services/workflows/graph.ts';

describe('seo meta', () => {
  it('clips titles and descriptions to their limits at a word boundary', () => {
    const long = 'The complete and honest guide to keeping a sourdough starter alive through a long hot summer holiday';
    const title = clip(long, META_TITLE_MAX);
    expect(title.length).toBeLessThanOrEqual(60);
    expect(title).toMatch(/…$/);
    expect(long.startsWith(title.slice(0, -1))).toBe(true);
    expect(clip(long.repeat(3), META_DESCRIPTION_MAX).length).toBeLessThanOrEqual(160);
    expect(clip('Short one', 60)).toBe('Short one');
  });

  it('makes slugs the posts table accepts, never empty', () => {
    expect(postSlug('Crème brûlée: 10 tips & tricks!')).toBe('creme-brulee-10-tips-tricks');
    expect(postSlug('__--__')).toBe('post');
    expect(postSlug('日本語')).toBe('post');
    expect(postSlug('a_b  c')).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });
});

describe('offline outline', () => {
  it('names its sections after the keyword and gives no instructions as points', () => {
    const outline = draftOutline('keeping a sourdough starter', 'sourdough starter', '');

    expect(outline.title).toBe('Keeping A Sourdough Starter');
    expect(outline.sections.map((section) => section.heading)).toEqual([
      'What sourdough starter is',
      'Why sourdough starter matters',
      'How to get started with sourdough starter',
      'Common sourdough starter mistakes',
      'Key takeaways',
    ]);
    expect(outline.sections.every((section) => section.points.length === 0)).toBe(true);
  });

  it('answers a question topic with the sections of an answer, never "What How often … means"', () => {
    const topic = 'How often should a Lisbon commuter service their e-bike?';
    const outline = draftOutline(topic, topic, '');

    expect(outline.sections.map((section) => section.heading)).toEqual([
      'The short answer',
      'What it depends on',
      'Step by step',
      'Mistakes to avoid',
      'Key takeaways',
    ]);
  });

  it("follows the writer's own outline when one is given", () => {
    const outline = draftOutline('bread', 'bread', '- Flour\n- Water\n- Salt');
    expect(outline.sections.map((section) => section.heading)).toEqual(['Flour', 'Water', 'Salt']);
  });
});

describe('svg cover', () => {
  it('escapes the title', () => {
    const svg = svgCover('<script>alert(1)</script> & more', seededColours('project-1'));
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&#60;script&#62;');
  });

  it("is drawn in the brand's colour: the colour itself as accent, a deep shade of its hue behind the white title", () => {
    const colours = coloursFrom('#0F766E');
    expect(colours).toEqual({ accent: '#0f766e', background: 'hsl(175, 60%, 18%)' });
    const svg = svgCover('Teal', colours);
    expect(svg).toContain('<rect width="1200" height="630" fill="hsl(175, 60%, 18%)"/>');
    expect(svg).toContain('fill="#0f766e"');
    expect(svg).toContain('fill="#ffffff">Teal</text>');
    expect(coloursFrom('#808080')).toEqual({ accent: '#808080', background: 'hsl(0, 0%, 18%)' }); // a grey stays grey
  });

  it('finds the #rrggbb colours a style guide names, in order, once each', () => {
    expect(
      namedColours('Brand colours #0F766E and #f59e0b, then #0f766e again; not #abc, #12345678 or #ggg000.'),
    ).toEqual(['#0f766e', '#f59e0b']);
    expect(namedColours('Natural light photography.')).toEqual([]);
  });

  it('falls back to colours stable per project when a project has none', () => {
    expect(seededColours('project-1')).toEqual(seededColours('project-1'));
    expect(seededColours('project-1')).not.toEqual(seededColours('project-2'));
  });
});

describe('CTA inserter', () => {
  const cta = (markdown: string, config: Record<string, unknown>) =>
    ctaInserter.run({ ctx: {} as never, input: { markdown }, config: ctaInserter.config.parse(config) });

  it('adds nothing without a call to action', async () => {
    expect(await cta('Body.', {})).toEqual({ markdown: 'Body.' });
    expect(await cta('Body.', { text: '   ', url: 'https://example.com' })).toEqual({ markdown: 'Body.' });
  });

  it('ends the body with the call to action, linked when the address is http(s) or a path', async () => {
    expect(await cta('Body.\n', { text: 'Try Inkpilot free', url: 'https://inkpilot.app/signup' })).toEqual({
      markdown: 'Body.\n\n**[Try Inkpilot free](https://inkpilot.app/signup)**\n',
    });
    expect((await cta('Body.', { text: 'See [our] plans', url: '/pricing' })).markdown).toBe(
      'Body.\n\n**[See our plans](/pricing)**\n',
    );
    // Any other scheme is not linked: the text stands alone.
    expect((await cta('Body.', { text: 'Click', url: 'javascript:alert(1)' })).markdown).toBe('Body.\n\n**Click**\n');
  });

  it('goes before the Related posts and Sources lists, so they stay last', async () => {
    const body = 'Intro.\n\n## Related posts\n\n- [A](/a)\n\n## Sources\n\n- [S](https://s.example)\n';
    const { markdown } = await cta(body, { text: 'Book a demo', url: 'https://inkpilot.app/demo' });
    expect(markdown).toBe(
      'Intro.\n\n**[Book a demo](https://inkpilot.app/demo)**\n\n## Related posts\n\n- [A](/a)\n\n## Sources\n\n- [S](https://s.example)\n',
    );
  });
});

describe('graph validation', () => {
  it('accepts the Blog post template and names an unknown setting of a node', () => {
    expect(graphIssues(BLOG_POST_GRAPH)).toEqual([]);
    const nodes = BLOG_POST_GRAPH.nodes.map((node) =>
      node.id === 'writer' ? { ...node, config: { words: 'many' } } : node,
    );
    const issues = graphIssues({ nodes, edges: BLOG_POST_GRAPH.edges });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.loc).toEqual(['body', 'nodes', 'writer', 'words']);
    expect(issues[0]!.msg).toMatch(/^Node "writer" \(Post writer\): setting "words"/);
  });

  it('refuses an edge from an output that does not exist, naming the edge', () => {
    const edges = [
      ...BLOG_POST_GRAPH.edges,
      { id: 'bad', source: 'topic', source_handle: 'nope', target: 'writer', target_handle: 'title' },
    ];
    expect(graphIssues({ nodes: BLOG_POST_GRAPH.nodes, edges })).toEqual([
      { loc: ['body', 'edges', 'bad'], msg: 'Node "topic" (Topic input) has no output "nope".', type: 'value_error' },
    ]);
  });
});
