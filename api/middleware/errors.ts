import type { Context } from 'hono';
import { randomUUID } from 'node:crypto';
import {
  BusyError,
  ConflictError,
  ForbiddenError,
  GoneError,
  InvalidRequestError,
  LimitExceededError,
  NotFoundError,
  PayloadTooLargeError,
  RateLimitError,
  UnauthorizedError,
  UnavailableError,
  UnsupportedMediaTypeError,
  UpstreamError,
  ValidationError,
} from '../lib/errors.ts';
import type { AppEnv } from '../lib/hono.ts';
import { ACCOUNT_GONE } from '../services/privacy/deleted-sign-ins.ts';

/** The HTTP status of each kind of error the services throw: the one place where they meet HTTP. */
const STATUSES: [new (...args: never[]) => Error, (error: never) => number][] = [
  [ValidationError, () => 422],
  [InvalidRequestError, () => 400],
  [UnauthorizedError, () => 401],
  [LimitExceededError, () => 402],
  [ForbiddenError, () => 403],
  [NotFoundError, () => 404],
  [ConflictError, () => 409],
  [GoneError, () => 410],
  [PayloadTooLargeError, () => 413],
  [UnsupportedMediaTypeError, () => 415],
  [RateLimitError, () => 429],
  [UpstreamError, (error: UpstreamError) => (error.timedOut ? 504 : 502)],
  [UnavailableError, () => 503],
  [BusyError, () => 503],
];

/** The status an error answers with: its kind's, or 500 for anything unexpected. */
export function httpStatus(error: unknown): number {
  for (const [kind, status] of STATUSES) if (error instanceof kind) return status(error as never);
  return 500;
}

/** Turns any thrown error into { detail, request_id }; only unexpected (5xx) errors are logged. */
export function handleError(error: Error, c: Context<AppEnv>): Response {
  // The caller's own id when it sent one (a proxy's), else a fresh one to quote in the log and the answer.
  const request_id = c.req.header('x-request-id')?.slice(0, 64) || randomUUID();
  const status = httpStatus(error);
  if (error instanceof ValidationError) return c.json({ detail: error.issues ?? error.message, request_id }, 422);
  if (error instanceof RateLimitError || error instanceof BusyError) {
    c.header('Retry-After', String(error.retryAfterSeconds));
  }
  const gone = status === 500 ? deletedMeanwhile(error) : undefined;
  if (gone) return c.json({ detail: gone.detail, request_id }, gone.status);
  // A service at its limit is expected, not a fault; every other 5xx is one (and unknown errors keep their message).
  if (status >= 500 && !(error instanceof BusyError)) console.error(`[${request_id}]`, error);
  const detail = status === 500 ? 'An unexpected error occurred.' : error.message;
  return c.json({ detail, request_id }, status as 400);
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
