// One way every adapter calls its remote and reads the answer: the guarded fetch's failures and the remote's statuses
// become DestinationErrors that say whether trying again can help, with the remote's own words kept.
import { SafeFetchError } from '../providers/safe-fetch/index.ts';
import { DestinationError, type DestinationIo } from './types.ts';

/** A remote's answer: status, headers, the body as text and parsed as JSON when it is JSON. */
export interface RemoteAnswer {
  status: number;
  headers: Headers;
  text: string;
  json: unknown;
}

/** Retry-After in milliseconds (seconds or an HTTP date), or undefined. */
export function retryAfterMs(value: string | null, now: Date): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value);
  if (Number.isFinite(seconds) && seconds >= 0) return Math.round(seconds * 1000);
  const at = Date.parse(value);
  return Number.isNaN(at) ? undefined : Math.max(0, at - now.getTime());
}

/** At most `max` characters of a remote's words, on one line. */
export function excerpt(text: string, max = 300): string {
  const line = text.replace(/\s+/g, ' ').trim();
  return line.length > max ? `${line.slice(0, max - 1)}…` : line;
}

/** Sends one request and reads the answer; a connection that fails or times out is a DestinationError to retry. */
export async function send(io: DestinationIo, service: string, url: string, init: RequestInit): Promise<RemoteAnswer> {
  let response: Response;
  try {
    response = await io.fetch(url, init);
  } catch (error) {
    throw connectionError(service, url, error);
  }
  const text = await response.text();
  let json: unknown;
  try {
    json = text ? JSON.parse(text) : undefined;
  } catch {
    json = undefined;
  }
  return { status: response.status, headers: response.headers, text, json };
}

function connectionError(service: string, url: string, error: unknown): DestinationError {
  const host = safeHost(url);
  if (error instanceof SafeFetchError) {
    if (error.reason === 'timeout')
      return new DestinationError(`${service} at ${host} did not answer in time.`, { retry: true });
    if (error.reason === 'blocked' || error.reason === 'bad_url')
      return new DestinationError(`${error.message} Use the public address of your ${service}.`, { retry: false });
    if (error.reason === 'too_large')
      return new DestinationError(`${service} at ${host} sent an answer that is too large.`, { retry: false });
    const code = error.code ? ` (${error.code})` : '';
    const unknownHost = error.code === 'ENOTFOUND';
    return new DestinationError(
      unknownHost ? `The address ${host} does not exist (no DNS record).` : `Could not connect to ${host}${code}.`,
      { retry: !unknownHost },
    );
  }
  return new DestinationError(`Could not reach ${host}: ${error instanceof Error ? error.message : String(error)}`, {
    retry: true,
  });
}

function safeHost(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/**
 * Throws unless the answer is a success: 429 (with its Retry-After), 408 and 5xx may pass on a later try; any other
 * refusal is final. `words` is the remote's own message (the adapter knows where its remote puts it).
 */
export function ensureOk(answer: RemoteAnswer, service: string, words: string, now: Date): void {
  if (answer.status >= 200 && answer.status < 300) return;
  const status = answer.status;
  const retry = status === 408 || status === 429 || status >= 500;
  const said = words ? `: ${words}` : '';
  const message =
    status === 429
      ? `${service} asked us to slow down (429)${said}`
      : status >= 300 && status < 400
        ? `${service} answered with a redirect (${status}) to ${answer.headers.get('location') ?? 'another address'}: use that address instead`
        : `${service} answered ${status}${said}`;
  throw new DestinationError(message, {
    retry,
    status,
    afterMs: status === 429 || status === 503 ? retryAfterMs(answer.headers.get('retry-after'), now) : undefined,
    ...(words ? { remoteMessage: words } : {}),
  });
}
