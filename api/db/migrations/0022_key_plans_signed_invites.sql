-- Issue 16 (w16): an API key works only while its account is on Scale. Each API process keeps a key's owner with
-- that account's plan (Caches.apiKeys); these triggers tell every process, at commit, that an account's plan may have
-- changed ('plan:<account id>'): an admin's grant or a linked Stripe customer (subscriptions), or a Stripe
-- subscription of the account's customer (stripe_subscriptions).

create function inkpilot_notify_plan_change() returns trigger language plpgsql as $$
begin
  if tg_op <> 'INSERT' then
    perform pg_notify('inkpilot_changes', 'plan:' || old.account_id);
  end if;
  if tg_op <> 'DELETE' then
    perform pg_notify('inkpilot_changes', 'plan:' || new.account_id);
  end if;
  return null;
end $$;

create function inkpilot_notify_stripe_plan_change() returns trigger language plpgsql as $$
declare
  account uuid;
begin
  for account in
    select account_id from subscriptions where stripe_customer_id in (old.customer_id, new.customer_id)
  loop
    perform pg_notify('inkpilot_changes', 'plan:' || account);
  end loop;
  return null;
end $$;

create trigger subscriptions_plan_changed after insert or update or delete on subscriptions
  for each row execute function inkpilot_notify_plan_change();
create trigger subscriptions_truncated after truncate on subscriptions
  for each statement execute function inkpilot_notify_reset();
create trigger stripe_subscriptions_plan_changed after insert or update or delete on stripe_subscriptions
  for each row execute function inkpilot_notify_stripe_plan_change();
create trigger stripe_subscriptions_truncated after truncate on stripe_subscriptions
  for each statement execute function inkpilot_notify_reset();

-- Invite links are signed (api/services/members/invite-token.ts). Unless INVITE_SIGNING_SECRET is set, the key is one
-- the server makes the first time it needs it and keeps here, so every process and every restart signs alike
-- (api/services/server-secrets.ts). Links made before this migration carry no signature and no longer open.
create table server_secrets (
  name text primary key,
  secret text not null,
  created_at timestamptz not null default now()
);
