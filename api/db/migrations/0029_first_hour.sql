-- Issue 26, a new user's first hour: what the workspace needs to name things after the brand, to resume onboarding
-- where the project stands, and to let a generated cover follow its post's title.

alter table projects
  -- the website's own name, as the brand task found it (og:site_name, the name its page titles share, its logo's
  -- text); the blog is titled with it while the project still has the default name
  add column brand_name text check (length(brand_name) between 1 and 200),
  -- when the project's first 30-day plan was ready: the onboarding wizard ends there
  add column planned_at timestamptz;

update projects p set planned_at = t.done
from (select project_id, min(updated_at) as done from plan_tasks where status = 'complete' group by project_id) t
where t.project_id = p.id;

-- Why a brand task failed, in words its user can act on ("Could not connect to example.com: the connection was
-- refused."), shown under the spec's failure message; error keeps the technical cause for operators.
alter table brand_tasks add column reason text;

-- The title a generated cover shows (an SVG title cover); null for any other image. A cover that shows its post's
-- title is drawn again when the title changes.
alter table media add column cover_title text;

update media
set cover_title = replace(replace(replace(replace(replace(
      substring(convert_from(body, 'UTF8') from '<title>([^<]*)</title>'),
      '&#60;', '<'), '&#62;', '>'), '&#34;', '"'), '&#39;', ''''), '&#38;', '&')
where content_type = 'image/svg+xml';

-- A blog's address follows its project's name until the blog has a published post: "Untitled Project" renamed in the
-- wizard's first step no longer leaves the blog at untitled-project.{blog domain}. Once a post is live, links to the
-- blog exist and the address stays.
create function inkpilot_project_slug_on_rename() returns trigger language plpgsql as $$
declare
  base text := inkpilot_slugify(new.name);
begin
  if new.name is distinct from old.name and new.slug = old.slug
     and not exists (select 1 from blog_posts where project_id = new.id and status = 'published') then
    if inkpilot_reserved_slug(base) or exists (select 1 from projects where slug = base and id <> new.id) then
      new.slug := left(base, 33) || '-' || left(replace(new.id::text, '-', ''), 6);
    else
      new.slug := base;
    end if;
  end if;
  return new;
end $$;
create trigger projects_slug_on_rename before update of name on projects
  for each row execute function inkpilot_project_slug_on_rename();

-- The "Blog post" template in three rows (research, writing, finishing) instead of one strip 2,500 px wide, so the
-- builder's fitted view of it is about twice as large; only where the template still has migration 0009's layout.
update workflows
set nodes = '[{"id":"topic","type":"topic_input","position":{"x":0,"y":0},"config":{}},{"id":"guide","type":"style_guide","position":{"x":0,"y":260},"config":{}},{"id":"queries","type":"query_optimiser","position":{"x":300,"y":0},"config":{}},{"id":"search","type":"web_search","position":{"x":600,"y":0},"config":{}},{"id":"competitors","type":"competitor_analysis","position":{"x":900,"y":0},"config":{}},{"id":"outline","type":"outline","position":{"x":300,"y":260},"config":{}},{"id":"writer","type":"post_writer","position":{"x":600,"y":260},"config":{}},{"id":"image_prompt","type":"image_prompt","position":{"x":900,"y":260},"config":{}},{"id":"cover","type":"cover_image","position":{"x":1200,"y":260},"config":{}},{"id":"links","type":"internal_links","position":{"x":300,"y":540},"config":{}},{"id":"cta","type":"cta_inserter","position":{"x":600,"y":540},"config":{}},{"id":"seo","type":"seo_meta","position":{"x":900,"y":540},"config":{}},{"id":"save","type":"save_post","position":{"x":1200,"y":540},"config":{}}]'::jsonb
where id = '00000000-0000-4000-8000-000000000013'
  and nodes = '[{"id":"topic","type":"topic_input","position":{"x":0,"y":200},"config":{}},{"id":"guide","type":"style_guide","position":{"x":0,"y":420},"config":{}},{"id":"queries","type":"query_optimiser","position":{"x":260,"y":80},"config":{}},{"id":"search","type":"web_search","position":{"x":520,"y":80},"config":{}},{"id":"competitors","type":"competitor_analysis","position":{"x":780,"y":80},"config":{}},{"id":"outline","type":"outline","position":{"x":1040,"y":200},"config":{}},{"id":"writer","type":"post_writer","position":{"x":1300,"y":200},"config":{}},{"id":"image_prompt","type":"image_prompt","position":{"x":1560,"y":420},"config":{}},{"id":"cover","type":"cover_image","position":{"x":1820,"y":420},"config":{}},{"id":"links","type":"internal_links","position":{"x":1560,"y":200},"config":{}},{"id":"cta","type":"cta_inserter","position":{"x":1820,"y":200},"config":{}},{"id":"seo","type":"seo_meta","position":{"x":2080,"y":200},"config":{}},{"id":"save","type":"save_post","position":{"x":2340,"y":200},"config":{}}]'::jsonb;
