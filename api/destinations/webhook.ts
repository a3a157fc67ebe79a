import { randomUUID } from 'node:crypto';
import { z } from 'zod';
import type { WebhookEventType } from '../../src/lib/destinations/webhook.ts';
import { ensureOk, excerpt, send } from './remote.ts';
import type { DeliveryContext, DestinationAdapter, DestinationIo, OutgoingPost } from './types.ts';
import { isWebhookSecret, newWebhookSecret, signWebhook } from './webhook-signature.ts';

const settings = z.object({
  url: z
    .url({
      protocol: /^https?$/,
      error: 'Enter the address your endpoint receives webhooks at, like https://example.com/hooks.',
    })
    .max(2000)
    .meta({ title: 'Endpoint URL', description: 'Where each change is POSTed as signed JSON (Standard Webhooks).' }),
  signing_secret: z
    .string()
    .refine(isWebhookSecret, { error: 'A signing secret is whsec_ followed by base64.' })
    .meta({ title: 'Signing secret', description: 'Made by Inkpilot and shown once when the webhook is saved.' }),
});

type Settings = z.infer<typeof settings>;

const SERVICE = 'The webhook endpoint';

const TYPES: Record<DeliveryContext['event'], WebhookEventType> = {
  published: 'post.published',
  updated: 'post.updated',
  unpublished: 'post.unpublished',
  deleted: 'post.deleted',
};

/** The post's fields a webhook carries. */
function postData(post: OutgoingPost) {
  return {
    id: post.id,
    title: post.title,
    slug: post.slug,
    url: post.blog_url,
    canonical_url: post.canonical_url,
    html: post.html,
    markdown: post.markdown,
    excerpt: post.excerpt,
    meta_title: post.meta_title,
    meta_description: post.meta_description,
    tags: post.tags,
    keywords: post.keywords,
    lang: post.lang,
    cover_image_url: post.cover?.url ?? null,
    cover_image_alt: post.cover?.alt ?? '',
    published_at: post.published_at,
    updated_at: post.updated_at,
  };
}

/** POSTs one signed message; 2xx is delivered, 408/429/5xx and timeouts are tried again, other answers are final. */
async function deliver(io: DestinationIo, site: Settings, id: string, body: string): Promise<void> {
  const timestamp = Math.floor(io.now().getTime() / 1000);
  const answer = await send(io, SERVICE, site.url, {
    method: 'POST',
    headers: {
      'content-type': 'application/json',
      'webhook-id': id,
      'webhook-timestamp': String(timestamp),
      'webhook-signature': signWebhook(site.signing_secret, id, timestamp, body),
    },
    body,
  });
  ensureOk(answer, SERVICE, excerpt(answer.text), io.now());
}

/** The delivery this call makes, or a one-off one for a call made outside the delivery job. */
const contextOf = (delivery: DeliveryContext | undefined, event: DeliveryContext['event'], now: Date) =>
  delivery ?? { id: randomUUID(), event, at: now.toISOString() };

/** A generic webhook signed per Standard Webhooks: one message per change, retried with backoff (issue 28). */
export const webhook: DestinationAdapter<typeof settings> = {
  kind: 'webhook',
  label: 'Webhook',
  settings,
  secrets: ['signing_secret'],
  generated: { signing_secret: newWebhookSecret },
  messages: true,

  async test({ settings: site, io }) {
    const body = JSON.stringify({
      type: 'webhook.test',
      timestamp: io.now().toISOString(),
      data: { message: 'Inkpilot is checking that this endpoint receives its webhooks.' },
    });
    try {
      await deliver(io, site, `msg_test_${randomUUID()}`, body);
    } catch (error) {
      const remote = (error as { remoteMessage?: string }).remoteMessage;
      return {
        ok: false,
        message: error instanceof Error ? error.message : String(error),
        ...(remote ? { remote_message: remote } : {}),
      };
    }
    return { ok: true, message: `${new URL(site.url).host} accepted a signed test event (webhook.test).` };
  },

  async publish({ settings: site, post, io, delivery }) {
    const { id, event, at } = contextOf(delivery, 'published', io.now());
    const body = JSON.stringify({ type: TYPES[event], timestamp: at, data: postData(post) });
    await deliver(io, site, `msg_${id}`, body);
    return { remote_id: post.id, url: null, modified_at: null };
  },

  update: (args) => webhook.publish({ ...args, delivery: contextOf(args.delivery, 'updated', args.io.now()) }),

  async unpublish({ settings: site, remote_id, post, io, delivery }) {
    const { id, event, at } = contextOf(delivery, 'unpublished', io.now());
    const data = { id: post?.id ?? remote_id, slug: post?.slug ?? '' };
    await deliver(io, site, `msg_${id}`, JSON.stringify({ type: TYPES[event], timestamp: at, data }));
  },
};
