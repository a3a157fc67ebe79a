import { z } from 'zod';

/** The event types a webhook destination receives (one per change of a post that is or was live). */
export const webhookEventType = z.enum(['post.published', 'post.updated', 'post.unpublished', 'post.deleted']);
export type WebhookEventType = z.infer<typeof webhookEventType>;

/** A post as a webhook delivers it (post.published, post.updated): everything the hosted blog shows. */
export const webhookPost = z.object({
  id: z.uuid().describe("Inkpilot's id of the post: the same in every event about it"),
  title: z.string(),
  slug: z.string(),
  url: z.string().nullable().describe('The post on the hosted blog'),
  canonical_url: z.string().nullable().describe('The address search engines should treat as the original'),
  html: z.string().describe('The body as sanitised HTML, image addresses absolute'),
  markdown: z.string(),
  excerpt: z.string(),
  meta_title: z.string(),
  meta_description: z.string(),
  tags: z.array(z.string()),
  keywords: z.array(z.string()).describe('The target keyword first'),
  lang: z.string(),
  cover_image_url: z.string().nullable(),
  cover_image_alt: z.string(),
  published_at: z.string().nullable(),
  updated_at: z.string(),
});

/** What post.unpublished and post.deleted carry: which post. */
export const webhookPostRef = z.object({ id: z.uuid(), slug: z.string() });

/**
 * The JSON body of every webhook delivery (Standard Webhooks: `type`, `timestamp`, `data`), signed in the
 * `webhook-id`, `webhook-timestamp` and `webhook-signature` headers.
 */
export const webhookPayload = z.object({
  type: webhookEventType,
  timestamp: z.string().describe('When the change happened (ISO 8601); webhook-timestamp is when this send was made'),
  data: z.union([webhookPost, webhookPostRef]),
});
export type WebhookPayload = z.infer<typeof webhookPayload>;

/** The body "Test connection" sends (signed with a one-off secret unless the destination is saved). */
export const webhookTestPayload = z.object({
  type: z.literal('webhook.test'),
  timestamp: z.string(),
  data: z.object({ message: z.string() }),
});
