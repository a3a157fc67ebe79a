-- Issue 15, review: custom-domain claims that cannot lock out a domain's owner, and project slugs that can never be
-- an infrastructure host under the blog domain.

-- A pending claim proves nothing (anyone can type a domain), so it must not block anyone: several projects may hold
-- the same pending domain, each with its own TXT token. Only a verified domain is exclusive, and this index is what
-- makes a second verification of it fail even when two checks race.
drop index projects_custom_blog_domain_idx;
create unique index projects_verified_blog_domain_idx on projects (custom_blog_domain) where custom_blog_domain_status = 'verified';
create index projects_custom_blog_domain_idx on projects (custom_blog_domain) where custom_blog_domain is not null;

-- Labels a project's blog subdomain ({slug}.{BLOG_BASE_DOMAIN}) must never take: hosts an operator may put the
-- app, mail, assets or name servers on, and names visitors would take for ours.
create function inkpilot_reserved_slug(slug text) returns boolean language sql immutable as $$
  select slug = any (array[
    'www', 'app', 'api', 'admin', 'blog', 'blogs', 'mail', 'static', 'assets', 'cdn',
    'administrator', 'auth', 'login', 'signin', 'signup', 'account', 'accounts', 'billing', 'dashboard', 'console',
    'panel', 'portal', 'docs', 'help', 'support', 'status', 'media', 'img', 'images', 'files', 'uploads', 'download',
    'email', 'webmail', 'smtp', 'imap', 'pop', 'pop3', 'mx', 'ftp', 'sftp', 'ns', 'ns1', 'ns2', 'dns', 'vpn',
    'autoconfig', 'autodiscover', 'wpad', 'postmaster', 'hostmaster', 'webmaster', 'abuse', 'security', 'root',
    'dev', 'staging', 'test', 'beta', 'preview', 'demo', 'internal', 'localhost', 'inkpilot'
  ])
$$;

-- Existing projects on a reserved slug move to the form a taken slug gets (6 id characters appended).
update projects set slug = left(slug, 33) || '-' || left(replace(id::text, '-', ''), 6) where inkpilot_reserved_slug(slug);

create or replace function inkpilot_project_slug() returns trigger language plpgsql as $$
declare
  base text := inkpilot_slugify(new.name);
begin
  if new.slug is null then
    new.slug := base;
    if inkpilot_reserved_slug(base) or exists (select 1 from projects where slug = base) then
      new.slug := left(base, 33) || '-' || left(replace(new.id::text, '-', ''), 6);
    end if;
  end if;
  return new;
end $$;

alter table projects add constraint projects_slug_not_reserved check (not inkpilot_reserved_slug(slug));
