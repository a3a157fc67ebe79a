-- Issue 16 (plans and usage): one subscription row per account (user). The plan an account is on comes from, in
-- order: an admin's grant (plan_override), else a live Stripe subscription of the account's Stripe customer, else Free.
create table subscriptions (
  account_id uuid primary key references users(id) on delete cascade,
  -- set by an admin (offline, or to comp an account); null = follow Stripe
  plan_override text check (plan_override in ('free', 'starter', 'pro', 'scale')),
  override_by uuid references users(id) on delete set null,
  -- linked by checkout.session.completed (client_reference_id = the user's external_id)
  stripe_customer_id text unique,
  created_at timestamptz not null default now(),
  updated_at timestamptz not null default now()
);

-- Stripe's view of each subscription, kept from webhook events whatever order they arrive in: a row changes only
-- for an event at least as new as the one that last changed it, and a canceled subscription stays canceled.
create table stripe_subscriptions (
  id text primary key,
  customer_id text not null,
  price_id text,
  -- the plan its price maps to through STRIPE_PRICE_PLANS when the event was applied; null for an unknown price
  plan text check (plan in ('starter', 'pro', 'scale')),
  status text not null,
  current_period_start timestamptz,
  current_period_end timestamptz,
  -- created time of the newest subscription event applied (price, plan, periods)
  event_created timestamptz not null,
  -- created time of the newest event that set status (subscription events and invoice.payment_failed)
  status_event_created timestamptz not null,
  updated_at timestamptz not null default now()
);
create index stripe_subscriptions_customer_idx on stripe_subscriptions (customer_id, event_created desc);

-- Every webhook event id applied, so a redelivered event changes nothing.
create table stripe_events (
  id text primary key,
  type text not null,
  created timestamptz not null,
  received_at timestamptz not null default now()
);
