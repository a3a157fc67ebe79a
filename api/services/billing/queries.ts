import type { Db } from '../../db/sql.ts';

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

/** Links a Stripe customer to the account that checked out (a customer belongs to one account). */
export async function linkStripeCustomer(sql: Db, accountId: string, customerId: string): Promise<void> {
  await sql`update subscriptions set stripe_customer_id = null, updated_at = now() where stripe_customer_id = ${customerId} and account_id <> ${accountId}`;
  await sql`
    insert into subscriptions (account_id, stripe_customer_id) values (${accountId}, ${customerId})
    on conflict (account_id) do update set stripe_customer_id = excluded.stripe_customer_id, updated_at = now()`;
}

/** Sets (or with null clears) the plan an admin grants an account. */
export async function setPlanOverride(sql: Db, accountId: string, plan: string | null, adminId: string): Promise<void> {
  await sql`
    insert into subscriptions (account_id, plan_override, override_by) values (${accountId}, ${plan}, ${adminId})
    on conflict (account_id) do update set plan_override = excluded.plan_override, override_by = excluded.override_by, updated_at = now()`;
}
