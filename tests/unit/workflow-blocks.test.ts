// Pure parts of the workflow blocks: SEO limits and slugs, the offline post, the SVG cover, graph validation.
import { describe, expect, it } from 'vitest';
import { draftOutline } from '../../api/blocks/outline.ts';
import { draftPost } from '../../api/blocks/post-writer.ts';
import { clip, META_DESCRIPTION_MAX, META_TITLE_MAX, postSlug } from '../../api/blocks/seo-meta.ts';
import { svgCover } from '../../api/providers/images/svg-cover.ts';
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

describe('offline post', () => {
  it('is a readable markdown post: introduction, a section per outline heading, conclusion', () => {
    const outline = draftOutline('keeping a sourdough starter', 'sourdough starter', '');
    const markdown = draftPost({ topic: 'keeping a sourdough starter', keyword: 'sourdough starter', outline, secondary: ['levain'] });
    expect(markdown.split('\n')[0]).not.toMatch(/^#/);
    expect(markdown.match(/^## /gm)).toHaveLength(outline.sections.length + 1);
    expect(markdown).toContain('## Conclusion');
    expect(markdown).toContain('levain');
    expect(markdown.split(/\s+/).length).toBeGreaterThan(150);
  });

  it("follows the writer's own outline when one is given", () => {
    const outline = draftOutline('bread', 'bread', '- Flour\n- Water\n- Salt');
    expect(outline.sections.map((section) => section.heading)).toEqual(['Flour', 'Water', 'Salt']);
  });
});

describe('svg cover', () => {
  it('escapes the title and keeps colours stable per project', () => {
    const svg = svgCover('<script>alert(1)</script> & more', 'project-1');
    expect(svg).not.toContain('<script>');
    expect(svg).toContain('&#60;script&#62;');
    expect(svgCover('x', 'project-1').match(/fill="(hsl[^"]+)"/)![1]).toBe(svgCover('y', 'project-1').match(/fill="(hsl[^"]+)"/)![1]);
  });
});

describe('graph validation', () => {
  it('accepts the Blog post template and names an unknown setting of a node', () => {
    expect(graphIssues(BLOG_POST_GRAPH)).toEqual([]);
    const nodes = BLOG_POST_GRAPH.nodes.map((node) => (node.id === 'writer' ? { ...node, config: { words: 'many' } } : node));
    const issues = graphIssues({ nodes, edges: BLOG_POST_GRAPH.edges });
    expect(issues).toHaveLength(1);
    expect(issues[0]!.loc).toEqual(['body', 'nodes', 'writer', 'words']);
    expect(issues[0]!.msg).toMatch(/^Node "writer" \(Post writer\): setting "words"/);
  });

  it('refuses an edge from an output that does not exist, naming the edge', () => {
    const edges = [...BLOG_POST_GRAPH.edges, { id: 'bad', source: 'topic', source_handle: 'nope', target: 'writer', target_handle: 'title' }];
    expect(graphIssues({ nodes: BLOG_POST_GRAPH.nodes, edges })).toEqual([
      { loc: ['body', 'edges', 'bad'], msg: 'Node "topic" (Topic input) has no output "nope".', type: 'value_error' },
    ]);
  });
});
