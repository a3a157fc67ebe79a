// Issue 23: each /api route is declared once; the paths that answer without sign-in and the body rules are read
// from the declarations (api/lib/route-tables.ts), not kept as lists of their own.
import { z } from 'zod';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config.ts';
import { type ApiRoute, defineRoute } from '../../api/lib/route.ts';
import { bodyRules, publicPrefixes } from '../../api/lib/route-tables.ts';
import { API_ROUTES, BODY_RULES, PUBLIC_API_PREFIXES } from '../../api/routes/index.ts';

const route = (fields: Partial<ApiRoute> & Pick<ApiRoute, 'method' | 'path'>): ApiRoute =>
  defineRoute({ tag: 't', summary: 's', responses: {}, handler: (c) => c.body(null), ...fields });

describe('the public paths', () => {
  it('are the public routes, each up to its first parameter', () => {
    expect([...PUBLIC_API_PREFIXES].sort()).toEqual(
      [
        '/api/health',
        '/api/public-config',
        '/api/reels/transcribe',
        '/api/insta-transcriptions',
        '/api/openapi.json',
        '/api/billing/stripe/webhook',
        '/api/media',
        '/api/domains/allowed',
      ].sort(),
    );
  });

  it('follow a route declared public, and refuse a signed-in route under a public one', () => {
    const open = route({ method: 'get', path: '/api/gallery/{slug}', public: true });
    const closed = route({ method: 'post', path: '/api/gallery/{slug}/like' });

    expect(publicPrefixes([open])).toEqual(['/api/gallery']);
    expect(() => publicPrefixes([open, closed])).toThrow(/needs sign-in but lies under public \/api\/gallery/);
  });
});

describe('the body rules', () => {
  it('are the upload (multipart, UPLOAD_MAX_BYTES) and the raw Stripe webhook; every other body is small JSON', () => {
    const config = loadConfig({ NODE_ENV: 'test', API_BODY_MAX_BYTES: '2048', UPLOAD_MAX_BYTES: '8192' });

    const rules = BODY_RULES.map(({ maxBytes, ...rule }) => ({ ...rule, max: maxBytes(config) }));

    expect(rules).toEqual([
      { method: 'POST', path: '/api/prompts/generate-and-save-guide', type: 'multipart/form-data', max: 8192 },
      { method: 'POST', path: '/api/billing/stripe/webhook', type: 'application/json', raw: true, max: 2048 },
    ]);
  });

  it('follow what a route declares: a form, a raw body, or a limit of its own', () => {
    const form = route({ method: 'post', path: '/api/upload', body: z.object({}), bodyKind: 'form' });
    const big = route({ method: 'put', path: '/api/import', body: z.object({}), maxBytes: () => 7 });
    const json = route({ method: 'post', path: '/api/note', body: z.object({}) });

    expect(bodyRules([form, big, json]).map((rule) => `${rule.method} ${rule.path} ${rule.type}`)).toEqual([
      'POST /api/upload multipart/form-data',
      'PUT /api/import application/json',
    ]);
  });
});

describe('the declarations', () => {
  it('name each method and path once', () => {
    const keys = API_ROUTES.map((declared) => `${declared.method} ${declared.path}`);

    expect(keys.filter((key, index) => keys.indexOf(key) !== index)).toEqual([]);
  });
});
