-- Issue 12: style guides (prompts), the brand task rows the status route reads, AI token usage and a dead-letter
-- record for jobs that ran out of retries.

create table prompts (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects(id) on delete cascade,
  name text not null default 'Style guide',
  brand_voice text not null default '',
  keywords text[] not null default '{}' check (cardinality(keywords) <= 10),
  base_knowledge text not null default '',
  writing_style_guide text not null default '',
  image_style text not null default '',
  -- 'draft — no AI configured' when the offline composer wrote it; null for AI output.
  draft_label text,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index prompts_project_idx on prompts (project_id, created_at desc, id desc);

alter table projects
  add constraint projects_default_prompt_fk foreign key (default_prompt_id) references prompts(id) on delete set null;

-- One row per brand processing request; it follows its pg-boss job (api/jobs/brand-guide.ts) so the status route
-- never reads pg-boss internals.
create table brand_tasks (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects(id) on delete cascade,
  created_by uuid references users(id) on delete set null,
  brand_url text not null,
  status text not null default 'pending' check (status in ('pending', 'in_progress', 'complete', 'error')),
  stage text not null default 'queued' check (stage in ('queued', 'fetching', 'reading', 'writing', 'done', 'failed')),
  progress integer not null default 0 check (progress between 0 and 100),
  message text not null default 'Queued...',
  result_prompt_id uuid references prompts(id) on delete set null,
  job_id uuid,
  attempts integer not null default 0,
  error text,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index brand_tasks_project_idx on brand_tasks (project_id, created_at desc);
create index brand_tasks_open_idx on brand_tasks (status) where status in ('pending', 'in_progress');

create table ai_usage (
  id bigint generated always as identity primary key,
  project_id uuid references projects(id) on delete cascade,
  task_id uuid,
  purpose text not null,
  model text not null,
  prompt_tokens integer not null default 0,
  completion_tokens integer not null default 0,
  total_tokens integer not null default 0,
  created_at timestamptz not null default now()
);
create index ai_usage_project_idx on ai_usage (project_id, created_at);
create index ai_usage_task_idx on ai_usage (task_id) where task_id is not null;

create table job_dead_letters (
  id bigint generated always as identity primary key,
  queue text not null,
  job_id uuid,
  data jsonb not null default '{}',
  reason text not null default '',
  created_at timestamptz not null default now()
);
