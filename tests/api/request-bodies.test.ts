import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { randomUUID } from 'node:crypto';
import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import { describe, expect, it } from 'vitest';
import { loadConfig } from '../../api/config.ts';
import type { AppDeps, AppEnv } from '../../api/lib/hono.ts';
import { limitBodies } from '../../api/middleware/body.ts';
import { handleError } from '../../api/middleware/errors.ts';
import { call, signInUser, testApp, testSql } from './helpers.ts';

const MiB = 1024 * 1024;

/** The app on a real socket, so Content-Length, chunked bodies and connection handling are Node's own. */
async function served(env: Record<string, string> = {}) {
  const server = serve({ fetch: testApp(env).fetch, port: 0, hostname: '127.0.0.1' });
  await new Promise((done) => server.once('listening', done));
  const port = (server.address() as AddressInfo).port;
  return { port, origin: `http://127.0.0.1:${port}`, stop: () => new Promise((done) => server.close(done)) };
}

/**
 * Streams up to `total` bytes of a JSON-looking body as chunks (no Content-Length) and stops as soon as the server
 * answers or closes; resolves with the status and how many bytes the client got to send.
 */
function streamBody(
  port: number,
  path: string,
  total: number,
): Promise<{ status: number | undefined; sent: number; body: string }> {
  return new Promise((done) => {
    let sent = 0;
    let status: number | undefined;
    let body = '';
    let finished = false;
    const finish = () => {
      if (finished) return;
      finished = true;
      req.destroy();
      done({ status, sent, body });
    };
    const req = request({
      host: '127.0.0.1',
      port,
      path,
      method: 'POST',
      headers: { 'content-type': 'application/json', 'transfer-encoding': 'chunked' },
    });
    req.on('response', (response) => {
      status = response.statusCode;
      response.setEncoding('utf8');
      response.on('data', (chunk: string) => (body += chunk));
      response.on('end', finish);
      response.on('error', finish);
    });
    req.on('error', finish);
    req.on('close', () => {
      if (status === undefined) finish();
    });
    const chunk = Buffer.alloc(64 * 1024, 'a');
    req.write('{"reel":"');
    const pump = () => {
      while (!finished && sent < total) {
        sent += chunk.length;
        if (!req.write(chunk)) return void req.once('drain', pump);
      }
      if (!finished && sent >= total) req.end('"}');
    };
    pump();
  });
}

