import type { Config } from '../../config.ts';
import type { Sql } from '../../db/sql.ts';
import { GoogleApiError, type SearchConsoleClient } from '../../providers/google/search-console.ts';
import type { SecretBox } from '../secret-box.ts';
import { type BlogAddress, blogAddressOf } from './blog.ts';
import { indexStatusOf } from './coverage.ts';
import { type ConnectionRow, selectActiveProperties, selectConnectionsOfProperty } from './queries/connections.ts';
import { type CandidateRow, selectInspectionCandidates, upsertInspection } from './queries/inspections.ts';
import { addQuotaUse, clearBackoff, lockQuotaUse, pruneQuota, selectBackoff, storeBackoff } from './queries/quota.ts';
import { backoffAfterRateLimit, minuteStart, planInspections, quotaDayStart } from './scheduler.ts';
import { boxFor, clientFor, ReconnectNeeded } from './tokens.ts';

/** Inspections one property runs side by side. */
const PARALLEL = 4;

export interface InspectEnv {
  sql: Sql;
  config: Config;
  log: (line: string) => void;
}

/**
 * One round of URL Inspection for the deployment: for each property some connection reads, the posts the scheduler
 * picks within what is left of the property's minute and day quota (counted in the database, so every process and
 * every project reading the property share it). A 429 holds the property back (scheduler.ts), a refused refresh token
 * stops that project until an owner reconnects.
 */
export async function inspectDuePages(env: InspectEnv, now: () => Date = () => new Date()): Promise<number> {
  const box = await boxFor(env);
  let inspected = 0;
  for (const property of await selectActiveProperties(env.sql, env.config.JOBS_QUEUE_PREFIX)) {
    try {
      inspected += await inspectProperty(env, box, property, now);
    } catch (error) {
      env.log(`search console: inspecting ${property} failed: ${(error as Error).message}`);
    }
  }
  await pruneQuota(env.sql, new Date(now().getTime() - 3 * 86_400_000));
  return inspected;
}

/** Reserves the calls the scheduler allows now and makes them; calls not made are given back. */
async function inspectProperty(env: InspectEnv, box: SecretBox, property: string, now: () => Date): Promise<number> {
  const connections = await selectConnectionsOfProperty(env.sql, env.config.JOBS_QUEUE_PREFIX, property);
  const candidates = await selectInspectionCandidates(
    env.sql,
    connections.map((connection) => connection.project_id),
  );
  if (candidates.length === 0) return 0;
  const backoff = await selectBackoff(env.sql, property);
  const at = now();
  const windows = { minute: minuteStart(at), day: quotaDayStart(at) };
  const plan = await env.sql.begin(async (tx) => {
    const used = await lockQuotaUse(tx, property, windows);
    const chosen = planInspections({
      now: at,
      quota: {
        perMinute: env.config.SEARCH_CONSOLE_INSPECTIONS_PER_MINUTE,
        perDay: env.config.SEARCH_CONSOLE_INSPECTIONS_PER_DAY,
        usedThisMinute: used.minute,
        usedToday: used.day,
        backoffUntil: backoff?.backoff_until ?? null,
      },
      candidates: candidates.map((row) => ({
        postId: row.post_id,
        publishedAt: row.published_at,
        version: row.version,
        inspectedAt: row.inspected_at,
        inspectedVersion: row.inspected_version,
      })),
    });
    await addQuotaUse(tx, property, windows, chosen.postIds.length);
    return chosen;
  });
  if (plan.postIds.length === 0) return 0;

  const byPost = new Map(candidates.map((row) => [row.post_id, row]));
  const work = plan.postIds.map((id) => byPost.get(id)).filter((row): row is CandidateRow => Boolean(row));
  const projects = new Map<string, { connection: ConnectionRow; client: SearchConsoleClient; blog: BlogAddress }>();
  for (const connection of connections) {
    projects.set(connection.project_id, {
      connection,
      client: clientFor({ sql: env.sql, config: env.config, box }, connection),
      blog: await blogAddressOf(env.sql, env.config, connection.project_id),
    });
  }
  const reconnect = new Set<string>();
  let stopped = false;
  let attempted = 0;
  let succeeded = 0;
  let next = 0;

  async function worker(): Promise<void> {
    while (!stopped && next < work.length) {
      const row = work[next++];
      const project = row && projects.get(row.project_id);
      if (!row || !project || reconnect.has(row.project_id)) continue;
      attempted++;
      const url = project.blog.postUrl(row.slug);
      try {
        const result = await project.client.inspectUrl(property, url);
        succeeded++;
        await upsertInspection(env.sql, {
          postId: row.post_id,
          projectId: row.project_id,
          url,
          status: indexStatusOf(result),
          coverageState: result.coverageState ?? null,
          verdict: result.verdict ?? null,
          lastCrawlAt: result.lastCrawlTime ? new Date(result.lastCrawlTime) : null,
          postVersion: row.version,
          at: now(),
        });
      } catch (error) {
        if (error instanceof ReconnectNeeded) {
          reconnect.add(row.project_id);
        } else if (error instanceof GoogleApiError && error.rateLimited) {
          stopped = true;
          const held = backoffAfterRateLimit({
            now: now(),
            streak: backoff?.streak ?? 0,
            retryAfterSeconds: error.retryAfterSeconds,
            quotaWindow: error.quotaWindow,
          });
          await storeBackoff(env.sql, property, { ...held, reason: error.message });
          env.log(`search console: ${property} rate limited until ${held.until.toISOString()}: ${error.message}`);
        } else if (error instanceof GoogleApiError && error.status >= 400 && error.status < 500) {
          // Google refused this page (not part of the property, a bad URL): shown on the post in Google's words.
          await upsertInspection(env.sql, {
            postId: row.post_id,
            projectId: row.project_id,
            url,
            status: 'error',
            coverageState: error.message,
            verdict: null,
            lastCrawlAt: null,
            postVersion: row.version,
            at: now(),
          });
        } else {
          stopped = true; // unreachable or 5xx: the next round tries again
          env.log(`search console: inspecting ${url} failed: ${(error as Error).message}`);
        }
      }
    }
  }
  await Promise.all(Array.from({ length: Math.min(PARALLEL, work.length) }, worker));
  const unused = plan.postIds.length - attempted;
  if (unused > 0) await env.sql.begin((tx) => addQuotaUse(tx, property, windows, -unused));
  if (succeeded > 0 && backoff && !stopped) await clearBackoff(env.sql, property);
  return succeeded;
}
