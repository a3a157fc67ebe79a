import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { secureHeaders } from 'hono/secure-headers';
import { randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { NotFoundError } from './lib/errors.ts';
import type { AppDeps, AppEnv } from './lib/hono.ts';
import { requireUser } from './middleware/auth.ts';
import { handleError } from './middleware/errors.ts';
import { selectProject } from './middleware/project.ts';
import { PUBLIC_API_PREFIXES, registerRoutes } from './routes/index.ts';
import { withGalleryLocals } from './services/transcriptions/gallery.ts';

/** Client-routed workspace sections: any deeper path is served that section's prebuilt shell. */
const WORKSPACE_SHELLS = ['/dashboard', '/blogs', '/workflows'];

/** Builds the whole HTTP app: JSON API under /api, then the prebuilt site, then Astro's on-demand pages. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  app.onError(handleError);
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    c.set('requestId', c.req.header('x-request-id')?.slice(0, 64) || randomUUID());
    await next();
  });
  const pageHeaders = secureHeaders({ crossOriginOpenerPolicy: 'same-origin-allow-popups', crossOriginResourcePolicy: false });
  app.use('*', async (c, next) => {
    // JSON answers need only nosniff; the full set of browser headers is for pages.
    // Set before next(): a header added after the answer is built makes Hono copy the Response, which costs the
    // node adapter its fast path on every API call.
    if (c.req.path.startsWith('/api/')) {
      c.header('X-Content-Type-Options', 'nosniff');
      return next();
    }
    return pageHeaders(c, next);
  });

  const api = new Hono<AppEnv>({ strict: false });
  api.use('*', async (c, next) => {
    const path = c.req.path.replace(/\/+$/, '');
    if (PUBLIC_API_PREFIXES.some((prefix) => path === prefix || path.startsWith(`${prefix}/`))) return next();
    return requireUser(c, async () => {
      await selectProject(c, next);
    });
  });
  registerRoutes(api);
  api.all('*', () => {
    throw new NotFoundError('Not found.');
  });
  app.route('/api', api);

  if (deps.clientDir) mountSite(app, deps.clientDir, withGalleryLocals(deps.astroHandler, deps.sql));
  return app;
}

function mountSite(app: Hono<AppEnv>, clientDir: string, astroHandler: AppDeps['astroHandler']): void {
  const staticFiles = serveStatic<AppEnv>({
    root: clientDir,
    precompressed: true,
    onFound: (path, c) => {
      const immutable = path.includes('/_astro/');
      c.header('Cache-Control', immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate');
    },
  });
  app.on(['GET', 'HEAD'], '*', staticFiles);
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const shell = WORKSPACE_SHELLS.find((prefix) => c.req.path.startsWith(`${prefix}/`));
    if (!shell || !existsSync(join(clientDir, shell, 'index.html'))) return next();
    return serveStatic<AppEnv>({ root: clientDir, precompressed: true, rewriteRequestPath: () => `${shell}/index.html` })(c, next);
  });
  if (astroHandler) {
    app.all('*', async (c) => {
      await astroHandler(c.env.incoming, c.env.outgoing);
      return RESPONSE_ALREADY_SENT;
    });
  }
}
