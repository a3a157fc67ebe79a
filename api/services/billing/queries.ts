import type { Db } from '../../db/sql.ts';
import { LIVE_STRIPE_STATUSES } from '../usage/plans.ts';

export interface StripeSubscriptionRow {
  id: string;
  customer_id: string;
  price_id: string | null;
  plan: 'starter' | 'pro' | 'scale' | null;
  status: string;
  current_period_start: Date | null;
  current_period_end: Date | null;
  event_created: Date;
  status_event_created: Date;
}

/** Records an event id; false when it was already recorded (a redelivery), so the caller applies nothing. */
export async function recordStripeEvent(sql: Db, event: { id: string; type: string; created: Date }): Promise<boolean> {
  const rows = await sql`
    insert into stripe_events (id, type, created) values (${event.id}, ${event.type}, ${event.created})
    on conflict (id) do nothing returning id`;
  return rows.length === 1;
}

/** The subscription row, locked for this transaction; created empty (older than any event) when first seen. */
export async function lockStripeSubscription(sql: Db, id: string, customerId: string): Promise<StripeSubscriptionRow> {
  await sql`
    insert into stripe_subscriptions (id, customer_id, status, event_created, status_event_created)
    values (${id}, ${customerId}, 'incomplete', 'epoch', 'epoch')
    on conflict (id) do nothing`;
  const [row]: [StripeSubscriptionRow?] = await sql`select * from stripe_subscriptions where id = ${id} for update`;
  if (!row) throw new Error('stripe subscription row vanished');
  return row;
}

/** Writes a merged subscription row. */
export async function saveStripeSubscription(sql: Db, row: StripeSubscriptionRow): Promise<void> {
  await sql`
    update stripe_subscriptions set ${sql(row, 'customer_id', 'price_id', 'plan', 'status', 'current_period_start', 'current_period_end', 'event_created', 'status_event_created')},
      updated_at = now()
    where id = ${row.id}`;
}

/** The account a Stripe customer is linked to, if any. */
export async function accountOfCustomer(sql: Db, customerId: string): Promise<string | undefined> {
  const [row]: [{ account_id: string }?] =
    await sql`select account_id from subscriptions where stripe_customer_id = ${customerId}`;
  return row?.account_id;
}

/** The account's linked Stripe customer, its subscriptions row locked for the rest of the transaction. */
export async function lockAccountCustomer(sql: Db, accountId: string): Promise<string | null> {
  const [row]: [{ stripe_customer_id: string | null }?] =
    await sql`select stripe_customer_id from subscriptions where account_id = ${accountId} for update`;
  return row?.stripe_customer_id ?? null;
}

/** Whether a Stripe customer has a subscription that still bills or may (active, trialing, past_due). */
export async function hasLiveSubscription(sql: Db, customerId: string): Promise<boolean> {
  const rows = await sql`
    select 1 from stripe_subscriptions where customer_id = ${customerId} and status in ${sql(LIVE_STRIPE_STATUSES)}
    limit 1`;
  return rows.length > 0;
}

/** Links a Stripe customer to an account (the caller has checked the customer is free and no live link is replaced). */
export async function linkStripeCustomer(sql: Db, accountId: string, customerId: string): Promise<void> {
  await sql`
    insert into subscriptions (account_id, stripe_customer_id) values (${accountId}, ${customerId})
    on conflict (account_id) do update set stripe_customer_id = excluded.stripe_customer_id, updated_at = now()`;
}

/** A Checkout session this server created, and for whom. */
export interface CheckoutSessionRow {
  id: string;
  account_id: string;
  plan: string;
  price_id: string;
}

/** Records a Checkout session the server created for an account. */
export async function insertCheckoutSession(sql: Db, row: CheckoutSessionRow): Promise<void> {
  await sql`insert into stripe_checkout_sessions ${sql(row, 'id', 'account_id', 'plan', 'price_id')}`;
}

/** The Checkout session of that id if this server created it; undefined for any other. */
export async function findCheckoutSession(sql: Db, id: string): Promise<CheckoutSessionRow | undefined> {
  const [row]: [CheckoutSessionRow?] =
    await sql`select id, account_id, plan, price_id from stripe_checkout_sessions where id = ${id}`;
  return row;
}

/** Sets (or with null clears) the plan an admin grants an account. */
export async function setPlanOverride(sql: Db, accountId: string, plan: string | null, adminId: string): Promise<void> {
  await sql`
    insert into subscriptions (account_id, plan_override, override_by) values (${accountId}, ${plan}, ${adminId})
    on conflict (account_id) do update set plan_override = excluded.plan_override, override_by = excluded.override_by, updated_at = now()`;
}
