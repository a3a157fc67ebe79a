-- Issue 13 foundation, shared by the posts, plan, hosted-blog and accounts work: blog posts, workflows (and
-- templates), workflow runs with their memoised node runs, stored media (generated covers) and usage events.

create table workflows (
  id uuid primary key default gen_random_uuid(),
  -- null for a template (is_template); a project's own workflow otherwise
  project_id uuid references projects(id) on delete cascade,
  name text not null check (length(btrim(name)) > 0),
  description text not null default '',
  -- [{ id, type, position: { x, y }, config: {} }]
  nodes jsonb not null default '[]',
  -- [{ id, source, source_handle, target, target_handle }] (handles are output / input field names)
  edges jsonb not null default '[]',
  is_template boolean not null default false,
  is_published boolean not null default false,
  -- the project's default workflow (copied from the "Blog post" template) that buttons and the calendar run
  is_default boolean not null default false,
  source_template_id uuid references workflows(id) on delete set null,
  version integer not null default 1,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  check (is_template = (project_id is null))
);
create index workflows_project_idx on workflows (project_id, created_at desc) where project_id is not null;
create unique index workflows_one_default_idx on workflows (project_id) where is_default;

create table blog_posts (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects(id) on delete cascade,
  title text not null default '',
  slug text not null check (slug ~ '^[a-z0-9]+(-[a-z0-9]+)*$'),
  markdown text not null default '',
  -- sanitized HTML rendered from markdown on the server (api/services/posts/render.ts); what the blog serves
  html text not null default '',
  excerpt text not null default '',
  meta_title text not null default '',
  meta_description text not null default '',
  cover_image_url text,
  cover_image_alt text not null default '',
  target_keyword text not null default '',
  keywords text[] not null default '{}',
  tags text[] not null default '{}',
  -- [{ title, url }]
  sources jsonb not null default '[]',
  lang text not null default 'en',
  status text not null default 'draft' check (status in ('draft', 'published')),
  -- +1 on every change (edit, publish, unpublish): optimistic concurrency for the editor, cache key for the blog
  version integer not null default 1,
  -- 'draft — no AI configured' when the offline composer wrote it
  draft_label text,
  author_id uuid references users(id) on delete set null,
  workflow_run_id uuid,
  published_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  unique (project_id, slug)
);
create index blog_posts_project_idx on blog_posts (project_id, updated_at desc, id desc);
create index blog_posts_published_idx on blog_posts (project_id, published_at desc, id desc) where status = 'published';

create table workflow_runs (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects(id) on delete cascade,
  workflow_id uuid references workflows(id) on delete set null,
  -- the nodes and edges as they were when the run started: later edits never change a run in flight
  graph jsonb not null,
  -- what the run was asked for: { topic, target_keyword?, secondary_keywords?, outline?, calendar_entry_id? }
  input jsonb not null default '{}',
  status text not null default 'pending' check (status in ('pending', 'in_progress', 'running', 'success', 'error', 'cancelled')),
  error text,
  error_node_id text,
  post_id uuid references blog_posts(id) on delete set null,
  job_id uuid,
  job_queue text,
  attempts integer not null default 0,
  created_by uuid references users(id) on delete set null,
  started_at timestamptz,
  finished_at timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index workflow_runs_project_idx on workflow_runs (project_id, created_at desc);
create index workflow_runs_open_idx on workflow_runs (project_id, status) where status in ('pending', 'in_progress', 'running');

alter table blog_posts
  add constraint blog_posts_run_fk foreign key (workflow_run_id) references workflow_runs(id) on delete set null;

-- One row per node of a run; a finished node's output is stored once and reused when the run resumes.
create table node_runs (
  run_id uuid not null references workflow_runs(id) on delete cascade,
  node_id text not null,
  block_type text not null,
  status text not null default 'pending' check (status in ('pending', 'running', 'success', 'error', 'skipped')),
  output jsonb,
  error text,
  attempts integer not null default 0,
  started_at timestamptz,
  finished_at timestamptz,
  primary key (run_id, node_id)
);

-- Bytes the app generated for a project (SVG covers); served publicly by id.
create table media (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects(id) on delete cascade,
  content_type text not null,
  body bytea not null,
  created_at timestamptz not null default now()
);
create index media_project_idx on media (project_id);

-- One row per billable act; the accounts issue turns these into allowances. account_id: the user whose plan pays
-- (the project's first owner).
create table usage_events (
  id bigint generated always as identity primary key,
  account_id uuid references users(id) on delete set null,
  project_id uuid references projects(id) on delete set null,
  kind text not null check (kind in ('post_generated')),
  run_id uuid references workflow_runs(id) on delete set null,
  post_id uuid references blog_posts(id) on delete set null,
  created_at timestamptz not null default now()
);
create index usage_events_account_idx on usage_events (account_id, kind, created_at);
create unique index usage_events_one_per_run_idx on usage_events (kind, run_id) where run_id is not null;
