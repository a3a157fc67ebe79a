import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import { nodeRequestHost, serveCachedBlogPage } from './blog/handler.ts';
import { isAppHost } from './blog/sites.ts';
import type { AppDeps } from './lib/hono.ts';
import { IMPERSONATOR_CLAIM } from './services/admin/impersonator.ts';
import { isApiKey } from './services/api-keys/secret.ts';
import { cachedUserFor } from './services/users/resolve.ts';
import { presentUser } from './services/users/present.ts';

/**
 * The two reads every workspace page starts with, GET /api/users/me and GET /api/projects, answered before Hono
 * builds anything for the request when everything they need is already in this process's caches: the ID token
 * verified before (and not expired), its user cached and current for it (cachedUserFor: exactly the case where
 * resolveUser hands over the cached row untouched), and for the project list the user's list cached. The answer is
 * the one the routes give (same body, status and headers). Anything else goes the full way and the routes decide:
 * an API key, an impersonation session (its requests are audited), an X-Project-ID header (checked against the
 * membership), a token or user not cached yet, a query string, a blog host. The change feed keeps the caches true,
 * so this serves nothing the full path would not. About twice the throughput of the full path (docs/decisions.md).
 */
export class SessionReads {
  /** Answers given here (tests and the bench read it). */
  served = 0;
  private readonly texts = new WeakMap<object, string>();
  private readonly deps: Pick<AppDeps, 'caches' | 'config' | 'verifier'>;

  constructor(deps: Pick<AppDeps, 'caches' | 'config' | 'verifier'>) {
    this.deps = deps;
  }

  /** Answers the request and returns true, or returns false having touched nothing. */
  serve(request: IncomingMessage, response: ServerResponse): boolean {
    if (request.method !== 'GET') return false;
    const read = READS.get(request.url ?? '');
    if (!read) return false;
    const headers = request.headers;
    if (headers['x-project-id'] !== undefined) return false;
    const credential = BEARER.exec(headers.authorization ?? '')?.[1];
    if (!credential || isApiKey(credential)) return false;
    const { caches, config, verifier } = this.deps;
    const token = verifier.peek(credential);
    if (!token || token[IMPERSONATOR_CLAIM] !== undefined) return false;
    if (!isAppHost(nodeRequestHost(request, config.TRUSTED_PROXIES), config)) return false;
    const user = cachedUserFor(token, caches, config);
    if (!user) return false;
    // Cached rows are replaced, never changed, on a change: their JSON is kept beside them for as long as they live.
    const source = read === 'me' ? user : caches.projectLists.peek(user.id);
    if (source === undefined) return false;
    let text = this.texts.get(source);
    if (text === undefined) {
      text = JSON.stringify(read === 'me' ? presentUser(user) : source);
      this.texts.set(source, text);
    }
    response.writeHead(200, {
      'X-Content-Type-Options': 'nosniff',
      'Content-Type': 'application/json',
      'Content-Length': Buffer.byteLength(text),
    });
    response.end(text);
    this.served++;
    return true;
  }
}

const BEARER = /^Bearer\s+(\S+)$/i;

/** The paths served here (the routes take them with or without the trailing slash); no query string. */
const READS = new Map<string, 'me' | 'projects'>([
  ['/api/users/me', 'me'],
  ['/api/users/me/', 'me'],
  ['/api/projects', 'projects'],
  ['/api/projects/', 'projects'],
]);

/**
 * The Node server @hono/node-server is to create (its `createServer` option): cached blog pages first
 * (api/blog/handler.ts), then the session's cached reads, then the app for everything else.
 */
export function withFastPaths(deps: AppDeps, reads: SessionReads): typeof createServer {
  return ((options: object, listener: (request: IncomingMessage, response: ServerResponse) => void) =>
    createServer(options, (request, response) => {
      if (!serveCachedBlogPage(deps, request, response) && !reads.serve(request, response)) listener(request, response);
    })) as typeof createServer;
}
