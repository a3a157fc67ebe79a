-- Issue 16 (admin impersonation): every request made while an admin impersonates a user — who, as whom, what, when.
create table audit_log (
  id bigint generated always as identity primary key,
  actor_id uuid references users(id) on delete set null,
  actor_email text not null,
  subject_id uuid references users(id) on delete set null,
  subject_email text not null,
  action text not null,
  method text not null,
  path text not null,
  status integer,
  created_at timestamptz not null default now()
);
create index audit_log_created_idx on audit_log (created_at desc, id desc);
