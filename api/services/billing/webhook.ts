import type Stripe from 'stripe';
import type { Config } from '../../config.ts';
import type { Db, Sql } from '../../db/sql.ts';
import { InvalidRequestError, NotFoundError } from '../../lib/errors.ts';
import { findUserByExternalId } from '../users/queries.ts';
import {
  linkStripeCustomer,
  lockStripeSubscription,
  recordStripeEvent,
  saveStripeSubscription,
  type StripeSubscriptionRow,
} from './queries.ts';
import { verifyStripeEvent } from './stripe.ts';

/** A subscription in one of these states never comes back (Stripe makes a new one), so no event may revive it. */
const FINAL_STATUSES = new Set(['canceled', 'incomplete_expired']);

/**
 * Applies one Stripe webhook delivery: the signature is checked over the raw bytes first (400, nothing stored, when
 * it fails or is older than 300 s), each event id is applied once, and every change is ordered by the event's own
 * created time, so deliveries in any order end in the same state.
 */
export async function handleStripeWebhook({
  sql,
  config,
  rawBody,
  signature,
}: {
  sql: Sql;
  config: Config;
  rawBody: Uint8Array;
  signature: string | undefined;
}) {
  const secret = config.STRIPE_WEBHOOK_SECRET;
  if (!secret) throw new NotFoundError('Stripe billing is not configured on this server.');
  if (!signature) throw new InvalidRequestError('Missing Stripe-Signature header.');
  let event: Stripe.Event;
  try {
    event = verifyStripeEvent(rawBody, signature, secret);
  } catch {
    throw new InvalidRequestError('Invalid Stripe signature.');
  }
  const created = new Date(event.created * 1000);
  const applied = await sql.begin(async (tx) => {
    if (!(await recordStripeEvent(tx, { id: event.id, type: event.type, created }))) return false;
    await applyEvent(tx, config, event, created);
    return true;
  });
  return { received: true, duplicate: !applied };
}

async function applyEvent(sql: Db, config: Config, event: Stripe.Event, created: Date): Promise<void> {
  switch (event.type) {
    case 'checkout.session.completed': {
      const session = event.data.object;
      const customer = idOf(session.customer);
      const user = session.client_reference_id
        ? await findUserByExternalId(sql as Sql, session.client_reference_id)
        : undefined;
      if (customer && user) await linkStripeCustomer(sql, user.id, customer);
      return;
    }
    case 'customer.subscription.created':
    case 'customer.subscription.updated':
    case 'customer.subscription.deleted': {
      const subscription = event.data.object;
      const customer = idOf(subscription.customer);
      if (!customer) return;
      const row = await lockStripeSubscription(sql, subscription.id, customer);
      await saveStripeSubscription(
        sql,
        mergeSubscription(row, subscription, event.type === 'customer.subscription.deleted', created, config),
      );
      return;
    }
    case 'invoice.payment_failed': {
      const invoice = event.data.object;
      const subscriptionId = invoiceSubscriptionId(invoice);
      const customer = idOf(invoice.customer);
      if (!subscriptionId || !customer) return;
      const row = await lockStripeSubscription(sql, subscriptionId, customer);
      if (FINAL_STATUSES.has(row.status) || created < row.status_event_created) return;
      await saveStripeSubscription(sql, { ...row, status: 'past_due', status_event_created: created });
      return;
    }
    default:
      return; // other events are acknowledged and ignored
  }
}

/** The row after a subscription event: its fields win when the event is not older than what set them last. */
function mergeSubscription(
  row: StripeSubscriptionRow,
  subscription: Stripe.Subscription,
  deleted: boolean,
  created: Date,
  config: Config,
): StripeSubscriptionRow {
  const next = { ...row };
  const item = subscription.items?.data?.[0];
  if (created >= row.event_created) {
    const priceId = item?.price?.id ?? null;
    next.price_id = priceId;
    next.plan = priceId ? (config.STRIPE_PRICE_PLANS[priceId] ?? null) : null;
    const legacy = subscription as unknown as { current_period_start?: number; current_period_end?: number };
    const start = item?.current_period_start ?? legacy.current_period_start;
    const end = item?.current_period_end ?? legacy.current_period_end;
    next.current_period_start = start ? new Date(start * 1000) : null;
    next.current_period_end = end ? new Date(end * 1000) : null;
    next.event_created = created;
  }
  if (!FINAL_STATUSES.has(row.status) && created >= row.status_event_created) {
    next.status = deleted ? 'canceled' : subscription.status;
    next.status_event_created = created;
  }
  return next;
}

function idOf(value: string | { id: string } | null | undefined): string | null {
  if (!value) return null;
  return typeof value === 'string' ? value : value.id;
}

/** The subscription an invoice bills: under parent.subscription_details since API 2025-03, at the top level before. */
function invoiceSubscriptionId(invoice: Stripe.Invoice): string | null {
  const parent = invoice.parent?.subscription_details?.subscription;
  const legacy = (invoice as unknown as { subscription?: string | { id: string } | null }).subscription;
  return idOf(parent ?? legacy ?? null);
}
