-- Issue 16: API keys. Only the SHA-256 of a key is kept, plus a short visible prefix to recognise it by. Each API
-- process caches key → user while the change feed is live; revoking or deleting a key notifies 'api_key:<hash>'
-- at commit so every process refuses it on its next request (see api/db/change-feed.ts).

create table api_keys (
  id uuid primary key default gen_random_uuid(),
  user_id uuid not null references users(id) on delete cascade,
  name text not null check (length(btrim(name)) > 0),
  prefix text not null,
  key_hash text not null unique,
  created_at timestamptz not null default now(),
  last_used_at timestamptz,
  revoked_at timestamptz
);
create index api_keys_user_idx on api_keys (user_id, created_at);

create function inkpilot_notify_api_key_change() returns trigger language plpgsql as $$
begin
  perform pg_notify('inkpilot_changes', 'api_key:' || old.key_hash);
  return null;
end $$;

-- last_used_at changes on use and needs no notice; a revoke (or a delete, also by a user's cascade) does.
create trigger api_keys_revoked after update of revoked_at, key_hash on api_keys
  for each row when (old.revoked_at is distinct from new.revoked_at or old.key_hash <> new.key_hash)
  execute function inkpilot_notify_api_key_change();
create trigger api_keys_deleted after delete on api_keys
  for each row execute function inkpilot_notify_api_key_change();
create trigger api_keys_truncated after truncate on api_keys
  for each statement execute function inkpilot_notify_reset();
