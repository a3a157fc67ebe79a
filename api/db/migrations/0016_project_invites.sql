-- Issue 16: invite links. A link carries a random token; only its SHA-256 is kept, so a database read does not hand
-- out working links. One link is for one project and one role, expires, can be revoked by an owner, and is used once.

create table project_invites (
  id uuid primary key default gen_random_uuid(),
  project_id uuid not null references projects(id) on delete cascade,
  role text not null check (role in ('owner', 'editor', 'viewer')),
  token_hash text not null unique,
  created_by uuid references users(id) on delete set null,
  created_at timestamptz not null default now(),
  expires_at timestamptz not null,
  revoked_at timestamptz,
  accepted_by uuid references users(id) on delete set null,
  accepted_at timestamptz
);
create index project_invites_project_idx on project_invites (project_id, created_at);
