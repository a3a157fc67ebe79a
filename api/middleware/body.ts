import type { Readable } from 'node:stream';
import type { Context } from 'hono';
import { createMiddleware } from 'hono/factory';
import type { Config } from '../config.ts';
import { PayloadTooLargeError, UnsupportedMediaTypeError } from '../lib/errors.ts';
import type { AppEnv } from '../lib/hono.ts';

/** What a route accepts as its body: a media type and a size limit read from config. */
export interface BodyRule {
  method: string;
  /** Full path, e.g. /api/prompts/generate-and-save-guide (a trailing slash is ignored). */
  path: string;
  type: 'application/json' | 'multipart/form-data';
  maxBytes: (config: Config) => number;
  /** The route reads the exact bytes (e.g. to check a signature over them) instead of parsing JSON. */
  raw?: boolean;
}

const JSON_RULE = { type: 'application/json', maxBytes: (config: Config) => config.API_BODY_MAX_BYTES } as const;

const TYPE_MESSAGES: Record<BodyRule['type'], string> = {
  'application/json': 'Send the request body as JSON with Content-Type: application/json.',
  'multipart/form-data': 'Send the request body as a form with Content-Type: multipart/form-data.',
};

/**
 * Checks every /api body before anything reads it: the declared media type (415; a text/plain body is what any web
 * page can post without a preflight) and the size (413), counting a streamed body and stopping at the limit so a
 * huge upload is never held in memory. Routes that accept something else than small JSON declare a BodyRule.
 */
export function limitBodies(rules: BodyRule[]) {
  const byRoute = new Map(rules.map((rule) => [`${rule.method.toUpperCase()} ${trimSlash(rule.path)}`, rule]));
  return createMiddleware<AppEnv>(async (c, next) => {
    if (!carriesBody(c)) return next();
    const rule: Omit<BodyRule, 'method' | 'path'> = byRoute.get(`${c.req.method} ${trimSlash(c.req.path)}`) ?? JSON_RULE;
    const mediaType = (c.req.header('content-type') ?? '').split(';')[0]?.trim().toLowerCase() ?? '';
    if (mediaType !== rule.type) throw new UnsupportedMediaTypeError(TYPE_MESSAGES[rule.type]);
    const max = rule.maxBytes(c.get('deps').config);
    const tooLarge = () => {
      // The rest of the body is not wanted: closing the connection after the answer stops the client sending it
      // (otherwise Node drains it to keep the connection alive).
      c.env?.outgoing?.setHeader('Connection', 'close');
      return new PayloadTooLargeError(`The request body is larger than the limit of ${formatBytes(max)}.`);
    };
    const declared = declaredLength(c);
    if (declared !== undefined && declared > max) throw tooLarge();
    const incoming = c.env?.incoming;
    if (incoming && rule.type === 'application/json' && !rule.raw) {
      // From Node, a JSON body is read straight off the request's stream: building the web Request and its stream
      // cost about a millisecond of CPU for each one (an autosave's biggest part). Hono's readers (c.req.json,
      // c.req.text) take the text from their cache.
      const text = await readTextAtMost(incoming, max);
      if (text === undefined) throw tooLarge();
      // Hono keeps the readers' promises there (its type says the values)
      (c.req.bodyCache as Record<string, unknown>).text = Promise.resolve(text);
      return next();
    }
    // Node stops reading at Content-Length, so a declared size within the limit is the size.
    if (declared !== undefined) return next();
    const stream = c.req.raw.body;
    if (!stream) return next(); // never: carriesBody saw one
    const body = await readAtMost(stream, max);
    if (!body) throw tooLarge();
    c.req.raw = new Request(c.req.raw, { body });
    return next();
  });
}

function trimSlash(path: string): string {
  return path.length > 1 ? path.replace(/\/+$/, '') : path;
}

/**
 * HTTP/1.1: a body comes with Content-Length (non-zero) or Transfer-Encoding; in-process requests just have one. From
 * Node the headers decide, without building the web Request (its body getter does).
 */
export function carriesBody(c: Context<AppEnv>): boolean {
  if (c.req.method === 'GET' || c.req.method === 'HEAD') return false;
  if (!c.env?.incoming) return c.req.raw.body !== null;
  if (c.req.header('transfer-encoding')) return true;
  const length = c.req.header('content-length');
  return length !== undefined && length.trim() !== '0'; // from Node, neither header means no body
}

function declaredLength(c: Context<AppEnv>): number | undefined {
  if (c.req.header('transfer-encoding')) return undefined;
  const length = c.req.header('content-length');
  if (length === undefined || !/^\s*\d+\s*$/.test(length)) return undefined;
  return Number(length);
}

/** The whole stream when it fits in max bytes, else undefined as soon as it does not (the rest is never read). */
async function readAtMost(
  stream: ReadableStream<Uint8Array>,
  max: number,
): Promise<Uint8Array<ArrayBuffer> | undefined> {
  const reader = stream.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > max) {
      reader.releaseLock();
      return undefined;
    }
    chunks.push(value);
  }
  const body = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    body.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return body;
}

/**
 * The body of a request from Node as text (UTF-8, a byte-order mark dropped, as Request.text() reads it) when it fits
 * in max bytes, else undefined as soon as it does not: the rest is left unread and the connection is closed after the
 * answer (tooLarge).
 */
async function readTextAtMost(incoming: Readable, max: number): Promise<string | undefined> {
  const chunks: Buffer[] = [];
  let size = 0;
  for await (const chunk of incoming.iterator({ destroyOnReturn: false }) as AsyncIterable<Buffer>) {
    size += chunk.byteLength;
    if (size > max) return undefined;
    chunks.push(chunk);
  }
  return new TextDecoder().decode(Buffer.concat(chunks, size));
}

function formatBytes(bytes: number): string {
  if (bytes % (1024 * 1024) === 0) return `${bytes / (1024 * 1024)} MiB`;
  if (bytes % 1024 === 0) return `${bytes / 1024} KiB`;
  return `${bytes} bytes`;
}
