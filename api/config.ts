import { z } from 'zod';
import { Resolver } from 'node:dns';
import { parseProxyRange } from './lib/client-address.ts';

const list = z
  .string()
  .default('')
  .transform((value) =>
    value
      .split(',')
      .map((item) => item.trim().toLowerCase())
      .filter(Boolean),
  );

const port = (fallback: number) => z.coerce.number().int().min(1).max(65535).default(fallback);
const optionalUrl = z.url().optional();
const optionalText = z.string().min(1).optional();
const perHour = (fallback: number, description: string) =>
  z.coerce.number().int().min(1).max(1_000_000_000).default(fallback).describe(description);

/** The plans Stripe sells, and how often they bill. */
export type PaidPlan = 'starter' | 'pro' | 'scale';
export type BillingPeriod = 'monthly' | 'annually';

/** Every setting the server reads, with its default; one schema so a bad value stops start-up by name. */
export const configSchema = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  HOST: z.string().default('127.0.0.1').describe('Interface the server binds to'),
  PORT: port(4321).describe('Port for site + API'),
  SITE_URL: z.url().default('https://inkpilot.app').describe('Public origin used in canonical URLs'),
  BLOG_BASE_URL: z
    .url()
    .refine((value) => /^https?:\/\/[a-z0-9.-]+(:\d+)?\/?$/.test(value), {
      error: 'must be an origin like https://blogs.example.com',
    })
    .optional()
    .describe(
      'Origin under which each project blog gets a subdomain ({slug}.<host>); default http://blogs.localhost:<PORT>',
    ),
  APP_HOSTS: list
    .refine((hosts) => hosts.every((host) => /^[a-z0-9]([a-z0-9.-]*[a-z0-9])?$/.test(host)), {
      error: 'must be comma-separated host names without scheme or port, like app.example.com,inkpilot.internal',
    })
    .describe(
      "More host names the app answers on, besides SITE_URL's host, localhost and IP addresses; any other host that is not a blog gets 404",
    ),
  BLOG_ANALYTICS: z
    .stringbool()
    .default(true)
    .describe('Count the hosted blogs’ page views on the server (no cookie, no script, no address stored)'),
  BLOG_ANALYTICS_COUNTRY_HEADERS: z
    .string()
    .default('cf-ipcountry,x-country-code')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim().toLowerCase())
        .filter(Boolean),
    )
    .refine((names) => names.every((name) => /^[a-z0-9-]+$/.test(name)), {
      error: 'must be comma-separated header names, like cf-ipcountry,x-country-code (or empty for none)',
    })
    .describe(
      'Request headers that carry the reader’s country code (set by your CDN or proxy), first one present wins',
    ),
  DATA_DIR: z.string().default('.data').describe('Where embedded services keep their data'),
  RUN_WORKERS: z
    .stringbool()
    .default(true)
    .describe('Run job workers inside the web process (false when npm run worker runs them)'),
  JOBS_QUEUE_PREFIX: z
    .string()
    .regex(/^[\w.-]*$/)
    .default('')
    .describe('Prefix of job queue names, so several deployments can share one database'),
  JOBS_SUPERVISE_SECONDS: z.coerce
    .number()
    .int()
    .min(1)
    .max(600)
    .default(30)
    .describe('How often silent or expired jobs are found and retried'),

  DATABASE_URL: optionalUrl.describe('External PostgreSQL; when unset an embedded one is started'),
  EMBEDDED_PG_PORT: port(54329),
  DATABASE_POOL_MAX: z.coerce.number().int().min(1).max(200).default(10),

  API_BODY_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(1024 * 1024)
    .describe('Largest JSON request body /api reads (413 beyond)'),
  RENDER_TIME_LIMIT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(60_000)
    .default(2000)
    .describe(
      "Longest a post's markdown may take to render (in a worker thread, off the event loop); longer is refused with 422",
    ),
  UPLOAD_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(10 * 1024 * 1024)
    .describe('Largest body of a route that accepts uploads (multipart)'),

  FIREBASE_PROJECT_ID: optionalText.describe('Firebase project; when unset the Auth emulator is started'),
  FIREBASE_API_KEY: optionalText,
  FIREBASE_AUTH_DOMAIN: optionalText,
  FIREBASE_APP_ID: optionalText,
  FIREBASE_SERVICE_ACCOUNT: optionalText.describe('Service-account JSON (or a path to it)'),
  FIREBASE_AUTH_EMULATOR_HOST: optionalText.describe('host:port of an already running Auth emulator'),
  AUTH_EMULATOR_PORT: port(9099),

  ADMIN_EMAILS: list,
  SUPERUSER_EMAILS: list,
  INVITE_SIGNING_SECRET: z
    .string()
    .min(32, { error: 'must be at least 32 characters' })
    .optional()
    .describe('Key that signs invite links; unset: one the server makes once and keeps in the database'),
  SECRETS_ENCRYPTION_KEY: z
    .string()
    .min(32, { error: 'must be at least 32 characters' })
    .optional()
    .describe(
      'Key that encrypts stored credentials (publishing destinations, Search Console); unset: one the server makes once and keeps in the database',
    ),

  AI_BASE_URL: optionalUrl,
  AI_API_KEY: optionalText,
  AI_MODEL: optionalText.describe('Model name the AI server knows (required with AI_BASE_URL)'),
  AI_TIMEOUT_MS: z.coerce.number().int().min(100).default(60_000).describe('Time limit of one AI request'),
  AI_MAX_RETRIES: z.coerce
    .number()
    .int()
    .min(0)
    .max(10)
    .default(3)
    .describe('Retries of an AI request on 429/5xx/timeouts'),
  STT_BASE_URL: optionalUrl,
  STT_API_KEY: optionalText,
  STT_MODEL: z.string().default('whisper-1'),

  SEARCH_PROVIDER: z
    .enum(['searxng', 'brave', 'tavily'])
    .optional()
    .describe('Web search for workflows; unset: the search block is skipped'),
  SEARCH_BASE_URL: optionalUrl.describe('SearXNG address (Brave and Tavily have defaults)'),
  SEARCH_API_KEY: optionalText.describe('Brave or Tavily key'),
  IMAGES_BASE_URL: optionalUrl.describe('OpenAI-compatible images server; unset: covers are generated SVGs'),
  IMAGES_API_KEY: optionalText,
  IMAGES_MODEL: optionalText.describe('Images model name (required with IMAGES_BASE_URL)'),
  YOUTUBE_API_KEY: optionalText.describe(
    "YouTube Data API v3 key: the video block searches YouTube; unset, it uses SearXNG's video results or is skipped",
  ),
  YOUTUBE_API_BASE_URL: z
    .url()
    .default('https://www.googleapis.com/youtube/v3')
    .describe('Tests only: where YouTube Data API calls go (a local fake); default YouTube itself'),
  YOUTUBE_THUMBNAIL_BASE_URL: z
    .url()
    .default('https://i.ytimg.com')
    .describe("Tests only: where video thumbnails are fetched from (a local fake); default YouTube's image host"),
  WEBFLOW_API_BASE_URL: z
    .url()
    .default('https://api.webflow.com/v2')
    .describe(
      'Tests only: where Webflow CMS API calls of Webflow destinations go (a local fake); default Webflow itself',
    ),
  WORKFLOW_PROJECT_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(50)
    .default(2)
    .describe('Workflow runs one project may have running at once'),
  WORKFLOW_WORKER_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(100)
    .default(8)
    .describe('Workflow runs one worker process runs at once'),
  WORKFLOW_NODE_RETRIES: z.coerce
    .number()
    .int()
    .min(0)
    .max(10)
    .default(3)
    .describe('Retries of a workflow node whose provider failed'),
  WORKFLOW_RETRY_DELAY_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(2_000)
    .describe('First delay before a node retry (doubles each time)'),

  // Starts of AI-costing work per rolling hour, per user and per project (api/services/throttle/). Generous: real use
  // never meets them; a script or a stuck button does, and gets 429 with Retry-After.
  THROTTLE_GUIDES_PER_USER: perHour(10, 'Style guide generations one user may start in an hour'),
  THROTTLE_GUIDES_PER_PROJECT: perHour(20, 'Style guide generations one project may have started in an hour'),
  THROTTLE_BRAND_PER_USER: perHour(10, 'Website analyses (brand guides) one user may start in an hour'),
  THROTTLE_BRAND_PER_PROJECT: perHour(10, 'Website analyses (brand guides) one project may have started in an hour'),
  THROTTLE_PLANS_PER_USER: perHour(10, '30-day plans one user may start in an hour'),
  THROTTLE_PLANS_PER_PROJECT: perHour(10, '30-day plans one project may have started in an hour'),
  THROTTLE_RUNS_PER_USER: perHour(300, 'Workflow runs (post generations) one user may start in an hour'),
  THROTTLE_RUNS_PER_PROJECT: perHour(120, 'Workflow runs (post generations) one project may have started in an hour'),
  TASK_WORKER_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(50)
    .default(2)
    .describe('Brand and plan tasks one worker process runs at once (each account gets one at a time)'),

  GOOGLE_OAUTH_CLIENT_ID: optionalText.describe(
    'OAuth 2.0 client id (a "Web application" client of a Google Cloud project) for Search Console; unset: not configured',
  ),
  GOOGLE_OAUTH_CLIENT_SECRET: optionalText.describe("The OAuth client's secret (needed with GOOGLE_OAUTH_CLIENT_ID)"),
  GOOGLE_OAUTH_AUTH_URL: z
    .url()
    .default('https://accounts.google.com/o/oauth2/v2/auth')
    .describe("Tests only: Google's authorization (consent) page; default Google's own"),
  GOOGLE_OAUTH_TOKEN_URL: z
    .url()
    .default('https://oauth2.googleapis.com/token')
    .describe("Tests only: Google's token endpoint (code and refresh grants); default Google's own"),
  GOOGLE_OAUTH_REVOKE_URL: z
    .url()
    .default('https://oauth2.googleapis.com/revoke')
    .describe("Tests only: Google's token revocation endpoint; default Google's own"),
  GOOGLE_SEARCH_CONSOLE_API_URL: z
    .url()
    .default('https://searchconsole.googleapis.com')
    .describe('Tests only: where Search Console API calls go (a local fake); default Google itself'),
  SEARCH_CONSOLE_INSPECTIONS_PER_DAY: z.coerce
    .number()
    .int()
    .min(1)
    .max(2000)
    .default(2000)
    .describe("URL Inspection calls per Search Console property per day (Google's quota: 2,000)"),
  SEARCH_CONSOLE_INSPECTIONS_PER_MINUTE: z.coerce
    .number()
    .int()
    .min(1)
    .max(600)
    .default(600)
    .describe("URL Inspection calls per Search Console property per minute (Google's quota: 600)"),

  INSTAGRAM_BASE_URL: z.url().default('https://www.instagram.com'),
  // Exactly "true" or "false": a loose boolean ("yes", "on", "1") must never switch the SSRF guard off by accident.
  FETCH_ALLOW_LOOPBACK: z
    .enum(['true', 'false'], { error: 'must be exactly "true" or "false"' })
    .default('false')
    .transform((value) => value === 'true')
    .describe('Tests only (needs NODE_ENV=test): let the guarded fetch reach 127.0.0.1'),
  TRUSTED_PROXIES: list
    .refine((entries) => entries.every((entry) => parseProxyRange(entry) !== null), {
      error: 'must be comma-separated IP addresses or CIDR ranges, like 10.0.0.0/8,2001:db8::/32',
    })
    .describe('Addresses or CIDR ranges whose X-Forwarded-For and X-Forwarded-Host are believed'),
  TRANSCRIBE_RATE_PER_MINUTE: z.coerce.number().int().min(1).default(5),
  TRANSCRIBE_DAILY_CAP: z.coerce.number().int().min(1).default(500),
  TRANSCRIBE_CLIENT_DAILY_CAP: z.coerce
    .number()
    .int()
    .min(1)
    .default(20)
    .describe('Transcriptions one client (IPv4 address or IPv6 /64) may run per UTC day'),
  TRANSCRIBE_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(64)
    .default(2)
    .describe('Transcriptions this process runs at once; more answer 503'),
  MEDIA_MAX_BYTES: z.coerce
    .number()
    .int()
    .min(1024)
    .default(50 * 1024 * 1024),
  FETCH_TIMEOUT_MS: z.coerce.number().int().min(100).default(20_000),
  DNS_SERVERS: list
    .refine((servers) => servers.every((server) => isDnsServer(server)), {
      error: 'must be comma-separated IP addresses with an optional port, like 1.1.1.1,[2606:4700:4700::1111]:53',
    })
    .describe("DNS servers that custom-domain checks ask (TXT records); unset: the system's resolver"),

  STRIPE_SECRET_KEY: optionalText,
  STRIPE_WEBHOOK_SECRET: optionalText.describe(
    'Signing secret (whsec_...) of the /api/billing/stripe/webhook endpoint',
  ),
  STRIPE_PRICE_PLANS: z
    .string()
    .default('')
    .transform((value) =>
      value
        .split(',')
        .map((item) => item.trim())
        .filter(Boolean),
    )
    .refine((entries) => entries.every((entry) => /^[^:\s]+:(starter|pro|scale)(:(monthly|annually))?$/.test(entry)), {
      error:
        'must be comma-separated price_id:plan or price_id:plan:period entries with plan starter, pro or scale and period monthly or annually, like price_123:starter:monthly,price_456:starter:annually',
    })
    .transform((entries) =>
      Object.fromEntries(
        entries.map((entry) => {
          const [price, plan, period = 'monthly'] = entry.split(':') as [string, PaidPlan, BillingPeriod?];
          return [price, { plan, period }];
        }),
      ),
    )
    .describe('Which Stripe price id is which plan and billing period (monthly when not given)'),
  STRIPE_API_URL: optionalUrl.describe(
    'Where the Stripe SDK sends its calls (tests point it at a local fake); default Stripe itself',
  ),

  // Publishing destinations and IndexNow (issue 28): api/services/deliveries/.
  DELIVERY_TIMEOUT_MS: z.coerce
    .number()
    .int()
    .min(100)
    .max(300_000)
    .default(30_000)
    .describe('Time limit of one call to a publishing destination (WordPress, a webhook, IndexNow…)'),
  DELIVERY_MAX_ATTEMPTS: z.coerce
    .number()
    .int()
    .min(1)
    .max(50)
    .default(10)
    .describe('Attempts at one delivery before it is marked failed (429, 5xx and timeouts are retried)'),
  DELIVERY_RETRY_DELAY_MS: z.coerce
    .number()
    .int()
    .min(10)
    .max(3_600_000)
    .default(30_000)
    .describe('First pause before a delivery is tried again (doubling each time, at most 6 hours; Retry-After wins)'),
  DELIVERY_CONCURRENCY: z.coerce
    .number()
    .int()
    .min(1)
    .max(200)
    .default(16)
    .describe('Calls to publishing destinations one worker process makes at once'),
  INDEXNOW_ENDPOINT: optionalUrl.describe(
    'Where IndexNow submissions go; unset: https://api.indexnow.org/indexnow, only when SITE_URL and the blog are on public hosts',
  ),

  GTM_ID: optionalText.describe('Google Tag Manager container id'),
  SUPPORT_EMAIL: z.email().default('support@inkpilot.app'),
});