describe('request body limits on /api', () => {
  it('cuts a streamed 200 MiB body to the anonymous transcriber off early with 413, reading a small part of it', async () => {
    const server = await served();
    const before = process.memoryUsage().rss;

    const answer = await streamBody(server.port, '/api/reels/transcribe', 200 * MiB);
    await server.stop();

    expect(answer.status).toBe(413);
    expect(JSON.parse(answer.body)).toMatchObject({
      detail: 'The request body is larger than the limit of 1 MiB.',
      request_id: expect.any(String),
    });
    expect(answer.sent).toBeLessThan(32 * MiB); // the connection closed long before the 200 MiB were sent
    expect(process.memoryUsage().rss - before).toBeLessThan(256 * MiB);
  });

  it('refuses a declared Content-Length over the limit without reading it, before sign-in', async () => {
    const server = await served({ API_BODY_MAX_BYTES: '2048' });
    const body = JSON.stringify({ name: 'x'.repeat(4000) });

    const answers = await Promise.all([
      fetch(`${server.origin}/api/reels/transcribe`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }),
      fetch(`${server.origin}/api/projects/`, {
        method: 'POST',
        headers: { 'content-type': 'application/json' },
        body,
      }), // no token: still 413
    ]);
    await server.stop();

    for (const answer of answers) {
      expect(answer.status).toBe(413);
      expect(await answer.json()).toMatchObject({
        detail: 'The request body is larger than the limit of 2 KiB.',
        request_id: expect.any(String),
      });
    }
  });

  it('reads a JSON body within the configured limit as before', async () => {
    const user = await signInUser();
    const name = `Within ${randomUUID()}`;
    const app = testApp({ API_BODY_MAX_BYTES: '2048' });

    const made = await call(app, 'POST', '/api/projects/', {
      token: user.token,
      body: { name, description: 'd'.repeat(1500) },
    });

    expect(made.status).toBe(201);
    expect(made.body.name).toBe(name);
  });

  it('counts a streamed (chunked) body too: one byte over the limit is 413', async () => {
    const app = testApp({ API_BODY_MAX_BYTES: '1024' });
    const sized = (bytes: number) =>
      new ReadableStream<Uint8Array>({
        start(controller) {
          const text = `{"name":"n","description":"${'d'.repeat(bytes - 29)}"}`; // exactly `bytes` long
          controller.enqueue(new TextEncoder().encode(text));
          controller.close();
        },
      });
    const user = await signInUser();
    const post = (bytes: number) =>
      app.request('/api/projects/', {
        method: 'POST',
        headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        body: sized(bytes),
        duplex: 'half',
      } as RequestInit);

    expect((await post(1024)).status).toBe(201);
    expect((await post(1025)).status).toBe(413);
  });

  it('over a socket, reads a chunked JSON body of exactly the limit, refuses one byte more, and keeps its characters', async () => {
    const server = await served({ API_BODY_MAX_BYTES: '1024' });
    const user = await signInUser();
    /** POSTs the bytes as chunks of `size` (no Content-Length), so a character may be cut between two chunks. */
    const chunked = (bytes: Buffer, size: number) =>
      new Promise<{ status: number; body: { name?: string; detail?: unknown } }>((done, fail) => {
        const req = request(`${server.origin}/api/projects/`, {
          method: 'POST',
          headers: { 'content-type': 'application/json', authorization: `Bearer ${user.token}` },
        });
        req.on('response', (response) => {
          let text = '';
          response.setEncoding('utf8');
          response.on('data', (chunk: string) => (text += chunk));
          response.on('end', () => done({ status: response.statusCode ?? 0, body: JSON.parse(text) }));
        });
        req.on('error', fail);
        for (let at = 0; at < bytes.length; at += size) req.write(bytes.subarray(at, at + size));
        req.end();
      });
    const name = `Café ✓ ${randomUUID()}`;
    const json = (bytes: number) => {
      const head = Buffer.from(`\uFEFF{"name":"${name}","description":"`); // with a byte-order mark, as some clients send
      return Buffer.concat([head, Buffer.from(`${'d'.repeat(bytes - head.length - 2)}"}`)]);
    };

    const fits = await chunked(json(1024), 7);
    const over = await chunked(json(1025), 7);
    await server.stop();

    expect(fits.status).toBe(201);
    expect(fits.body.name).toBe(name);
    expect(over.status).toBe(413);
    expect(over.body.detail).toBe('The request body is larger than the limit of 1 KiB.');
  });
});

/** Media types a JSON route must refuse; text/plain and form posts are what another site can send without a preflight. */
const NOT_JSON: { contentType: string | undefined; why: string }[] = [
  { contentType: 'text/plain', why: 'simple request, no CORS preflight' },
  { contentType: 'text/plain;charset=UTF-8', why: "what a browser's fetch with a string body sends" },
  { contentType: 'application/x-www-form-urlencoded', why: 'a plain HTML form' },
  { contentType: 'multipart/form-data; boundary=x', why: 'an HTML form with enctype multipart' },
  { contentType: undefined, why: 'no type at all' },
  { contentType: 'application/jsonp', why: 'prefix of the right type' },
  { contentType: 'text/json', why: 'not the registered type' },
  { contentType: 'application/json-patch+json', why: 'a different JSON type' },
];

