// The readable API reference (/docs/api) is built from the same route declarations as /api/openapi.json.
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { API_ROUTES } from '../../api/routes/index.ts';

const page = readFileSync(join(process.env.DIST_DIR ?? 'dist', 'client', 'docs', 'api', 'index.html'), 'utf8');
const text = page
  .replace(/<[^>]+>/g, ' ')
  .replace(/&#123;/g, '{')
  .replace(/&#125;/g, '}')
  .replace(/\s+/g, ' ');

describe('the API reference page', () => {
  it('lists every operation of the OpenAPI document with its summary', () => {
    const missing = API_ROUTES.filter((op) => !text.includes(`${op.method.toUpperCase()} ${op.path}`)).map(
      (op) => `${op.method} ${op.path}`,
    );
    expect(missing).toEqual([]);
    expect(text).toContain(
      'Revokes a key (needs a sign-in, not a key); every server refuses it from the next request on.',
    );
  });

  it('lists the webhook events a webhook destination receives, with their signed headers and the post fields', () => {
    for (const event of ['post.published', 'post.updated', 'post.unpublished', 'post.deleted'])
      expect(text).toContain(`POST ${event}`);
    expect(text).toContain('A post went live (or live again): data is the post.');
    for (const header of ['webhook-id', 'webhook-timestamp', 'webhook-signature']) expect(text).toContain(header);
    expect(text).toContain('the same in every event about it');
    expect(page).toContain('id="webhooks"'); // where the signing secret's note links
  });
});
