-- Issue 27 (writer slice): the "Blog post" template gains the fact check (api/blocks/fact-check.ts) between the CTA
-- and the save, and the competitor analysis's research notes are wired to the writer
-- (api/services/workflows/blog-template.ts is the same graph; tests check the two agree). Default workflows copied
-- from the template and never changed since get the same; any workflow someone edited (and an edited template) is
-- left exactly as it was.
with facts as (
  select
    '{"id":"facts","type":"fact_check","position":{"x":1200,"y":0},"config":{}}'::jsonb as node,
    '[{"id":"competitors.notes->writer.notes","source":"competitors","source_handle":"notes","target":"writer","target_handle":"notes"},{"id":"cta.markdown->facts.markdown","source":"cta","source_handle":"markdown","target":"facts","target_handle":"markdown"},{"id":"facts.claims->save.claims","source":"facts","source_handle":"claims","target":"save","target_handle":"claims"}]'::jsonb as wires
),
template as (
  select nodes, edges from workflows where id = '00000000-0000-4000-8000-000000000013'
)
update workflows w
set
  nodes = w.nodes || jsonb_build_array(facts.node),
  edges = w.edges || facts.wires,
  description = case
    when w.description = 'Topic to finished post: research, outline, writing, cover, video, links, call to action, SEO and save.'
    then 'Topic to finished post: research, outline, writing, cover, video, links, call to action, fact check, SEO and save.'
    else w.description
  end,
  version = w.version + 1,
  updated_at = now()
from facts, template
where (
    w.id = '00000000-0000-4000-8000-000000000013'
    or (
      w.is_default and w.source_template_id = '00000000-0000-4000-8000-000000000013'
      and w.nodes = template.nodes and w.edges = template.edges
    )
  )
  and w.edges @> '[{"id":"cta.markdown->save.markdown"}]'
  and not w.nodes @> '[{"id":"facts"}]';