describe('JSON routes require Content-Type: application/json', () => {
  it.each(NOT_JSON)(
    'refuses $contentType on the transcriber with 415 ($why), before the rate limit',
    async ({ contentType }) => {
      const reel = `https://www.instagram.com/reel/Ct${randomUUID().replace(/-/g, '').slice(0, 10)}/`;
      // A per-minute limit of 1: had the request reached the rate limit, it would have used it up.
      const app = testApp({ TRANSCRIBE_RATE_PER_MINUTE: '1' });

      const answer = await app.request('/api/reels/transcribe', {
        method: 'POST',
        headers: contentType ? { 'content-type': contentType } : {},
        body: JSON.stringify({ reel }),
      });

      expect(answer.status).toBe(415);
      expect(await answer.json()).toMatchObject({
        detail: 'Send the request body as JSON with Content-Type: application/json.',
        request_id: expect.any(String),
      });
      const [row] =
        await testSql()`select count(*)::int as n from transcriptions where reel_code = ${reel.split('/')[4]!}`;
      expect(row!.n).toBe(0);
    },
  );

  it.each(NOT_JSON)('refuses $contentType when creating a project, and creates nothing', async ({ contentType }) => {
    const user = await signInUser();
    const name = `Typed ${randomUUID()}`;
    const app = testApp();

    const answer = await app.request('/api/projects/', {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, ...(contentType ? { 'content-type': contentType } : {}) },
      body: JSON.stringify({ name }),
    });

    expect(answer.status).toBe(415);
    const [row] = await testSql()`select count(*)::int as n from projects where name = ${name}`;
    expect(row!.n).toBe(0);
  });

  it('accepts application/json with a charset and any letter case', async () => {
    const user = await signInUser();
    const app = testApp();

    const answer = await app.request('/api/projects/', {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}`, 'content-type': 'Application/JSON; charset=utf-8' },
      body: JSON.stringify({ name: `Cased ${randomUUID()}` }),
    });

    expect(answer.status).toBe(201);
  });

  it('lets a body-less POST (sign-out) through without a content type', async () => {
    const user = await signInUser();
    const server = await served();

    const answer = await fetch(`${server.origin}/api/users/logout`, {
      method: 'POST',
      headers: { authorization: `Bearer ${user.token}` },
    });
    await server.stop();

    expect(answer.status).toBe(200);
  });
});

describe('a route that declares its own body rule', () => {
  /** A stand-in upload route behind the same middleware, declared the way a real upload route declares itself. */
  function uploadApp() {
    const config = loadConfig({ NODE_ENV: 'test', API_BODY_MAX_BYTES: '1024', UPLOAD_MAX_BYTES: '4096' });
    const app = new Hono<AppEnv>({ strict: false });
    app.onError(handleError);
    app.use('*', async (c, next) => {
      c.set('deps', { config } as AppDeps);
      await next();
    });
    app.use(
      '*',
      limitBodies([
        { method: 'POST', path: '/api/upload', type: 'multipart/form-data', maxBytes: (cfg) => cfg.UPLOAD_MAX_BYTES },
      ]),
    );
    app.post('/api/upload', async (c) => c.json({ fields: Object.keys(await c.req.parseBody()) }));
    app.post('/api/other', async (c) => c.json(await c.req.json()));
    return app;
  }
  const form = (bytes: number) => {
    const data = new FormData();
    data.set('file', new Blob(['x'.repeat(bytes)]), 'notes.txt');
    return data;
  };

  it('accepts multipart within its own limit, larger than the JSON limit', async () => {
    const answer = await uploadApp().request('/api/upload/', { method: 'POST', body: form(3000) });

    expect(answer.status).toBe(200);
    expect(await answer.json()).toEqual({ fields: ['file'] });
  });

  it('refuses multipart over its own limit (413) and JSON on the upload route (415)', async () => {
    const app = uploadApp();

    const big = await app.request('/api/upload', { method: 'POST', body: form(5000) });
    const json = await app.request('/api/upload', {
      method: 'POST',
      headers: { 'content-type': 'application/json' },
      body: '{}',
    });
    const formElsewhere = await app.request('/api/other', { method: 'POST', body: form(10) });

    expect(big.status).toBe(413);
    expect((await big.json()).detail).toBe('The request body is larger than the limit of 4 KiB.');
    expect(json.status).toBe(415);
    expect((await json.json()).detail).toBe('Send the request body as a form with Content-Type: multipart/form-data.');
    expect(formElsewhere.status).toBe(415);
  });
});
