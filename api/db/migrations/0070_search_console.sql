-- Issue 25: Search Console per project — the Google connection, indexing status per post, search metrics per page and
-- query, the shared inspection budget per property, and the planner's rising queries.

-- One Google connection per project (an owner's consent for the webmasters scope). Tokens are sealed with the secret
-- box (api/services/secret-box.ts), bound to the project, and never leave the server. `status` is 'reconnect' once
-- Google refused the refresh token (revoked, expired): the panel then asks an owner to connect again.
create table search_console_connections (
  project_id uuid primary key references projects(id) on delete cascade,
  connected_by uuid references users(id) on delete set null,
  refresh_token_sealed text not null,
  access_token_sealed text,
  access_token_expires_at timestamptz,
  scope text not null,
  status text not null default 'connected' check (status in ('connected', 'reconnect')),
  status_reason text,
  -- the Search Console property (siteUrl: 'https://example.com/' or 'sc-domain:example.com') the blog is read from
  property text,
  property_permission text,
  sitemap_url text,
  sitemap_submitted_at timestamptz,
  sitemap_error text,
  -- the last day of search metrics stored, and when they were last fetched
  metrics_through date,
  metrics_synced_at timestamptz,
  metrics_error text,
  -- JOBS_QUEUE_PREFIX of the deployment that made it: deployments (and test files) sharing a database each read and
  -- inspect only their own connections, with their own settings
  jobs_prefix text not null default '',
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index search_console_connections_connected_by on search_console_connections (connected_by)
  where connected_by is not null;
create index search_console_connections_property on search_console_connections (jobs_prefix, property)
  where property is not null and status = 'connected';

-- An authorization under way: the state (stored hashed) binds Google's answer to the user and project that asked;
-- the PKCE verifier is sealed; each state is used once and lives 10 minutes.
create table search_console_oauth_states (
  state_hash text primary key,
  project_id uuid not null references projects(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  code_verifier_sealed text not null,
  redirect_uri text not null,
  expires_at timestamptz not null,
  created_at timestamptz not null default now()
);
create index search_console_oauth_states_project on search_console_oauth_states (project_id);
create index search_console_oauth_states_user on search_console_oauth_states (user_id);

-- The last URL Inspection answer for each post: what Google says of its page, and which version of the post it saw
-- (a post changed since is inspected again first).
create table search_console_inspections (
  post_id uuid primary key references blog_posts(id) on delete cascade,
  project_id uuid not null references projects(id) on delete cascade,
  url text not null,
  status text not null
    check (status in ('indexed', 'crawled_not_indexed', 'discovered', 'unknown', 'excluded', 'error')),
  coverage_state text,
  verdict text,
  last_crawl_at timestamptz,
  post_version integer not null,
  inspected_at timestamptz not null
);
create index search_console_inspections_project on search_console_inspections (project_id);

-- Search Analytics by day and page (clicks, impressions, average position), and by day, page and query (Google leaves
-- rare queries out of the second, so page totals come from the first).
create table search_console_page_days (
  project_id uuid not null references projects(id) on delete cascade,
  page text not null,
  day date not null,
  clicks integer not null,
  impressions integer not null,
  position real not null,
  primary key (project_id, page, day)
);
create table search_console_query_days (
  project_id uuid not null references projects(id) on delete cascade,
  page text not null,
  query text not null,
  day date not null,
  clicks integer not null,
  impressions integer not null,
  position real not null,
  primary key (project_id, page, query, day)
);
create index search_console_query_days_query on search_console_query_days (project_id, query, day);

-- URL Inspection calls spent per property, per minute and per (Pacific) day: Google's quota is per property, so every
-- project reading the same property shares it. `backoff_until` holds the property back after a 429.
create table search_console_quota (
  property text not null,
  window_kind text not null check (window_kind in ('minute', 'day')),
  window_start timestamptz not null,
  used integer not null default 0,
  primary key (property, window_kind, window_start)
);
create table search_console_backoff (
  property text primary key,
  backoff_until timestamptz not null,
  streak integer not null default 0,
  reason text
);

-- A calendar entry's idea may come from elsewhere than the style guide: 'From Search Console: rising query' marks a
-- query the blog gets impressions for but has no post about.
alter table calendar_entries add column source_label text;

-- The hosted blog's google-site-verification token (the content of the meta tag Search Console asks for).
alter table projects add column google_site_verification text
  check (google_site_verification ~ '^[A-Za-z0-9_-]{10,100}$');
