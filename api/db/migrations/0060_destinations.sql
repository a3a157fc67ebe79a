-- Issue 28: publishing to the sites a project already has (WordPress, Ghost, Webflow, Shopify, signed webhooks) and
-- IndexNow for the hosted blog. A post's change reaches them through the outbox (post_events): the `destinations`
-- subscriber writes one delivery row per destination in the event's own transaction, and the delivery job
-- (api/jobs/deliveries.ts) makes the remote calls, so a slow remote never holds the outbox up.

-- Where a project publishes. `settings` holds what the user typed that is not secret (site URL, collection, field
-- mapping…); `secrets` maps each secret setting to its sealed value (api/services/secret-box.ts, bound to
-- `destination:<id>:<name>`), never returned by the API. `canonical`: which page search engines are told is the
-- original of a post published here, the hosted blog's or this destination's (at most one destination per project).
create table destinations (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects(id) on delete cascade,
  kind text not null check (kind in ('wordpress', 'ghost', 'webflow', 'shopify', 'webhook')),
  name text not null check (length(name) between 1 and 100),
  settings jsonb not null default '{}',
  secrets jsonb not null default '{}',
  canonical text not null default 'blog' check (canonical in ('blog', 'destination')),
  enabled boolean not null default true,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index destinations_project_idx on destinations (project_id, created_at);
create index destinations_created_by_idx on destinations (created_by);
create unique index destinations_one_canonical_idx on destinations (project_id) where canonical = 'destination';

-- A post a writer keeps off one destination (the editor's per-destination switch).
create table post_destination_opt_outs (
  post_id uuid not null references blog_posts(id) on delete cascade,
  destination_id uuid not null references destinations(id) on delete cascade,
  created_at timestamptz not null default now(),
  primary key (post_id, destination_id)
);
create index post_destination_opt_outs_destination_idx on post_destination_opt_outs (destination_id);

-- Where a post is on a destination: the remote's id (an update replaces that post, never makes a second), its address,
-- whether it is live there, and the remote's modified time at our last push (`pushed_modified_at`) beside the one last
-- seen (`remote_modified_at`): when they differ, someone changed the post on the remote since. `creating_since` is set
-- before a create is sent and cleared when its answer is stored: a retry that finds it set looks the post up (by slug)
-- before creating, so a crash between the remote's answer and our commit never makes a duplicate. No foreign key to
-- the post: a deleted post's remote copy still has to be taken down.
create table post_destinations (
  post_id uuid not null,
  destination_id uuid not null references destinations(id) on delete cascade,
  project_id uuid not null references projects(id) on delete cascade,
  remote_id text,
  remote_url text,
  live boolean not null default false,
  pushed_modified_at timestamptz,
  remote_modified_at timestamptz,
  creating_since timestamptz,
  checked_at timestamptz,
  updated_at timestamptz not null default now(),
  primary key (post_id, destination_id)
);
create index post_destinations_destination_idx on post_destinations (destination_id);
create index post_destinations_project_idx on post_destinations (project_id);

-- The delivery log: one row per change of a post and destination (or IndexNow, `target` 'indexnow'), written with the
-- outbox event (`event_id`; null for a delivery a person asked for directly, like switching a destination off for a
-- live post). The delivery job claims due rows (`state` pending, or delivering past `lease_until`: its worker died),
-- one at a time per post and target in event order. `last_error` is the remote's own words; `payload` is what a
-- webhook delivery sends (fixed at its first attempt, so every retry sends the same message under the same id).
create table deliveries (
  id uuid primary key default gen_random_uuid(),
  -- the order deliveries of one post and target are made in
  seq bigint generated always as identity,
  job_queue text not null,
  project_id uuid not null references projects(id) on delete cascade,
  post_id uuid not null,
  -- the post's slug after the change (a deleted post's last one: what a take-down names)
  post_slug text not null,
  destination_id uuid references destinations(id) on delete cascade,
  target text not null,
  event_id bigint,
  event_kind text not null,
  action text check (action in ('publish', 'update', 'unpublish', 'submit', 'none')),
  state text not null default 'pending' check (state in ('pending', 'delivering', 'delivered', 'failed', 'skipped')),
  attempts integer not null default 0,
  next_attempt_at timestamptz not null default now(),
  lease_until timestamptz,
  -- the claim of the worker making the attempt: only it may record the outcome
  lease_token uuid,
  last_error text,
  result text,
  remote_id text,
  remote_url text,
  payload jsonb,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  delivered_at timestamptz,
  check ((target = 'indexnow') = (destination_id is null))
);
create unique index deliveries_event_target_idx on deliveries (event_id, target) where event_id is not null;
create index deliveries_due_idx on deliveries (job_queue, next_attempt_at) where state in ('pending', 'delivering');
create index deliveries_post_idx on deliveries (post_id, target, seq);
create index deliveries_project_idx on deliveries (project_id);
create index deliveries_destination_idx on deliveries (destination_id);

-- IndexNow: the key a project's blog proves its hosts with (the file /{key}.txt on the blog host), made once.
alter table projects add column indexnow_key text not null default replace(gen_random_uuid()::text, '-', '')
  check (indexnow_key ~ '^[a-f0-9]{32}$');
