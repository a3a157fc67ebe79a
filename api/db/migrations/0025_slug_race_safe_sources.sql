-- Issue 22, hostile input.

-- Two projects of the same name created at the same moment both saw the name's slug free (neither had committed)
-- and the second insert failed on projects_slug_idx: a 500. Inserts that want the same slug now take turns (a lock
-- per slug, held until commit), so the second sees the first and takes the next free form of it: the name's slug
-- with 6 characters of its id, or with the whole id in the unlikely case that form is taken too.
create or replace function inkpilot_project_slug() returns trigger language plpgsql as $$
declare
  base text := inkpilot_slugify(new.name);
begin
  if new.slug is null then
    perform pg_advisory_xact_lock(hashtext('inkpilot_project_slug:' || base));
    new.slug := base;
    if inkpilot_reserved_slug(base) or exists (select 1 from projects where slug = base) then
      new.slug := left(base, 33) || '-' || left(replace(new.id::text, '-', ''), 6);
      if exists (select 1 from projects where slug = new.slug) then
        new.slug := left(base, 30) || '-' || replace(new.id::text, '-', '');
      end if;
    end if;
  end if;
  return new;
end $$;

-- A post's sources are links the workspace and the blog show: only absolute http(s) addresses are kept (the rule
-- of src/lib/posts/sources.ts). Before, a workflow's save_post could store javascript: and other addresses.
update blog_posts set sources = coalesce(
  (select jsonb_agg(source order by position)
   from jsonb_array_elements(sources) with ordinality as listed(source, position)
   where jsonb_typeof(source->'url') = 'string' and source->>'url' ~* '^https?://[^[:space:]]+$'),
  '[]'::jsonb)
where exists (
  select 1 from jsonb_array_elements(sources) as listed(source)
  where jsonb_typeof(source->'url') is distinct from 'string' or source->>'url' !~* '^https?://[^[:space:]]+$');
