// What every adapter does the same way with a remote's answers: calls through the guarded fetch, and turns trouble
// into a DestinationError whose `retry` says whether waiting can help (429, 408, 5xx, timeouts, a connection that
// failed) and whose message carries the remote's own words beside what the user can do.
import { SafeFetchError } from '../providers/safe-fetch/index.ts';
import { type ConnectionCheck, DestinationError, type DestinationIo } from './types.ts';

/** Longest wait a remote's Retry-After is taken at (a remote asking for a day is retried by the job's own backoff). */
const MAX_RETRY_AFTER_MS = 15 * 60_000;

/** The wait a Retry-After header asks for (seconds or an HTTP date), in milliseconds; undefined without one. */
export function retryAfterMs(value: string | null, now: Date): number | undefined {
  if (!value) return undefined;
  const seconds = Number(value.trim());
  const wait = Number.isFinite(seconds) ? seconds * 1000 : Date.parse(value) - now.getTime();
  if (!Number.isFinite(wait)) return undefined;
  return Math.min(Math.max(0, Math.round(wait)), MAX_RETRY_AFTER_MS);
}

/** Whether a status is one that trying again later may fix. */
export const retryable = (status: number) => status === 408 || status === 425 || status === 429 || status >= 500;

/**
 * A request to the remote through the guarded fetch. A connection that failed or timed out is a retryable
 * DestinationError; an address the guard refuses (private, not http) is final, with what to change.
 */
export async function send(io: DestinationIo, label: string, url: string, init: RequestInit): Promise<Response> {
  try {
    return await io.fetch(url, init);
  } catch (error) {
    if (error instanceof SafeFetchError && (error.reason === 'blocked' || error.reason === 'bad_url'))
      throw new DestinationError(`${label} cannot be reached at ${new URL(url).origin}: ${error.message}`, {
        retry: false,
        remoteMessage: error.message,
      });
    const reason =
      error instanceof SafeFetchError && error.reason === 'timeout'
        ? 'it did not answer in time'
        : `the connection failed (${error instanceof SafeFetchError ? (error.code ?? error.message) : String(error)})`;
    throw new DestinationError(`${label} could not be reached: ${reason}. Inkpilot will try again.`, {
      retry: true,
      remoteMessage: error instanceof Error ? error.message : String(error),
    });
  }
}

/** The JSON body of an answer, or null when it is not JSON. */
export async function jsonOf(response: Response): Promise<unknown> {
  const text = await response.text();
  try {
    return text ? JSON.parse(text) : null;
  } catch {
    return text.trim() ? text.trim().slice(0, 300) : null;
  }
}

/**
 * The error for a refused answer: `remote` is the remote's own words, `hint` what the user can do (chosen by status).
 * 429 and 5xx are retryable, with the remote's Retry-After as `afterMs`.
 */
export function refusal(
  label: string,
  response: { status: number; headers: Headers },
  remote: string | undefined,
  io: DestinationIo,
  hints: Partial<Record<number | 'retry' | 'other', string>> = {},
): DestinationError {
  const status = response.status;
  const retry = retryable(status);
  const afterMs = retry ? retryAfterMs(response.headers.get('retry-after'), io.now()) : undefined;
  const hint =
    hints[status] ??
    (retry
      ? (hints.retry ?? `${label} is busy or failing; Inkpilot will try again.`)
      : (hints.other ?? `Check the destination's settings.`));
  const words = remote ? `: “${remote}”` : '';
  return new DestinationError(`${label} answered ${status}${words}. ${hint}`, {
    retry,
    status,
    ...(afterMs !== undefined ? { afterMs } : {}),
    ...(remote ? { remoteMessage: remote } : {}),
  });
}

/** Cuts text to at most `max` characters (a remote refuses longer values), on a word when it can. */
export function clip(text: string, max: number): string {
  if (text.length <= max) return text;
  const cut = text.slice(0, max - 1);
  const space = cut.lastIndexOf(' ');
  return `${(space > max * 0.6 ? cut.slice(0, space) : cut).trimEnd()}…`;
}

/** An origin plus path from a user's site address: trailing slashes dropped, the scheme https when none was given. */
export function siteBase(address: string): string {
  const trimmed = address.trim();
  const url = new URL(/^[a-z][a-z0-9+.-]*:\/\//i.test(trimmed) ? trimmed : `https://${trimmed}`);
  return `${url.origin}${url.pathname.replace(/\/+$/, '')}`;
}

/** A Test connection that failed on the remote's refusal: its message and the remote's own words. Anything else throws. */
export function failedCheck(error: unknown): ConnectionCheck {
  if (!(error instanceof DestinationError)) throw error;
  return {
    ok: false,
    message: error.message,
    ...(error.remoteMessage ? { remote_message: error.remoteMessage } : {}),
  };
}
