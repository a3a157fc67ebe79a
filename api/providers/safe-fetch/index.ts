import { lookup as dnsLookup, type LookupAddress } from 'node:dns';
import http from 'node:http';
import https from 'node:https';
import { isIP, type LookupFunction } from 'node:net';
import { isBlockedAddress } from './ranges.ts';

export { isBlockedAddress } from './ranges.ts';

export type SafeFetchFailure = 'bad_url' | 'blocked' | 'too_large' | 'timeout' | 'too_many_redirects' | 'network';

/** Why a guarded fetch refused or failed; callers turn it into their own user-facing message. */
export class SafeFetchError extends Error {
  readonly reason: SafeFetchFailure;
  /** The system's error code of a network failure (ECONNREFUSED, ENOTFOUND...), when there is one. */
  readonly code: string | undefined;
  constructor(reason: SafeFetchFailure, message: string, code?: string) {
    super(message);
    this.reason = reason;
    this.code = code;
  }
}

export interface SafeFetchOptions {
  maxBytes: number;
  timeoutMs: number;
  allowLoopback?: boolean;
  maxRedirects?: number;
  headers?: Record<string, string>;
}

export interface SafeResponse {
  status: number;
  url: string;
  contentType: string;
  body: Buffer;
}

/** Resolves every address of a host and refuses the connection if any of them is private. */
export function guardedLookup(allowLoopback: boolean): LookupFunction {
  return (hostname, options, callback) => {
    dnsLookup(hostname, { ...options, all: true }, (error, addresses: LookupAddress[]) => {
      if (error) return callback(error, '', 0);
      const bad = addresses.find((entry) => isBlockedAddress(entry.address, { allowLoopback }));
      const [first] = addresses;
      if (bad || !first) {
        return callback(new SafeFetchError('blocked', `The address of ${hostname} is not allowed.`), '', 0);
      }
      if (options.all) return (callback as unknown as (e: null, a: LookupAddress[]) => void)(null, addresses);
      return callback(null, first.address, first.family);
    });
  };
}

/** GET of a user-supplied URL: http(s) only, private addresses refused at connect time, manual redirects, size and time caps. */
export async function safeFetch(rawUrl: string, options: SafeFetchOptions): Promise<SafeResponse> {
  const deadline = Date.now() + options.timeoutMs;
  const maxRedirects = options.maxRedirects ?? 5;
  let url = parseHttpUrl(rawUrl);
  for (let hop = 0; ; hop++) {
    const answer = await requestOnce(url, options, deadline);
    if (answer.location === undefined) return answer.response;
    if (hop >= maxRedirects) throw new SafeFetchError('too_many_redirects', 'Too many redirects.');
    url = parseHttpUrl(new URL(answer.location, url).href);
  }
}

function parseHttpUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('bad_url', 'The address is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SafeFetchError('bad_url', 'Only http and https addresses can be fetched.');
  if (url.username || url.password)
    throw new SafeFetchError('bad_url', 'Addresses with credentials cannot be fetched.');
  return url;
}

function requestOnce(
  url: URL,
  options: SafeFetchOptions,
  deadline: number,
): Promise<{ response: SafeResponse; location?: string }> {
  const allowLoopback = Boolean(options.allowLoopback);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  // An IP literal never reaches the lookup function, so it is checked here.
  if (isIP(host) && isBlockedAddress(host, { allowLoopback })) {
    return Promise.reject(new SafeFetchError('blocked', `The address ${host} is not allowed.`));
  }
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new SafeFetchError('timeout', 'The request took too long.'));
  const client = url.protocol === 'https:' ? https : http;
  return new Promise((resolve, reject) => {
    const request = client.request(url, {
      method: 'GET',
      headers: { 'user-agent': 'InkpilotBot/1.0 (+https://inkpilot.app)', accept: '*/*', ...options.headers },
      lookup: guardedLookup(allowLoopback),
      agent: false,
    });
    const timer = setTimeout(
      () => request.destroy(new SafeFetchError('timeout', 'The request took too long.')),
      remaining,
    );
    const fail = (error: Error) => {
      clearTimeout(timer);
      reject(
        error instanceof SafeFetchError
          ? error
          : new SafeFetchError('network', error.message, (error as NodeJS.ErrnoException).code),
      );
    };
    request.on('error', fail);
    request.on('socket', (socket) => {
      // Belt and braces: the peer actually connected to must pass the same check.
      socket.once('connect', () => {
        const peer = socket.remoteAddress ?? '';
        if (isBlockedAddress(peer, { allowLoopback }))
          request.destroy(new SafeFetchError('blocked', `The address ${peer} is not allowed.`));
      });
    });
    request.on('response', (response) => {
      const status = response.statusCode ?? 0;
      const location = response.headers.location;
      if (status >= 300 && status < 400 && location) {
        // The redirect's body is never read: destroy its response and request (and so its socket) now. Draining
        // it instead kept downloading an unbounded body after the fetch moved on, with no size cap and no timer.
        clearTimeout(timer);
        response.on('error', () => {});
        request.off('error', fail).on('error', () => {});
        response.destroy();
        request.destroy();
        resolve({ response: { status, url: url.href, contentType: '', body: Buffer.alloc(0) }, location });
        return;
      }
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > options.maxBytes)
        return request.destroy(new SafeFetchError('too_large', 'The file is too large.'));
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) {
          // Settled here: the destroy's error event comes after 'end', which would resolve with a cut body.
          const error = new SafeFetchError('too_large', 'The file is too large.');
          fail(error);
          return request.destroy(error);
        }
        chunks.push(chunk);
      });
      response.on('error', fail);
      response.on('end', () => {
        clearTimeout(timer);
        resolve({
          response: {
            status,
            url: url.href,
            contentType: String(response.headers['content-type'] ?? ''),
            body: Buffer.concat(chunks),
          },
        });
      });
    });
    request.end();
  });
}
