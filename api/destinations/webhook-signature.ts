// Standard Webhooks (https://www.standardwebhooks.com): the signature every webhook delivery carries, so a receiver
// can check it came from this Inkpilot and was not replayed (its timestamp is signed too).
import { createHmac, randomBytes } from 'node:crypto';

const PREFIX = 'whsec_';

/** A new signing secret: `whsec_` and 32 random bytes in base64, as the spec's reference libraries take it. */
export function newWebhookSecret(): string {
  return `${PREFIX}${randomBytes(32).toString('base64')}`;
}

/** Whether text is a signing secret this code can sign with. */
export function isWebhookSecret(text: string): boolean {
  if (!text.startsWith(PREFIX)) return false;
  const key = text.slice(PREFIX.length);
  return /^[A-Za-z0-9+/]+={0,2}$/.test(key) && Buffer.from(key, 'base64').length >= 24;
}

/**
 * `webhook-signature`: `v1,` and the base64 HMAC-SHA256 of `{webhook-id}.{webhook-timestamp}.{body}` keyed with the
 * secret's base64-decoded bytes (the part after `whsec_`).
 */
export function signWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.startsWith(PREFIX) ? secret.slice(PREFIX.length) : secret, 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
