import http from 'node:http';
import https from 'node:https';
import { isIP } from 'node:net';
import { guardedLookup, isBlockedAddress, SafeFetchError } from './index.ts';

/** Limits of one guarded request (and of its redirects). */
export interface GuardedFetchOptions {
  timeoutMs: number;
  maxBytes: number;
  allowLoopback?: boolean;
  userAgent?: string;
}

type Body = string | Uint8Array | ArrayBuffer | URLSearchParams | null | undefined;

const agents = new Map<string, http.Agent>();

/** One keep-alive agent per protocol and guard: connections to a remote are reused, each new one is checked. */
function agentFor(protocol: string, allowLoopback: boolean): http.Agent {
  const key = `${protocol}${allowLoopback}`;
  let agent = agents.get(key);
  if (!agent) {
    const options = { keepAlive: true, maxSockets: 32, lookup: guardedLookup(allowLoopback) };
    agent = protocol === 'https:' ? new https.Agent(options) : new http.Agent(options);
    agents.set(key, agent);
  }
  return agent;
}

function bytesOf(body: Body): Buffer | undefined {
  if (body === null || body === undefined) return undefined;
  if (typeof body === 'string') return Buffer.from(body);
  if (body instanceof URLSearchParams) return Buffer.from(body.toString());
  if (body instanceof ArrayBuffer) return Buffer.from(body);
  if (body instanceof Uint8Array) return Buffer.from(body.buffer, body.byteOffset, body.byteLength);
  throw new TypeError('the guarded fetch sends strings, bytes, URL-encoded and multipart forms only');
}

/** A multipart form (an image upload to Ghost) as bytes with its content type and boundary, as fetch would send it. */
async function formBytes(form: FormData, headers: Headers): Promise<Buffer> {
  const encoded = new Response(form);
  headers.set('content-type', encoded.headers.get('content-type') ?? 'multipart/form-data');
  return Buffer.from(await encoded.arrayBuffer());
}

function parseUrl(raw: string): URL {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new SafeFetchError('bad_url', 'The address is not a valid URL.');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:')
    throw new SafeFetchError('bad_url', 'Only http and https addresses can be reached.');
  if (url.username || url.password) throw new SafeFetchError('bad_url', 'Addresses with credentials are refused.');
  return url;
}

/**
 * `fetch` for addresses users typed (publishing destinations): http(s) only, every address the host resolves to and
 * the peer actually reached checked against private, loopback and link-local ranges, a time limit for the whole
 * exchange and a size cap on the answer. GET and HEAD follow up to 5 redirects (each hop checked; credentials dropped
 * when the origin changes); other methods get the redirect itself back, so a body is never sent somewhere unchecked.
 */
export function guardedFetch(options: GuardedFetchOptions): typeof fetch {
  return (async (input: string | URL | Request, init: RequestInit = {}) => {
    const method = (init.method ?? 'GET').toUpperCase();
    const headers = new Headers(init.headers);
    if (!headers.has('user-agent'))
      headers.set('user-agent', options.userAgent ?? 'Inkpilot/1.0 (+https://inkpilot.app)');
    const body = init.body instanceof FormData ? await formBytes(init.body, headers) : bytesOf(init.body as Body);
    const deadline = Date.now() + options.timeoutMs;
    let url = parseUrl(typeof input === 'string' ? input : input instanceof URL ? input.href : input.url);
    for (let hop = 0; ; hop++) {
      const answer = await exchange(url, { method, headers, body, deadline, options, signal: init.signal });
      const location = answer.headers.get('location');
      const follows = (method === 'GET' || method === 'HEAD') && answer.status >= 300 && answer.status < 400;
      if (!follows || !location || hop >= 5) return answer;
      const next = parseUrl(new URL(location, url).href);
      if (next.origin !== url.origin) headers.delete('authorization');
      url = next;
    }
  }) as typeof fetch;
}

function exchange(
  url: URL,
  request: {
    method: string;
    headers: Headers;
    body: Buffer | undefined;
    deadline: number;
    options: GuardedFetchOptions;
    signal: AbortSignal | null | undefined;
  },
): Promise<Response> {
  const allowLoopback = Boolean(request.options.allowLoopback);
  const host = url.hostname.replace(/^\[|\]$/g, '');
  if (isIP(host) && isBlockedAddress(host, { allowLoopback }))
    return Promise.reject(new SafeFetchError('blocked', `The address ${host} is not allowed.`));
  const remaining = request.deadline - Date.now();
  if (remaining <= 0) return Promise.reject(new SafeFetchError('timeout', 'The request took too long.'));
  const client = url.protocol === 'https:' ? https : http;
  const headers: Record<string, string> = {};
  request.headers.forEach((value, name) => {
    headers[name] = value;
  });
  if (request.body) headers['content-length'] = String(request.body.length);
  return new Promise((resolve, reject) => {
    const outgoing = client.request(url, {
      method: request.method,
      headers,
      agent: agentFor(url.protocol, allowLoopback),
      lookup: guardedLookup(allowLoopback),
    });
    const timer = setTimeout(
      () => outgoing.destroy(new SafeFetchError('timeout', 'The request took too long.')),
      remaining,
    );
    const onAbort = () => outgoing.destroy(new SafeFetchError('timeout', 'The request was cancelled.'));
    request.signal?.addEventListener('abort', onAbort, { once: true });
    const fail = (error: Error) => {
      clearTimeout(timer);
      request.signal?.removeEventListener('abort', onAbort);
      reject(
        error instanceof SafeFetchError
          ? error
          : new SafeFetchError('network', error.message, (error as NodeJS.ErrnoException).code),
      );
    };
    outgoing.on('error', fail);
    outgoing.on('socket', (socket) => {
      // A reused connection was checked when it was made; a new one is checked once connected.
      if (!socket.connecting) return;
      socket.once('connect', () => {
        const peer = socket.remoteAddress ?? '';
        if (isBlockedAddress(peer, { allowLoopback }))
          outgoing.destroy(new SafeFetchError('blocked', `The address ${peer} is not allowed.`));
      });
    });
    outgoing.on('response', (incoming) => {
      const declared = Number(incoming.headers['content-length'] ?? 0);
      if (declared > request.options.maxBytes)
        return outgoing.destroy(new SafeFetchError('too_large', 'The answer is too large.'));
      const chunks: Buffer[] = [];
      let size = 0;
      let tooLarge = false;
      incoming.on('data', (chunk: Buffer) => {
        size += chunk.length;
        if (size > request.options.maxBytes && !tooLarge) {
          // Settled here: an answer that came in one chunk ends before the destroy's error would reject it.
          tooLarge = true;
          // Destroyed without an error: one would be emitted where nobody listens any more.
          fail(new SafeFetchError('too_large', 'The answer is too large.'));
          incoming.destroy();
          return outgoing.destroy();
        }
        if (!tooLarge) chunks.push(chunk);
      });
      incoming.on('error', fail);
      incoming.on('end', () => {
        if (tooLarge) return;
        clearTimeout(timer);
        request.signal?.removeEventListener('abort', onAbort);
        const status = incoming.statusCode ?? 502;
        const responseHeaders = new Headers();
        for (const [name, value] of Object.entries(incoming.headers)) {
          if (value === undefined) continue;
          for (const one of Array.isArray(value) ? value : [value]) responseHeaders.append(name, one);
        }
        const empty = status === 204 || status === 304 || request.method === 'HEAD';
        const response = new Response(empty ? null : Buffer.concat(chunks), { status, headers: responseHeaders });
        Object.defineProperty(response, 'url', { value: url.href });
        resolve(response);
      });
    });
    outgoing.end(request.body);
  });
}
