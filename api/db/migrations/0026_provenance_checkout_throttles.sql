-- Issue 22: accounts, billing and throttles.

-- Where each user came from: the sign-in provider and whether it vouched for the email address when the row was made.
-- A row made by an unverified sign-in (anyone can sign up with a password under anyone's address) is never relinked
-- to, nor inherited by, a later verified sign-in of that address: that sign-in gets a fresh row and the old one is
-- retired (its sign-in uid moved aside, its keys revoked). Rows from before this migration carry nulls and take the
-- provenance of their next sign-in (api/services/users/resolve.ts).
alter table users
  add column sign_in_provider text,
  add column email_verified boolean,
  add column retired_at timestamptz;

-- Checkout sessions this server created, each for the signed-in account that asked: checkout.session.completed links
-- a Stripe customer only to the account recorded here, never to whatever client_reference_id a page sent Stripe.
create table stripe_checkout_sessions (
  id text primary key,
  account_id uuid not null references users(id) on delete cascade,
  plan text not null check (plan in ('starter', 'pro', 'scale')),
  price_id text not null,
  created_at timestamptz not null default now()
);
create index stripe_checkout_sessions_account_idx on stripe_checkout_sessions (account_id, created_at);

-- Starts of AI-costing work per key ('<action>:user:<id>', '<action>:project:<id>') and minute: a limit holds over
-- the last hour's minutes (api/services/throttle/). Rows older than an hour are deleted now and then.
create table throttle_hits (
  key text not null,
  minute timestamptz not null,
  hits integer not null check (hits >= 0),
  primary key (key, minute)
);
