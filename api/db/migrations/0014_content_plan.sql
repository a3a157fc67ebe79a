-- Issue 14: the 30-day content plan (plan tasks the status route reads), the calendar entries it writes, each
-- project's autopilot settings and a record of the scheduled slots that ran (a missed slot runs once, never twice).

create table plan_tasks (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects(id) on delete cascade,
  prompt_id uuid references prompts(id) on delete set null,
  created_by uuid references users(id) on delete set null,
  status text not null default 'pending' check (status in ('pending', 'in_progress', 'complete', 'error')),
  message text not null default 'Queued...',
  -- the first day of the plan (the project's today when the plan was asked for)
  start_date date not null,
  job_id uuid,
  job_queue text,
  attempts integer not null default 0,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index plan_tasks_project_idx on plan_tasks (project_id, created_at desc);
create index plan_tasks_open_idx on plan_tasks (job_queue) where status in ('pending', 'in_progress');

create table calendar_entries (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects(id) on delete cascade,
  plan_task_id uuid references plan_tasks(id) on delete set null,
  entry_date date not null,
  -- order among the entries of one day
  position integer not null default 0,
  title text not null check (length(btrim(title)) > 0),
  target_keyword text not null default '',
  secondary_keywords text[] not null default '{}',
  search_intent text not null default 'informational' check (search_intent in ('informational', 'commercial', 'transactional', 'navigational')),
  -- the planned section headings, one per line
  outline text[] not null default '{}',
  content_type text not null default 'guide',
  -- the latest workflow run started for the entry, and the post it made; the status shown is derived from them
  run_id uuid references workflow_runs(id) on delete set null,
  post_id uuid references blog_posts(id) on delete set null,
  -- why the last scheduled generation failed for good (after its retries); cleared when a new run starts
  error text,
  draft_label text,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index calendar_entries_project_date_idx on calendar_entries (project_id, entry_date, position);

-- Autopilot: generate each planned entry at the slot time in the project's time zone, publishing or keeping drafts.
create table project_autopilot (
  project_id uuid primary key references projects(id) on delete cascade,
  enabled boolean not null default false,
  time_zone text not null default 'UTC',
  slot_time time not null default '09:00',
  publish_mode text not null default 'draft' check (publish_mode in ('publish', 'draft')),
  -- slots before this day are never run (turning autopilot on does not replay the past)
  enabled_from date,
  updated_at timestamptz not null default now()
);

-- One row per entry whose scheduled slot came due and was claimed: the primary key is what makes a slot run once,
-- even when the server was down over it or two processes tick at the same minute. The row follows the entry's
-- attempts (retried with backoff) until its run succeeds or it fails for good.
create table autopilot_slots (
  project_id uuid not null references projects(id) on delete cascade,
  slot_date date not null,
  entry_id uuid not null references calendar_entries(id) on delete cascade,
  status text not null default 'due' check (status in ('due', 'starting', 'started', 'done', 'failed')),
  -- the pg-boss tick queue (with JOBS_QUEUE_PREFIX) of the deployment that claimed it: only that one follows it
  tick_queue text not null,
  attempts integer not null default 0,
  next_attempt_at timestamptz not null,
  run_id uuid references workflow_runs(id) on delete set null,
  error text,
  claimed_at timestamptz not null default now(),
  updated_at timestamptz not null default now(),
  primary key (project_id, slot_date, entry_id)
);
create index autopilot_slots_open_idx on autopilot_slots (status, next_attempt_at) where status in ('due', 'started');
