import type { Graph } from './graph.ts';

/** The id migration 0009 gives the "Blog post" template. */
export const BLOG_POST_TEMPLATE_ID = '00000000-0000-4000-8000-000000000013';

type Wire = [source: string, sourceHandle: string, target: string, targetHandle: string];

// Three rows read left to right: research, then writing and the cover, then finishing (migration 0029).
const NODES: [id: string, type: string, x: number, y: number][] = [
  ['topic', 'topic_input', 0, 0],
  ['guide', 'style_guide', 0, 260],
  ['queries', 'query_optimiser', 300, 0],
  ['search', 'web_search', 600, 0],
  ['competitors', 'competitor_analysis', 900, 0],
  ['outline', 'outline', 300, 260],
  ['writer', 'post_writer', 600, 260],
  ['image_prompt', 'image_prompt', 900, 260],
  ['cover', 'cover_image', 1200, 260],
  ['links', 'internal_links', 300, 540],
  ['cta', 'cta_inserter', 600, 540],
  ['seo', 'seo_meta', 900, 540],
  ['save', 'save_post', 1200, 540],
  // Added by migration 0032 (issue 24), last in the list: wired between the writer and the internal links, drawn first
  // on the last row.
  ['video', 'video_embed', 0, 540],
  // Added by migration 0051 (issue 27): the fact check reads the finished markdown and hands its claims to the save;
  // drawn on the first row's free place, above the cover and the save.
  ['facts', 'fact_check', 1200, 0],
];

const WIRES: Wire[] = [
  ['topic', 'topic', 'queries', 'topic'],
  ['topic', 'target_keyword', 'queries', 'target_keyword'],
  ['topic', 'secondary_keywords', 'queries', 'secondary_keywords'],
  ['queries', 'queries', 'search', 'queries'],
  ['search', 'results', 'competitors', 'results'],
  ['topic', 'topic', 'outline', 'topic'],
  ['topic', 'target_keyword', 'outline', 'target_keyword'],
  ['topic', 'outline_brief', 'outline', 'brief'],
  ['guide', 'style_guide', 'outline', 'style_guide'],
  ['competitors', 'competitors', 'outline', 'competitors'],
  ['topic', 'topic', 'writer', 'topic'],
  ['topic', 'target_keyword', 'writer', 'target_keyword'],
  ['topic', 'secondary_keywords', 'writer', 'secondary_keywords'],
  ['outline', 'outline', 'writer', 'outline'],
  ['guide', 'style_guide', 'writer', 'style_guide'],
  ['competitors', 'sources', 'writer', 'sources'],
  ['writer', 'title', 'image_prompt', 'title'],
  ['guide', 'style_guide', 'image_prompt', 'style_guide'],
  ['writer', 'title', 'cover', 'title'],
  ['image_prompt', 'image_prompt', 'cover', 'image_prompt'],
  ['image_prompt', 'alt', 'cover', 'alt'],
  ['writer', 'title', 'links', 'title'],
  ['links', 'markdown', 'cta', 'markdown'],
  ['writer', 'title', 'seo', 'title'],
  ['cta', 'markdown', 'seo', 'markdown'],
  ['topic', 'target_keyword', 'seo', 'target_keyword'],
  ['topic', 'secondary_keywords', 'seo', 'secondary_keywords'],
  ['writer', 'title', 'save', 'title'],
  ['cta', 'markdown', 'save', 'markdown'],
  ['seo', 'meta_title', 'save', 'meta_title'],
  ['seo', 'meta_description', 'save', 'meta_description'],
  ['seo', 'slug', 'save', 'slug'],
  ['seo', 'excerpt', 'save', 'excerpt'],
  ['seo', 'keywords', 'save', 'keywords'],
  ['topic', 'target_keyword', 'save', 'target_keyword'],
  ['cover', 'cover_image_url', 'save', 'cover_image_url'],
  ['cover', 'cover_image_alt', 'save', 'cover_image_alt'],
  ['writer', 'sources', 'save', 'sources'],
  ['writer', 'draft_label', 'save', 'draft_label'],
  // Migration 0032 (issue 24) rewired the writer's markdown through the video block, in this order.
  ['writer', 'markdown', 'video', 'markdown'],
  ['writer', 'title', 'video', 'title'],
  ['topic', 'topic', 'video', 'topic'],
  ['topic', 'target_keyword', 'video', 'target_keyword'],
  ['video', 'markdown', 'links', 'markdown'],
  // Migration 0051 (issue 27): research notes reach the writer; the fact check sits between the CTA and the save.
  ['competitors', 'notes', 'writer', 'notes'],
  ['cta', 'markdown', 'facts', 'markdown'],
  ['facts', 'claims', 'save', 'claims'],
];

/** The "Blog post" template's graph: every block wired, search and images in parallel with writing where they can be. */
export const BLOG_POST_GRAPH: Graph = {
  nodes: NODES.map(([id, type, x, y]) => ({ id, type, position: { x, y }, config: {} })),
  edges: WIRES.map(([source, source_handle, target, target_handle]) => ({
    id: `${source}.${source_handle}->${target}.${target_handle}`,
    source,
    source_handle,
    target,
    target_handle,
  })),
};