export type Config = z.infer<typeof configSchema>;

/** Whether Node's resolver takes this as a server address ('1.1.1.1', '127.0.0.1:5353', '[::1]:53'). */
function isDnsServer(server: string): boolean {
  try {
    new Resolver().setServers([server]);
    return true;
  } catch {
    return false;
  }
}

/** Parses the environment; a bad value throws an error that names the variable. */
export function loadConfig(env: NodeJS.ProcessEnv = process.env): Config {
  const result = configSchema.safeParse(env);
  if (!result.success) {
    const lines = result.error.issues.map((issue) => `  ${issue.path.join('.')}: ${issue.message}`);
    throw new Error(`Invalid configuration:\n${lines.join('\n')}`);
  }
  if (result.data.FETCH_ALLOW_LOOPBACK && result.data.NODE_ENV !== 'test') {
    throw new Error(
      `Invalid configuration:\n  FETCH_ALLOW_LOOPBACK: "true" lets user-supplied URLs reach this machine and is for tests only; it needs NODE_ENV=test (NODE_ENV is ${result.data.NODE_ENV}). Remove FETCH_ALLOW_LOOPBACK.`,
    );
  }
  const unsafe = signInProblems(result.data);
  if (unsafe.length)
    throw new Error(`Refusing to start: sign-in would not be safe.\n${unsafe.map((line) => `  ${line}`).join('\n')}`);
  const shadowed = hostProblems(result.data);
  if (shadowed.length) throw new Error(`Invalid configuration:\n${shadowed.map((line) => `  ${line}`).join('\n')}`);
  return result.data;
}

