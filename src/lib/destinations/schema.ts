import { z } from 'zod';

/** The kinds of publishing destination (the server offers those it has an adapter for: GET /api/destinations/kinds). */
export const destinationKind = z.enum(['wordpress', 'ghost', 'webflow', 'shopify', 'webhook']);
export type DestinationKind = z.infer<typeof destinationKind>;

/** Which page search engines are told is the original of a post published to a destination. */
export const canonicalChoice = z.enum(['blog', 'destination']);

/** A project's publishing destination as the API shows it: its settings without any secret, and which secrets are set. */
export const destination = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  kind: destinationKind,
  kind_label: z.string(),
  name: z.string(),
  settings: z.record(z.string(), z.unknown()).describe('What was entered, secrets left out'),
  secrets_set: z.array(z.string()).describe('The secret settings that hold a value (never returned)'),
  canonical: canonicalChoice,
  enabled: z.boolean(),
  created_at: z.string(),
  updated_at: z.string(),
});
export type Destination = z.infer<typeof destination>;

/** A destination just saved, with the secrets the server made for it, shown this once (a webhook's signing secret). */
export const savedDestination = destination.extend({
  revealed_secrets: z
    .record(z.string(), z.string())
    .describe('Secrets made by the server (a webhook signing secret): shown once, never again'),
});
export type SavedDestination = z.infer<typeof savedDestination>;

/** One setting of a kind, as its form shows it. */
export const destinationField = z.object({
  name: z.string(),
  title: z.string(),
  description: z.string(),
  type: z.enum(['text', 'url', 'password']),
  required: z.boolean(),
  secret: z.boolean(),
  /** Made by the server (not typed): shown once after saving. */
  generated: z.boolean(),
});
export type DestinationField = z.infer<typeof destinationField>;

export const destinationKindInfo = z.object({
  kind: destinationKind,
  label: z.string(),
  fields: z.array(destinationField),
});
export type DestinationKindInfo = z.infer<typeof destinationKindInfo>;

/** What "Test connection" found: ok, or the remote's own words. */
export const connectionCheck = z.object({
  ok: z.boolean(),
  message: z.string(),
  remote_message: z.string().optional(),
  details: z.record(z.string(), z.string()).optional(),
  choices: z
    .record(z.string(), z.array(z.object({ value: z.string(), label: z.string() })))
    .optional()
    .describe('Per setting, the values the remote offers (Webflow collections and fields, Shopify blogs)'),
});
export type ConnectionCheckResult = z.infer<typeof connectionCheck>;

export const deliveryState = z.enum(['pending', 'delivering', 'delivered', 'failed', 'skipped']);
export type DeliveryState = z.infer<typeof deliveryState>;

/** One line of a post's delivery log: one change sent to one destination (or to IndexNow). */
export const delivery = z.object({
  id: z.uuid(),
  destination_id: z.uuid().nullable(),
  /** The destination's name, or IndexNow. */
  target_name: z.string(),
  target_kind: z.string(),
  /** The change: published, updated, unpublished, deleted (or opted_out / opted_in from the editor's switch). */
  event_kind: z.string(),
  action: z.enum(['publish', 'update', 'unpublish', 'submit', 'none']).nullable(),
  state: deliveryState,
  attempts: z.number().int(),
  next_attempt_at: z.string().nullable(),
  last_error: z.string().nullable().describe("Why the last attempt failed, in the remote's words"),
  result: z.string().nullable().describe('What the remote answered (IndexNow), or a note about a delivery that worked'),
  remote_url: z.string().nullable(),
  created_at: z.string(),
  updated_at: z.string(),
  delivered_at: z.string().nullable(),
});
export type Delivery = z.infer<typeof delivery>;

/** Where a post is on one destination of its project. */
export const postDestination = z.object({
  destination_id: z.uuid(),
  name: z.string(),
  kind: destinationKind,
  kind_label: z.string(),
  enabled: z.boolean(),
  canonical: canonicalChoice,
  /** The writer kept this post off this destination. */
  opted_out: z.boolean(),
  live: z.boolean(),
  remote_url: z.string().nullable(),
  /** The state of the latest delivery to it (null: never sent). */
  state: deliveryState.nullable(),
  last_error: z.string().nullable(),
  /** The post was changed on the remote since our last push (its modified time moved). */
  changed_on_remote: z.boolean(),
  remote_modified_at: z.string().nullable(),
  checked_at: z.string().nullable(),
});
export type PostDestination = z.infer<typeof postDestination>;

/** A post's publishing: its destinations (where it is live), its delivery log (newest first) and IndexNow's state. */
export const postPublishing = z.object({
  destinations: z.array(postDestination),
  deliveries: z.array(delivery),
  indexnow: z.object({ enabled: z.boolean(), reason: z.string() }),
});
export type PostPublishing = z.infer<typeof postPublishing>;
