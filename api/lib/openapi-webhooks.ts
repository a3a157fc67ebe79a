import type { OpenAPIHono } from '@hono/zod-openapi';
import { z } from 'zod';
import { webhookEventType, webhookPayload } from '../../src/lib/destinations/webhook.ts';

type OpenAPIRegistry = OpenAPIHono['openAPIRegistry'];

/** The signed headers every webhook delivery carries (Standard Webhooks). */
const signedHeaders = z.object({
  'webhook-id': z.string().describe('msg_ and the delivery id: the same on every retry of a delivery; drop a repeat'),
  'webhook-timestamp': z.string().describe('Unix seconds when this attempt was sent; refuse one too far from now'),
  'webhook-signature': z
    .string()
    .describe(
      'v1, and the base64 HMAC-SHA256 of "{webhook-id}.{webhook-timestamp}.{body}" keyed with the base64-decoded part of the whsec_ secret after its prefix',
    ),
});

const SUMMARIES: Record<z.infer<typeof webhookEventType>, string> = {
  'post.published': 'A post went live (or live again): data is the post.',
  'post.updated': 'A live post changed: data is the post as it is now.',
  'post.unpublished': 'A live post was taken down (or kept off this webhook): data names it (id, slug).',
  'post.deleted': 'A live post was deleted: data names it (id, slug).',
};

/**
 * The events a webhook destination receives (issue 28), as OpenAPI 3.1 `webhooks`: each a signed POST of the JSON
 * payload, retried with exponential backoff on 408, 429 (honouring Retry-After), 5xx and timeouts until a 2xx.
 */
export function registerWebhookEvents(
  registry: OpenAPIRegistry,
  jsonSchema: (schema: z.ZodType) => Record<string, unknown>,
): void {
  for (const type of webhookEventType.options) {
    registry.registerWebhook({
      method: 'post',
      path: type,
      summary: SUMMARIES[type],
      tags: ['Webhooks'],
      request: {
        headers: signedHeaders,
        body: { required: true, content: { 'application/json': { schema: jsonSchema(webhookPayload) } } },
      },
      responses: {
        200: {
          description:
            'Any 2xx: delivered. 408, 429 (Retry-After honoured) and 5xx are tried again with exponential backoff; any other answer fails the delivery with its body as the reason.',
        },
      },
    });
  }
}
