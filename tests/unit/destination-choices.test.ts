// What the destination form asks the user to choose after Test connection (SettingChoices.tsx): a place the remote
// listed and the form does not hold yet (Webflow's collection, Shopify's blog), else fields that fit; nothing to choose
// for a refusal (wrong token, missing scope: those carry the remote's words) or a success.
import { describe, expect, it } from 'vitest';
import type { ConnectionCheckResult, DestinationField } from '../../src/lib/api/destinations.ts';
import { toChoose } from '../../src/islands/workspace/destinations/SettingChoices.tsx';

const field = (name: string, title: string): DestinationField =>
  ({
    name,
    title,
    description: '',
    type: 'text',
    required: false,
    secret: false,
    generated: false,
  }) as DestinationField;
const webflow = [
  field('site_id', 'Site ID'),
  field('collection_id', 'Collection ID'),
  field('body_field', 'Body field'),
];
const shopify = [field('store_domain', 'Store address'), field('blog_id', 'Blog ID')];
const check = (fields: Partial<ConnectionCheckResult>): ConnectionCheckResult => ({
  ok: false,
  message: '…',
  ...fields,
});
const blogs = { blog_id: [{ value: 'gid://shopify/Blog/1', label: 'News' }] };

describe('what Test connection leaves to choose', () => {
  it('the collection or the blog the remote listed, until one it lists is chosen', () => {
    const collections = { collection_id: [{ value: 'a'.repeat(24), label: 'Blog Posts' }] };
    expect(toChoose(check({ choices: collections }), webflow, {})).toBe('the collection');
    expect(toChoose(check({ choices: blogs }), shopify, { blog_id: 'gid://shopify/Blog/9' })).toBe('the blog');
    expect(toChoose(check({ choices: blogs }), shopify, { blog_id: 'gid://shopify/Blog/1' })).toBe('');
  });

  it('fields that fit, when the collection is chosen but its fields do not fit', () => {
    const listed = {
      collection_id: [{ value: 'a'.repeat(24), label: 'Case Studies' }],
      body_field: [{ value: 'story', label: 'Story (RichText)' }],
    };
    expect(toChoose(check({ choices: listed }), webflow, { collection_id: 'a'.repeat(24) })).toBe(
      'fields of the collection that fit',
    );
  });

  it('nothing for a success, a refusal in the remote’s words, or a check without choices', () => {
    expect(toChoose({ ok: true, message: 'Connected', choices: blogs }, shopify, {})).toBeNull();
    expect(toChoose(check({ choices: blogs, remote_message: 'Granted scopes: read_content' }), shopify, {})).toBeNull();
    expect(toChoose(check({}), shopify, {})).toBeNull();
  });
});
