import { serve } from '@hono/node-server';
import { existsSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { createApp } from './app.ts';
import { SessionReads, withFastPaths } from './session-reads.ts';
import { PageViewCounter, sqlViewStore } from './blog/analytics/counter.ts';
import { createTokenVerifier } from './auth/firebase.ts';
import { loadConfig } from './config.ts';
import { openChangeFeed } from './db/change-feed.ts';
import { migrate } from './db/migrate.ts';
import { createSql } from './db/sql.ts';
import { startJobs } from './jobs/boss.ts';
import { WORKERS } from './jobs/registry.ts';
import type { AppDeps } from './lib/hono.ts';
import { createCaches } from './services/caches.ts';
import { loadDotEnv } from './runtime/dotenv.ts';
import { whenNpmParentGone } from './runtime/parent-watch.ts';
import { startBackingServices } from './runtime/services.ts';
import { collectPageScripts } from './site/page-scripts.ts';

const log = (line: string) => console.log(`[inkpilot] ${line}`);
const root = fileURLToPath(new URL('../', import.meta.url));

/** Process entry: config → backing services → migrations → jobs → app → listen; stops everything on a signal. */
async function main(): Promise<void> {
  loadDotEnv();
  const config = loadConfig();
  let stopping = false;
  const cleanups: (() => Promise<unknown>)[] = [];
  const shutdown = async (signal: string, code = 0) => {
    if (stopping) {
      // A second Ctrl+C (or SIGTERM) while stopping: leave at once; the watchdog stops Postgres and the emulator.
      if (signal === 'SIGINT' || signal === 'SIGTERM') {
        log(`${signal} again: exiting now`);
        process.exit(130);
      }
      return;
    }
    stopping = true;
    log(`${signal}: stopping`);
    for (const fn of cleanups.reverse()) await fn().catch((error: unknown) => log(`stop failed: ${String(error)}`));
    process.exit(code);
  };
  // This process owns its signals from the first moment, start-up included: a stop that comes while the embedded
  // services start waits for them and stops them in order, so no half-made data folder is left behind.
  process.removeAllListeners('SIGINT');
  process.removeAllListeners('SIGTERM');
  process.on('SIGINT', () => void shutdown('SIGINT'));
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  // Started by scripts/start.mjs over an IPC channel: if that parent goes (even by SIGKILL), stop as on SIGTERM.
  if (process.channel) {
    process.channel.unref();
    process.on('disconnect', () => void shutdown('parent gone'));
  } else whenNpmParentGone(() => void shutdown('npm stopped'));

  const starting = startBackingServices(config, log);
  cleanups.push(() =>
    starting.then(
      (backing) => backing.stop(),
      () => undefined,
    ),
  );
  try {
    const backing = await starting;
    if (stopping) return;
    const sql = createSql(backing.databaseUrl, config.DATABASE_POOL_MAX);
    cleanups.push(() => sql.end({ timeout: 5 }));
    await migrate(sql, log);
    if (stopping) return;
    const jobs = await startJobs({
      databaseUrl: backing.databaseUrl,
      work: config.RUN_WORKERS,
      sql,
      config,
      log,
      workers: WORKERS,
    });
    cleanups.push(jobs.stop);
    if (stopping) return;
    const feed = openChangeFeed(backing.databaseUrl, log);
    cleanups.push(feed.stop);
    await feed.ready;
    if (stopping) return;
    // Page views are written in batches; stopping writes what is held (before the pool closes: pushed after it).
    const pageViews = config.BLOG_ANALYTICS
      ? new PageViewCounter({
          store: sqlViewStore(sql),
          countryHeaders: config.BLOG_ANALYTICS_COUNTRY_HEADERS,
          log,
        })
      : undefined;
    if (pageViews) {
      await pageViews.start();
      cleanups.push(async () => {
        await pageViews.stop();
        const { counted, ...refused } = pageViews.tally;
        log(`blog page views: ${counted} counted; not counted: ${JSON.stringify(refused)}`);
      });
    }
    const deps: AppDeps = {
      sql,
      config,
      verifier: createTokenVerifier(config, backing.authEmulatorHost),
      caches: createCaches(feed),
      jobs,
      ...(pageViews ? { pageViews } : {}),
      ...(await loadSite()),
    };
    const app = createApp(deps);
    // Cached blog pages and the session's cached reads are answered before Hono builds anything for the request.
    const withBlogFastPath = withFastPaths(deps, new SessionReads(deps));
    const server = serve(
      { fetch: app.fetch, port: config.PORT, hostname: config.HOST, createServer: withBlogFastPath },
      () => {
        log(`ready: http://${config.HOST === '0.0.0.0' ? 'localhost' : config.HOST}:${config.PORT}`);
      },
    );
    server.on('error', (error) => {
      log(`could not listen on ${config.HOST}:${config.PORT}: ${error.message}. Set PORT to a free port.`);
      void shutdown('listen failure', 1);
    });
    cleanups.push(
      () =>
        new Promise((done) => {
          server.close(() => done(undefined));
          if ('closeAllConnections' in server) server.closeAllConnections();
        }),
    );
  } catch (error) {
    log(error instanceof Error ? error.message : String(error));
    await shutdown('startup failure', 1);
  }
}

/** The prebuilt site and Astro's handler for on-demand pages, when a build exists. */
async function loadSite(): Promise<Pick<AppDeps, 'clientDir' | 'astroHandler' | 'pageScripts'>> {
  const dist = resolve(root, process.env.DIST_DIR ?? 'dist');
  const entry = join(dist, 'server/entry.mjs');
  if (!existsSync(entry)) {
    log('no site build found (dist/); serving the API only. Run npm run build.');
    return {};
  }
  const { handler } = (await import(pathToFileURL(entry).href)) as { handler: NonNullable<AppDeps['astroHandler']> };
  return { clientDir: join(dist, 'client'), astroHandler: handler, pageScripts: collectPageScripts(dist) };
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