/**
 * App hosts that a project's blog subdomain could also be (`{label}.{BLOG_BASE_URL host}`): the app and a blog must
 * never share a host, so such settings stop start-up. Empty when every app host is outside the blogs' subdomains.
 */
export function hostProblems(config: Config): string[] {
  const blogDomain = blogBase(config).domain;
  const projectSubdomain = (host: string) =>
    host.endsWith(`.${blogDomain}`) && !host.slice(0, -blogDomain.length - 1).includes('.');
  const blogUrl = config.BLOG_BASE_URL ?? `http://${blogDomain}:${config.PORT}`;
  const problems: string[] = [];
  const siteHost = new URL(config.SITE_URL).hostname.toLowerCase();
  if (projectSubdomain(siteHost)) {
    problems.push(
      `SITE_URL: its host ${siteHost} is a project blog subdomain of BLOG_BASE_URL (${blogUrl}); the app and the blogs need separate hosts. Move one of them, e.g. SITE_URL=https://app.example.com with BLOG_BASE_URL=https://blogs.example.com.`,
    );
  }
  for (const host of config.APP_HOSTS.filter(projectSubdomain)) {
    problems.push(
      `APP_HOSTS: ${host} is a project blog subdomain of BLOG_BASE_URL (${blogUrl}); the app and the blogs need separate hosts. Remove it from APP_HOSTS or change BLOG_BASE_URL.`,
    );
  }
  return problems;
}

