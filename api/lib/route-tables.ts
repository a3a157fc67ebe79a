import type { Config } from '../config.ts';
import type { BodyRule } from '../middleware/body.ts';
import type { ApiRoute } from './route.ts';

/** The part of a path before its first parameter: /api/media/{id} → /api/media. */
function staticPrefix(path: string): string {
  const at = path.indexOf('/{');
  return at === -1 ? path : path.slice(0, at);
}

/**
 * The paths under /api that answer without sign-in, from the routes declared public: each public route's path up to
 * its first parameter. The sign-in check runs before routing, on the path without its trailing slash, so a path under
 * one of these is public whatever follows; a signed-in route under a public prefix would be exposed, and is refused.
 */
export function publicPrefixes(routes: readonly ApiRoute[]): string[] {
  const all = new Set(routes.filter((route) => route.public).map((route) => staticPrefix(route.path)));
  // A prefix under another one adds nothing (/api/insta-transcriptions/tags under /api/insta-transcriptions).
  const prefixes = [...all].filter((prefix) => ![...all].some((other) => other !== prefix && isUnder(prefix, other)));
  for (const route of routes) {
    const exposedBy = !route.public && prefixes.find((prefix) => isUnder(route.path, prefix));
    if (exposedBy) throw new Error(`${route.method} ${route.path} needs sign-in but lies under public ${exposedBy}`);
  }
  return prefixes;
}

/** Whether a path (without its trailing slash) is one of the prefixes or under one. */
export function isUnder(path: string, prefix: string): boolean {
  return path === prefix || path.startsWith(`${prefix}/`);
}

const jsonLimit = (config: Config) => config.API_BODY_MAX_BYTES;
const uploadLimit = (config: Config) => config.UPLOAD_MAX_BYTES;

/**
 * The body rules of the routes whose body is not small JSON: a form (multipart, up to UPLOAD_MAX_BYTES unless the
 * route says otherwise), a raw body, or a JSON body with its own limit. Every other /api body must be
 * application/json within API_BODY_MAX_BYTES.
 */
export function bodyRules(routes: readonly ApiRoute[]): BodyRule[] {
  return routes
    .filter((route) => route.bodyKind === 'form' || route.bodyKind === 'raw' || route.maxBytes)
    .map((route) => {
      if (route.path.includes('{')) throw new Error(`${route.path}: a body rule needs a path without parameters`);
      const form = route.bodyKind === 'form';
      return {
        method: route.method.toUpperCase(),
        path: route.path,
        type: form ? 'multipart/form-data' : 'application/json',
        maxBytes: route.maxBytes ?? (form ? uploadLimit : jsonLimit),
        ...(route.bodyKind === 'raw' ? { raw: true } : {}),
      };
    });
}
