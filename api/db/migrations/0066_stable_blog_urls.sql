-- Issue 28: stable addresses on the hosted blog. A post's address is its slug; when a live post moves to a new slug
-- (an edit, or a republish under another slug than it was live under), the old slug is kept here and the blog answers
-- it with a 301 to the post's current address. A row points at the post, not at a slug, so a chain of moves
-- (a → b → c) sends every old address straight to the current one. A post that takes an old slug wins: the blog looks
-- for a published post first, and falls back to these rows only when none has the slug.
create table blog_slug_redirects (
  project_id uuid not null references projects(id) on delete cascade,
  old_slug text not null check (old_slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  post_id uuid not null references blog_posts(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (project_id, old_slug)
);
create index blog_slug_redirects_post_idx on blog_slug_redirects (post_id);

-- The slug a post was last live under (null: never live): what a move leaves behind.
alter table blog_posts add column live_slug text;
update blog_posts set live_slug = slug where status = 'published';