/**
 * Why sign-in would fail open with these settings: the Auth emulator accepts unsigned (alg: none) tokens naming any
 * email, so it must never serve a real Firebase project or a production server. Empty when the settings are safe.
 */
export function signInProblems(config: Config): string[] {
  const problems: string[] = [];
  const project = config.FIREBASE_PROJECT_ID;
  const demoProject = project?.startsWith('demo-') ?? false;
  if (project && !demoProject && config.FIREBASE_AUTH_EMULATOR_HOST) {
    problems.push(
      `FIREBASE_AUTH_EMULATOR_HOST is set while FIREBASE_PROJECT_ID names a real Firebase project (${project}): the emulator accepts unsigned tokens. Unset FIREBASE_AUTH_EMULATOR_HOST (or use a demo-* project id for local work).`,
    );
  }
  if (config.NODE_ENV === 'production') {
    if (!project) {
      problems.push(
        'NODE_ENV=production needs FIREBASE_PROJECT_ID (your Firebase project): without it the local Auth emulator would start and trust unsigned tokens.',
      );
    } else if (demoProject) {
      problems.push(
        `NODE_ENV=production needs a real FIREBASE_PROJECT_ID: ${project} is a demo-* project, which exists only in the Auth emulator.`,
      );
    }
    if (config.FIREBASE_AUTH_EMULATOR_HOST) {
      problems.push(
        'NODE_ENV=production does not allow FIREBASE_AUTH_EMULATOR_HOST: the Auth emulator is for local use and tests only.',
      );
    }
  }
  return problems;
}

/** The blogs' base origin: protocol, host name (the domain project slugs are subdomains of) and port, if any. */
export function blogBase(config: Config): { protocol: string; domain: string; port: string } {
  const url = new URL(config.BLOG_BASE_URL ?? `http://blogs.localhost:${config.PORT}`);
  return { protocol: url.protocol, domain: url.hostname.toLowerCase(), port: url.port };
}

/** True when sign-in runs against the local Firebase Auth emulator. */
export function usesAuthEmulator(config: Config): boolean {
  return !config.FIREBASE_PROJECT_ID || Boolean(config.FIREBASE_AUTH_EMULATOR_HOST);
}

export const EMULATOR_PROJECT_ID = 'demo-inkpilot';
