import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TokenVerifier } from '../auth/firebase.ts';
import type { Config } from '../config.ts';
import type { Sql } from '../db/sql.ts';
import type { JobQueue } from '../jobs/boss.ts';
import type { Caches } from '../services/caches.ts';
import type { DomainResolver } from '../services/domains/verbs.ts';
import type { PageScripts } from '../site/page-scripts.ts';
import type { PageViewCounter } from '../blog/analytics/counter.ts';
import type { ServiceContext, User } from './context.ts';

/** Long-lived parts the app is built from; tests build their own. */
export interface AppDeps {
  sql: Sql;
  config: Config;
  verifier: TokenVerifier;
  /** Per-process read caches kept true by the change feed. */
  caches: Caches;
  /** The job queue (pg-boss) routes send background work to. */
  jobs?: JobQueue;
  /** Where the prebuilt site lives (dist/client); absent in API-only tests. */
  clientDir?: string;
  /** Astro's Node handler for on-demand pages; absent in API-only tests. */
  astroHandler?: (req: IncomingMessage, res: ServerResponse) => Promise<void>;
  /** Hashes of the site's inline scripts and handlers, for the pages' CSP; absent in API-only tests. */
  pageScripts?: PageScripts;
  /** Counts the hosted blogs' page views (issue 25); absent when BLOG_ANALYTICS is off and in most tests. */
  pageViews?: PageViewCounter;
  /** DNS lookups for custom-domain verification; when absent, DNS_SERVERS' or the system's resolver (tests pass a fake). */
  dns?: DomainResolver;
}

export type AppEnv = {
  Bindings: { incoming: IncomingMessage; outgoing: ServerResponse };
  Variables: {
    deps: AppDeps;
    user: User;
    ctx: ServiceContext;
  };
};
