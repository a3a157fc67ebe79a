import type { Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { AppError, BusyError, RateLimitError, ValidationError } from '../lib/errors.ts';
import type { AppEnv } from '../lib/hono.ts';
import { ACCOUNT_GONE } from '../services/privacy/deleted-sign-ins.ts';

/** Turns any thrown error into { detail, request_id }; only unexpected (5xx) errors are logged. */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  // The caller's own id when it sent one (a proxy's), else a fresh one to quote in the log and the answer.
  const request_id = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
  if (error instanceof ValidationError) {
    return c.json({ detail: error.issues ?? error.message, request_id }, 422);
  }
  if (error instanceof RateLimitError || error instanceof BusyError) {
    c.header('Retry-After', String(error.retryAfterSeconds));
  }
  if (error instanceof AppError) {
    if (error.status >= 500 && !(error instanceof BusyError)) console.error(`[${request_id}]`, error);
    return c.json({ detail: error.message, request_id }, error.status as 400);
  }
  const gone = deletedMeanwhile(error);
  if (gone) return c.json({ detail: gone.detail, request_id }, gone.status);
  console.error(`[${request_id}]`, error);
  return c.json({ detail: 'An unexpected error occurred.', request_id }, 500);
}

/**
 * A write that lost the race with the deletion of what it belongs to (issue 22): the foreign key refused a row of a
 * project, or by a user, deleted after the request was authorised. Nothing was written; the answer says it is gone.
 */
function deletedMeanwhile(error: Error): { status: 404 | 401; detail: string } | undefined {
  const { code, constraint_name: constraint } = error as { code?: unknown; constraint_name?: unknown };
  if (code !== '23503' || typeof constraint !== 'string') return undefined;
  if (/_project_id_fkey$/.test(constraint)) return { status: 404, detail: 'Project not found.' };
  if (/_(user_id|created_by|author_id|account_id)_fkey$/.test(constraint)) return { status: 401, detail: ACCOUNT_GONE };
  return undefined;
}
