import { createServer, type IncomingMessage } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { guardedFetch } from '../../api/providers/safe-fetch/request.ts';
import { SafeFetchError } from '../../api/providers/safe-fetch/index.ts';

let origin = '';
let last: { method: string; headers: IncomingMessage['headers']; body: string } | null = null;
const server = createServer((request, response) => {
  const chunks: Buffer[] = [];
  request.on('data', (chunk: Buffer) => chunks.push(chunk));
  request.on('end', () => {
    last = { method: request.method ?? '', headers: request.headers, body: Buffer.concat(chunks).toString() };
    if (request.url === '/moved') return response.writeHead(302, { location: '/echo' }).end();
    if (request.url === '/to-private') return response.writeHead(302, { location: 'http://10.0.0.1/' }).end();
    if (request.url === '/big') return response.writeHead(200).end('x'.repeat(2048));
    if (request.url === '/slow') return setTimeout(() => response.writeHead(200).end('late'), 2000);
    response.writeHead(201, { 'content-type': 'application/json', 'x-extra': 'a' });
    response.end(JSON.stringify({ method: request.method, url: request.url }));
  });
});

beforeAll(async () => {
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});
afterAll(() => new Promise<void>((resolve) => server.close(() => resolve())));

const loopback = guardedFetch({ allowLoopback: true, timeoutMs: 1000, maxBytes: 1024 });
const refused = (promise: Promise<unknown>) =>
  promise.then(
    () => null,
    (error: unknown) => error,
  );

describe('guarded fetch with fetch’s signature', () => {
  it('sends any method with its headers and body (JSON, a multipart form) and answers a Response', async () => {
    const json = await loopback(`${origin}/echo`, {
      method: 'PUT',
      headers: { 'content-type': 'application/json', authorization: 'Ghost abc' },
      body: JSON.stringify({ a: 1 }),
    });
    const sentJson = last;
    const form = new FormData();
    form.set('file', new Blob([new Uint8Array([1, 2, 3])], { type: 'image/png' }), 'cover.png');
    await loopback(`${origin}/upload`, { method: 'POST', body: form });
    const sentForm = last;

    expect(json.status).toBe(201);
    expect(json.headers.get('x-extra')).toBe('a');
    expect(await json.json()).toEqual({ method: 'PUT', url: '/echo' });
    expect(json.url).toBe(`${origin}/echo`);
    expect(sentJson).toMatchObject({ method: 'PUT', body: '{"a":1}' });
    expect(sentJson?.headers.authorization).toBe('Ghost abc');
    expect(sentForm?.headers['content-type']).toMatch(/^multipart\/form-data; boundary=/);
    expect(sentForm?.body).toContain('filename="cover.png"');
  });

  it('follows a redirect for a GET, hands a write its redirect back, and checks every hop', async () => {
    const followed = await loopback(`${origin}/moved`);
    const written = await loopback(`${origin}/moved`, { method: 'POST', body: 'x' });
    const toPrivate = await refused(loopback(`${origin}/to-private`));

    expect(followed.status).toBe(201);
    expect(followed.url).toBe(`${origin}/echo`);
    expect(written.status).toBe(302);
    expect(toPrivate).toBeInstanceOf(SafeFetchError);
    expect((toPrivate as SafeFetchError).reason).toBe('blocked');
  });

  it('refuses loopback and private addresses unless allowed, other schemes and credentials in the address', async () => {
    const guarded = guardedFetch({ timeoutMs: 1000, maxBytes: 1024 });

    const answers = await Promise.all(
      [
        `${origin}/echo`,
        'http://169.254.169.254/latest/meta-data',
        'http://[::1]/',
        'file:///etc/passwd',
        'http://a:b@example.com/',
      ].map((url) => refused(guarded(url))),
    );

    expect(answers.map((error) => (error as SafeFetchError).reason)).toEqual([
      'blocked',
      'blocked',
      'blocked',
      'bad_url',
      'bad_url',
    ]);
  });

  it('stops an answer past its size cap and a server past the time limit', async () => {
    const big = await refused(loopback(`${origin}/big`));
    const slow = await refused(loopback(`${origin}/slow`));

    expect((big as SafeFetchError).reason).toBe('too_large');
    expect((slow as SafeFetchError).reason).toBe('timeout');
  });
});
