/**
 * Transport-neutral errors thrown by services: each says what went wrong in the domain's terms, never how a
 * transport answers it. api/middleware/errors.ts is the one place that turns them into HTTP answers.
 */
export class AppError extends Error {}

/** No credentials, or ones that are invalid, expired or revoked. */
export class UnauthorizedError extends AppError {
  constructor(message = 'Not authenticated.') {
    super(message);
  }
}

/** The actor is known but may not do this. */
export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this.') {
    super(message);
  }
}

/** The thing does not exist, or the actor may not know that it does. */
export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(message);
  }
}

/** The change clashes with the current state (a stale version, a name taken, work already under way). */
export class ConflictError extends AppError {}

/** The thing existed but can no longer be used (an expired, revoked or used invite link). */
export class GoneError extends AppError {}

export interface FieldIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** Invalid input: the spec's list of { loc, msg, type }, or a plain message. */
export class ValidationError extends AppError {
  readonly issues: FieldIssue[] | null;
  constructor(detail: FieldIssue[] | string) {
    super(typeof detail === 'string' ? detail : (detail[0]?.msg ?? 'Invalid input.'));
    this.issues = typeof detail === 'string' ? null : detail;
  }
}

/** The request as a whole cannot be accepted, whatever its fields say (a missing or wrong signature). */
export class InvalidRequestError extends AppError {}

/** The account has used what its plan allows; the message names the plan and the limit and says how to get more. */
export class LimitExceededError extends AppError {}

/** Too many requests from one client in a window: try again after `retryAfterSeconds`. */
export class RateLimitError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** A part this needs is not running right now (background jobs): a fault to look into, not the caller's. */
export class UnavailableError extends AppError {}

/** At the limit of concurrent work right now, not broken: try again after `retryAfterSeconds`. */
export class BusyError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** An outside service failed (or, with timedOut, did not answer in time). */
export class UpstreamError extends AppError {
  readonly timedOut: boolean;
  constructor(message: string, options: { timedOut?: boolean } = {}) {
    super(message);
    this.timedOut = options.timedOut ?? false;
  }
}

/** The request body is larger than the route accepts. */
export class PayloadTooLargeError extends AppError {}

/** The request body is not of the type the route reads. */
export class UnsupportedMediaTypeError extends AppError {}
