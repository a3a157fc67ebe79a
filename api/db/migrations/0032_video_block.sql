-- Issue 24: the "Blog post" template gains the video block (api/blocks/video-embed.ts) between the writer and the
-- internal links: the writer's markdown now reaches the links through it (api/services/workflows/blog-template.ts
-- is the same graph; tests check the two agree). Default workflows copied from the template and never changed
-- since get the same step; any workflow someone edited (and an edited template) is left exactly as it was.
with video as (
  select
    '{"id":"video","type":"video_embed","position":{"x":0,"y":540},"config":{}}'::jsonb as node,
    '[{"id":"writer.markdown->video.markdown","source":"writer","source_handle":"markdown","target":"video","target_handle":"markdown"},{"id":"writer.title->video.title","source":"writer","source_handle":"title","target":"video","target_handle":"title"},{"id":"topic.topic->video.topic","source":"topic","source_handle":"topic","target":"video","target_handle":"topic"},{"id":"topic.target_keyword->video.target_keyword","source":"topic","source_handle":"target_keyword","target":"video","target_handle":"target_keyword"},{"id":"video.markdown->links.markdown","source":"video","source_handle":"markdown","target":"links","target_handle":"markdown"}]'::jsonb as wires
),
template as (
  select nodes, edges from workflows where id = '00000000-0000-4000-8000-000000000013'
)
update workflows w
set
  nodes = w.nodes || jsonb_build_array(video.node),
  edges = (
    select coalesce(jsonb_agg(edge order by position), '[]'::jsonb)
    from jsonb_array_elements(w.edges) with ordinality as wired(edge, position)
    where edge->>'id' <> 'writer.markdown->links.markdown'
  ) || video.wires,
  description = case
    when w.description = 'Topic to finished post: research, outline, writing, cover, links, call to action, SEO and save.'
    then 'Topic to finished post: research, outline, writing, cover, video, links, call to action, SEO and save.'
    else w.description
  end,
  version = w.version + 1,
  updated_at = now()
from video, template
where (
    w.id = '00000000-0000-4000-8000-000000000013'
    or (
      w.is_default and w.source_template_id = '00000000-0000-4000-8000-000000000013'
      and w.nodes = template.nodes and w.edges = template.edges
    )
  )
  and w.edges @> '[{"id":"writer.markdown->links.markdown"}]'
  and not w.nodes @> '[{"id":"video"}]';
