import type { Context } from 'hono';
import { randomUUID } from 'node:crypto';
import { AppError, BusyError, RateLimitError, ValidationError } from '../lib/errors.ts';
import type { AppEnv } from '../lib/hono.ts';

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
  console.error(`[${request_id}]`, error);
  return c.json({ detail: 'An unexpected error occurred.', request_id }, 500);
}
