import { Hono } from 'hono';
import { serveStatic } from '@hono/node-server/serve-static';
import { RESPONSE_ALREADY_SENT } from '@hono/node-server/utils/response';
import { existsSync } from 'node:fs';
import { join } from 'node:path';
import { blogHosts } from './blog/handler.ts';
import { NotFoundError } from './lib/errors.ts';
import type { AppDeps, AppEnv } from './lib/hono.ts';
import { requireUser } from './middleware/auth.ts';
import { limitBodies } from './middleware/body.ts';
import { handleError } from './middleware/errors.ts';
import { selectProject } from './middleware/project.ts';
import { refuseUnstorable } from './middleware/storable.ts';
import { BODY_RULES, PUBLIC_API_PREFIXES, registerRoutes } from './routes/index.ts';
import { isUnder } from './lib/route-tables.ts';
import { configurePostRendering } from './services/posts/render.ts';
import { withGalleryLocals } from './services/transcriptions/gallery.ts';
import { contentSecurityPolicy, pageSecurityHeaders } from './site/security-headers.ts';

/** Client-routed sections (the workspace's, and the invite accept page): any deeper path is served that section's prebuilt shell. */
const WORKSPACE_SHELLS = ['/dashboard', '/blogs', '/workflows', '/invite'];

/** Builds the whole HTTP app: JSON API under /api, then the prebuilt site, then Astro's on-demand pages. */
export function createApp(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>({ strict: false });
  app.onError(handleError);
  configurePostRendering(deps.config);
  // Built once from config (the emulator origin, the auth domain) and the site's inline code.
  const csp = contentSecurityPolicy(
    deps.config,
    deps.pageScripts ?? { scripts: [], handlers: [] },
    process.env.FIREBASE_AUTH_EMULATOR_HOST,
  );
  const pageHeaders = Object.entries(pageSecurityHeaders(csp));
  app.use('*', async (c, next) => {
    c.set('deps', deps);
    return next();
  });
  // Blog hosts first: a blog answer never passes through the app's sign-in, cookies or page headers.
  app.use('*', blogHosts());
  app.use('*', async (c, next) => {
    if (!c.req.path.startsWith('/api/')) {
      // On the Node response itself, so they also reach answers Astro writes directly (on-demand pages, the 404).
      const outgoing = c.env?.outgoing;
      for (const [name, value] of pageHeaders) {
        if (outgoing) outgoing.setHeader(name, value);
        else c.header(name, value);
      }
      return next();
    }
    // JSON answers need only nosniff; the full set of browser headers is for pages. Under Node it goes on the
    // response itself: through Hono it would make every answer carry a Headers object (WHATWG validation,
    // sorting) instead of the plain one @hono/node-server writes directly, about 6% of a cached API call's time.
    if (c.env?.outgoing) c.env.outgoing.setHeader('X-Content-Type-Options', 'nosniff');
    else c.header('X-Content-Type-Options', 'nosniff');
    return next();
  });

  const api = new Hono<AppEnv>({ strict: false });
  // Before sign-in, rate limits and any parsing: a body of the wrong type or size is refused unread.
  api.use('/api/*', limitBodies(BODY_RULES));
  // Sign-in is decided before routing, on the path without its trailing slash: a path the routes do not know needs it
  // too, so nothing about them is told to someone who is not signed in.
  api.use('/api/*', async (c, next) => {
    const path = c.req.path.replace(/\/+$/, '');
    if (PUBLIC_API_PREFIXES.some((prefix) => isUnder(path, prefix))) return next();
    return requireUser(c, async () => {
      await selectProject(c, next);
    });
  });
  // After sign-in (a stranger hears 401, not what is wrong with their input), before every route and schema.
  api.use('/api/*', refuseUnstorable(BODY_RULES));
  registerRoutes(api);
  api.all('/api/*', () => {
    throw new NotFoundError('Not found.');
  });
  app.route('/', api);

  if (deps.clientDir) mountSite(app, deps.clientDir, withGalleryLocals(deps.astroHandler, deps.sql));
  return app;
}

function mountSite(app: Hono<AppEnv>, clientDir: string, astroHandler: AppDeps['astroHandler']): void {
  const staticFiles = serveStatic<AppEnv>({
    root: clientDir,
    precompressed: true,
    onFound: (path, c) => {
      const immutable = path.includes('/_astro/');
      c.header(
        'Cache-Control',
        immutable ? 'public, max-age=31536000, immutable' : 'public, max-age=0, must-revalidate',
      );
    },
  });
  app.on(['GET', 'HEAD'], '*', staticFiles);
  app.on(['GET', 'HEAD'], '*', async (c, next) => {
    const shell = WORKSPACE_SHELLS.find((prefix) => c.req.path.startsWith(`${prefix}/`));
    if (!shell || !existsSync(join(clientDir, shell, 'index.html'))) return next();
    return serveStatic<AppEnv>({
      root: clientDir,
      precompressed: true,
      rewriteRequestPath: () => `${shell}/index.html`,
    })(c, next);
  });
  if (astroHandler) {
    app.all('*', async (c) => {
      await astroHandler(c.env.incoming, c.env.outgoing);
      return RESPONSE_ALREADY_SENT;
    });
  }
}
