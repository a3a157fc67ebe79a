create extension if not exists pgcrypto;

create table users (
  id uuid primary key default gen_random_uuid(),
  external_id text not null unique,
  email text not null,
  first_name text not null default '',
  last_name text not null default '',
  avatar_url text,
  is_admin boolean not null default false,
  is_superuser boolean not null default false,
  tokens_valid_after timestamptz,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);
create index users_email_idx on users (lower(email));

create table projects (
  id uuid primary key default gen_random_uuid(),
  name text not null check (length(btrim(name)) > 0),
  description text not null default '',
  brand_content text,
  brand_url text,
  brand_info_status text,
  default_prompt_id uuid,
  custom_blog_domain text,
  domain text,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

create table project_members (
  project_id uuid not null references projects(id) on delete cascade,
  user_id uuid not null references users(id) on delete cascade,
  role text not null check (role in ('owner', 'editor', 'viewer')),
  created_at timestamptz not null default now(),
  primary key (project_id, user_id)
);
create index project_members_user_idx on project_members (user_id, created_at);
