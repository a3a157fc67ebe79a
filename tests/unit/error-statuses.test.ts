// Issue 23: services throw transport-neutral errors; api/middleware/errors.ts is the one place that gives them an
// HTTP status, so no error a service throws carries one.
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import {
  AppError,
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
} from '../../api/lib/errors.ts';
import { httpStatus } from '../../api/middleware/errors.ts';
import { NoSpeechError } from '../../api/providers/stt/index.ts';

const kinds: [AppError, number][] = [
  [new ValidationError('Bad.'), 422],
  [new NoSpeechError(), 422],
  [new InvalidRequestError('Invalid Stripe signature.'), 400],
  [new UnauthorizedError(), 401],
  [new LimitExceededError('Your Free plan includes 2 posts a month.'), 402],
  [new ForbiddenError(), 403],
  [new NotFoundError(), 404],
  [new ConflictError('Stale.'), 409],
  [new GoneError('Expired.'), 410],
  [new PayloadTooLargeError('Too large.'), 413],
  [new UnsupportedMediaTypeError('Not JSON.'), 415],
  [new RateLimitError('Slow down.', 30), 429],
  [new UpstreamError('Stripe did not answer.'), 502],
  [new UnavailableError('Background jobs are not running.'), 503],
  [new BusyError('Busy.', 10), 503],
  [new UpstreamError('Instagram took too long.', { timedOut: true }), 504],
];

describe('the error mapping', () => {
  it.each(kinds)('answers %s with its status', (error, status) => {
    expect(httpStatus(error)).toBe(status);
  });

  it('answers anything else with 500', () => {
    expect(httpStatus(new Error('boom'))).toBe(500);
    expect(httpStatus('not even an error')).toBe(500);
  });

  it('is the only place with a status: the errors themselves carry none', () => {
    for (const [error] of kinds) expect(Object.keys(error)).not.toContain('status');
  });
});

describe('the services', () => {
  const files = readdirSync('api/services', { recursive: true, encoding: 'utf8' })
    .filter((file) => file.endsWith('.ts'))
    .map((file) => ({ file, text: readFileSync(join('api/services', file), 'utf8') }));

  it('import nothing of Hono and never put a status number in an error', () => {
    const offenders = files.flatMap(({ file, text }) => [
      ...(/from '(hono|@hono\/[^']+)(\/[^']*)?'/.test(text) ? [`${file}: imports Hono`] : []),
      ...[...text.matchAll(/new \w+Error\((\d{3})\b/g)].map((match) => `${file}: ${match[0]}`),
    ]);

    expect(files.length).toBeGreaterThan(50);
    expect(offenders).toEqual([]);
  });
});
