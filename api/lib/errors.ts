/** Transport-neutral errors thrown by services; app.onError maps each to an HTTP status. */
export class AppError extends Error {
  readonly status: number;
  constructor(status: number, message: string) {
    super(message);
    this.status = status;
  }
}

export class UnauthorizedError extends AppError {
  constructor(message = 'Not authenticated.') {
    super(401, message);
  }
}

export class ForbiddenError extends AppError {
  constructor(message = 'You do not have permission to do this.') {
    super(403, message);
  }
}

export class NotFoundError extends AppError {
  constructor(message = 'Not found.') {
    super(404, message);
  }
}

export class ConflictError extends AppError {
  constructor(message: string) {
    super(409, message);
  }
}

export interface FieldIssue {
  loc: (string | number)[];
  msg: string;
  type: string;
}

/** A 422 whose detail is the spec's list of { loc, msg, type }, or a plain message. */
export class ValidationError extends AppError {
  readonly issues: FieldIssue[] | null;
  constructor(detail: FieldIssue[] | string) {
    super(422, typeof detail === 'string' ? detail : (detail[0]?.msg ?? 'Invalid input.'));
    this.issues = typeof detail === 'string' ? null : detail;
  }
}

export class RateLimitError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(429, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

/** 503 with Retry-After: the server is at its limit of concurrent work right now, not broken. */
export class BusyError extends AppError {
  readonly retryAfterSeconds: number;
  constructor(message: string, retryAfterSeconds: number) {
    super(503, message);
    this.retryAfterSeconds = retryAfterSeconds;
  }
}

export class UpstreamError extends AppError {
  constructor(message: string, status = 502) {
    super(status, message);
  }
}

export class PayloadTooLargeError extends AppError {
  constructor(message: string) {
    super(413, message);
  }
}

export class UnsupportedMediaTypeError extends AppError {
  constructor(message: string) {
    super(415, message);
  }
}

/** 410: the thing existed but can no longer be used (an expired, revoked or used invite link). */
export class GoneError extends AppError {
  constructor(message: string) {
    super(410, message);
  }
}
