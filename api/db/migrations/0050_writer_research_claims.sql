-- Issue 27 (writer slice): a writer that scales, research notes with checked claims, the honest offline brief.

-- The steps a long node memoises (the post writer's sections): a resumed run reuses each finished step instead of
-- asking the AI again. `label` and `words` are what the run view shows while the node works; `total` is how many
-- steps the node planned.
create table node_steps (
  run_id uuid not null references workflow_runs(id) on delete cascade,
  node_id text not null,
  step text not null,
  label text not null default '',
  words integer not null default 0,
  total integer not null default 0,
  output jsonb not null,
  created_at timestamptz not null default now(),
  primary key (run_id, node_id, step)
);

-- The text of a page a post cites or drew on, as the guarded fetch read it (a snapshot), per project: the fact
-- check reads claims against it. `error` keeps why a page could not be read (then `text` is empty).
create table source_snapshots (
  project_id uuid not null references projects(id) on delete cascade,
  url text not null check (length(url) <= 2000),
  title text not null default '',
  text text not null default '',
  error text,
  fetched_at timestamptz not null default now(),
  primary key (project_id, url)
);

-- Research notes of a run: passages of search results and competitor pages, with their address and title; linked to
-- the post the run saved.
create table research_notes (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects(id) on delete cascade,
  run_id uuid not null references workflow_runs(id) on delete cascade,
  post_id uuid references blog_posts(id) on delete set null,
  position integer not null,
  url text not null,
  title text not null default '',
  passage text not null,
  unique (run_id, position)
);
create index research_notes_project_idx on research_notes (project_id);
create index research_notes_post_idx on research_notes (post_id) where post_id is not null;

-- The claims of one version of a post, as the fact check found them (src/lib/claims/schema.ts); the newest row is
-- the post's. Re-checked whenever the markdown changes.
create table post_claims (
  post_id uuid not null references blog_posts(id) on delete cascade,
  version integer not null,
  claims jsonb not null default '[]',
  checked_at timestamptz not null default now(),
  primary key (post_id, version)
);

-- The pages the brand task crawled (their main text), so a writer's brief quotes the site's own sentences with the
-- page they come from.
create table site_pages (
  project_id uuid not null references projects(id) on delete cascade,
  url text not null,
  title text not null default '',
  text text not null default '',
  crawled_at timestamptz not null default now(),
  primary key (project_id, url)
);

alter table blog_posts
  -- true while the body is still the writer's brief an offline run produced: such a post is never published
  add column brief boolean not null default false,
  -- the brief as generated, to tell how much of the body is still the brief after edits
  add column brief_markdown text,
  -- what wrote each part of the body: [{ heading, written_by, hash }] (hash: the part's text when so written)
  add column parts jsonb not null default '[]';
