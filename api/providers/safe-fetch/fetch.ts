// The guarded fetch with fetch's own signature, for callers that speak to a user-supplied server with any method and
// body (publishing destinations: Ghost, Webflow, Shopify, WordPress, webhooks). Same guard as safeFetch: http(s)
// only, no credentials in the address, every DNS answer and the connected peer checked against private ranges, a
// time limit over the whole exchange and a size cap on the answer. Redirects are followed (each hop checked) for GET
// and HEAD only; a write that is redirected gets the redirect back, as `redirect: 'manual'` would.
import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, SafeFetchError } from './index.ts';
import { isBlockedAddress } from './ranges.ts';

export interface GuardedFetchOptions {
  /** Tests only: let requests reach 127.0.0.1 (the loopback fakes). */
  allowLoopback?: boolean;
  timeoutMs: number;
  maxBytes: number;
  maxRedirects?: number;
}

const NO_BODY = new Set([101, 103, 204, 205, 304]);

function checkedUrl(raw: string): URL {
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

interface Exchange {
  url: URL;
  method: string;
  headers: Headers;
  body: Buffer | null;
  signal: AbortSignal | null;
}

/** One request and its whole answer, under the guard, the deadline and the size cap. */
function exchangeOnce(
  exchange: Exchange,
  options: GuardedFetchOptions,
  deadline: number,
): Promise<{ status: number; headers: Headers; body: Buffer }> {
  const allowLoopback = Boolean(options.allowLoopback);
  const { url } = exchange;
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isBlockedAddress(host, { allowLoopback }))
    return Promise.reject(new SafeFetchError('blocked', `The address ${host} is not allowed.`));
  const remaining = deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new SafeFetchError('timeout', 'The request took too long.'));
  const client = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = { 'user-agent': 'InkpilotBot/1.0 (+https://inkpilot.app)' };
  exchange.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (exchange.body) headers['content-length'] = String(exchange.body.length);
  return new Promise((resolve, reject) => {
    let settled = false;
    const request = client.request(url, {
      method: exchange.method,
      headers,
      lookup: guardedLookup(allowLoopback),
      agent: false,
    });
    const finish = () => {
      settled = true;
      clearTimeout(timer);
      exchange.signal?.removeEventListener('abort', onAbort);
    };
    /** Settles once with the error and drops the connection (a later 'end' or 'error' changes nothing). */
    const fail = (error: unknown) => {
      if (settled) return;
      finish();
      request.destroy();
      reject(
        error instanceof SafeFetchError
          ? error
          : new SafeFetchError('network', (error as Error).message, (error as NodeJS.ErrnoException).code),
      );
    };
    const timer = setTimeout(() => fail(new SafeFetchError('timeout', 'The request took too long.')), remaining);
    const onAbort = () => fail(new SafeFetchError('timeout', 'The request was aborted.'));
    exchange.signal?.addEventListener('abort', onAbort, { once: true });
    request.on('error', fail);
    request.on('socket', (socket) => {
      socket.once('connect', () => {
        const peer = socket.remoteAddress ?? '';
        if (isBlockedAddress(peer, { allowLoopback }))
          fail(new SafeFetchError('blocked', `The address ${peer} is not allowed.`));
      });
    });
    request.on('response', (response) => {
      response.on('error', fail);
      const declared = Number(response.headers['content-length'] ?? 0);
      if (declared > options.maxBytes) return fail(new SafeFetchError('too_large', 'The answer is too large.'));
      const chunks: Buffer[] = [];
      let size = 0;
      response.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > options.maxBytes) return fail(new SafeFetchError('too_large', 'The answer is too large.'));
        chunks.push(chunk);
      });
      response.on('end', () => {
        if (settled) return;
        finish();
        const answer = new Headers();
        for (let at = 0; at + 1 < response.rawHeaders.length; at += 2)
          answer.append(response.rawHeaders[at] ?? '', response.rawHeaders[at + 1] ?? '');
        resolve({ status: response.statusCode ?? 0, headers: answer, body: Buffer.concat(chunks) });
      });
    });
    request.end(exchange.body ?? undefined);
  });
}

/**
 * A `fetch` that only reaches public addresses (and loopback when allowed). It throws SafeFetchError (bad_url,
 * blocked, timeout, too_large, too_many_redirects, network) where fetch would throw a TypeError.
 */
export function guardedFetch(options: GuardedFetchOptions): typeof fetch {
  const maxRedirects = options.maxRedirects ?? 5;
  return async (input, init) => {
    // Checked before Request parses it: Request throws its own TypeError for credentials in the address.
    checkedUrl(input instanceof Request ? input.url : String(input));
    const request = new Request(input, init);
    const deadline = Date.now() + options.timeoutMs;
    let url = checkedUrl(request.url);
    const body = request.body ? Buffer.from(await request.arrayBuffer()) : null;
    const method = request.method.toUpperCase();
    const follows = (method === 'GET' || method === 'HEAD') && request.redirect === 'follow';
    for (let hop = 0; ; hop++) {
      const answer = await exchangeOnce(
        { url, method, headers: request.headers, body, signal: init?.signal ?? null },
        options,
        deadline,
      );
      const location = answer.headers.get('location');
      if (follows && answer.status >= 300 && answer.status < 400 && location) {
        if (hop >= maxRedirects) throw new SafeFetchError('too_many_redirects', 'Too many redirects.');
        url = checkedUrl(new URL(location, url).href);
        continue;
      }
      const status = answer.status < 200 || answer.status > 599 ? 502 : answer.status;
      const response = new Response(NO_BODY.has(status) || method === 'HEAD' ? null : new Uint8Array(answer.body), {
        status,
        headers: answer.headers,
      });
      Object.defineProperty(response, 'url', { value: url.href });
      return response;
    }
  };
}
