-- Issue 15, hosted blog: every project gets a slug (its blog lives at {slug}.{BLOG_BASE_DOMAIN}) and may connect a
-- custom domain, stored pending with a verification token until a DNS check finds the TXT record, and optionally
-- served under a base path of the customer's own site (example.com/blog). Brand fields the blog is drawn with.

-- A DNS label: 1-63 of a-z 0-9 and inner hyphens.
create function inkpilot_slugify(name text) returns text language sql immutable as $$
  select coalesce(nullif(btrim(left(btrim(regexp_replace(lower(name), '[^a-z0-9]+', '-', 'g'), '-'), 40), '-'), ''), 'blog')
$$;

alter table projects
  add column slug text check (slug ~ '^[a-z0-9]([a-z0-9-]{0,61}[a-z0-9])?$'),
  -- null without a custom domain; 'pending' until its TXT record is found, then 'verified'
  add column custom_blog_domain_status text check (custom_blog_domain_status in ('pending', 'verified')),
  add column custom_blog_domain_token text,
  add column custom_blog_domain_checked_at timestamptz,
  add column custom_blog_domain_verified_at timestamptz,
  -- '' serves the blog at the host's root; '/blog' serves it under that path (subpath mode)
  add column blog_base_path text not null default '' check (blog_base_path = '' or blog_base_path ~ '^(/[a-z0-9][a-z0-9._-]*)+$'),
  add column blog_logo_url text,
  add column blog_accent_color text not null default '#4f46e5' check (blog_accent_color ~ '^#[0-9a-f]{6}$');

-- Existing projects: their name's slug, made unique with part of the id where taken.
update projects p set slug = s.slug
from (
  select id, case when row_number() over (partition by inkpilot_slugify(name) order by created_at, id) = 1
                  then inkpilot_slugify(name)
                  else left(inkpilot_slugify(name), 33) || '-' || left(replace(id::text, '-', ''), 6) end as slug
  from projects
) s
where s.id = p.id;

-- New projects get theirs at insert, so no code that creates a project needs to know about blogs.
create function inkpilot_project_slug() returns trigger language plpgsql as $$
declare
  base text := inkpilot_slugify(new.name);
begin
  if new.slug is null then
    new.slug := base;
    if exists (select 1 from projects where slug = base) then
      new.slug := left(base, 33) || '-' || left(replace(new.id::text, '-', ''), 6);
    end if;
  end if;
  return new;
end $$;
create trigger projects_slug before insert on projects for each row execute function inkpilot_project_slug();

alter table projects alter column slug set not null;
create unique index projects_slug_idx on projects (slug);
-- One project per custom domain (stored normalised: lower case punycode, no trailing dot).
create unique index projects_custom_blog_domain_idx on projects (custom_blog_domain) where custom_blog_domain is not null;
