-- Each API process keeps per-user reads (the user row by sign-in uid, the user's project list) in memory while it
-- listens on the channel inkpilot_changes (api/db/change-feed.ts). These triggers tell every process, at commit,
-- which of those reads a write made stale, whoever wrote: any API process, a worker, or a person at psql.
-- Payloads: 'user:<external_id>', 'member:<user id>', 'project:<project id>', 'reset' (after TRUNCATE).

create function inkpilot_notify_user_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('inkpilot_changes', 'user:' || old.external_id);
  if tg_op = 'UPDATE' and new.external_id <> old.external_id then
    perform pg_notify('inkpilot_changes', 'user:' || new.external_id);
  end if;
  return null;
end $$;

create function inkpilot_notify_member_change() returns trigger language plpgsql as $$
begin
  if tg_op in ('UPDATE', 'DELETE') then
    perform pg_notify('inkpilot_changes', 'member:' || old.user_id);
  end if;
  if tg_op in ('INSERT', 'UPDATE') then
    perform pg_notify('inkpilot_changes', 'member:' || new.user_id);
  end if;
  return null;
end $$;

create function inkpilot_notify_project_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('inkpilot_changes', 'project:' || old.id);
  return null;
end $$;

create function inkpilot_notify_reset() returns trigger language plpgsql as $$
begin
  perform pg_notify('inkpilot_changes', 'reset');
  return null;
end $$;

create trigger users_changed after update or delete on users
  for each row execute function inkpilot_notify_user_change();
create trigger project_members_changed after insert or update or delete on project_members
  for each row execute function inkpilot_notify_member_change();
create trigger projects_changed after update or delete on projects
  for each row execute function inkpilot_notify_project_change();

create trigger users_truncated after truncate on users
  for each statement execute function inkpilot_notify_reset();
create trigger project_members_truncated after truncate on project_members
  for each statement execute function inkpilot_notify_reset();
create trigger projects_truncated after truncate on projects
  for each statement execute function inkpilot_notify_reset();
