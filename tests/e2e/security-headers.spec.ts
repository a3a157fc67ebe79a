import { createHash } from 'node:crypto';
import { randomUUID } from 'node:crypto';
import { expect, test, type APIRequestContext } from './support/test.ts';

const port = Number(process.env.E2E_PORT ?? 4517);
const fixture = `http://127.0.0.1:${port + 100}`;
const emulatorOrigin = `http://127.0.0.1:${port + 4000}`;

/** A transcription made through the real API from the fake Instagram; its detail and tag pages render on demand. */
async function transcribed(request: APIRequestContext): Promise<{ slug: string; tag: string }> {
  const code = `Hdr${randomUUID().replace(/-/g, '').slice(0, 10)}`;
  const tag = `hdr${randomUUID().replace(/-/g, '').slice(0, 8)}`;
  await request.post(`${fixture}/__posts`, { data: { code, title: 'Headers reel', caption: `#${tag}` } });
  const answer = await request.post('/api/reels/transcribe', {
    data: { reel: `https://www.instagram.com/reel/${code}/` },
  });
  expect(answer.ok()).toBe(true);
  return { slug: ((await answer.json()) as { slug: string }).slug, tag };
}

function directives(csp: string): Map<string, string[]> {
  return new Map(
    csp
      .split(';')
      .map((part) => part.trim().split(/\s+/))
      .map(([name, ...sources]) => [name!, sources]),
  );
}

const sha256 = (code: string) => `'sha256-${createHash('sha256').update(code).digest('base64')}'`;

test('every kind of HTML answer carries the security headers and a CSP that covers its inline code', async ({
  request,
}) => {
  const { slug, tag } = await transcribed(request);
  const pages: { kind: string; path: string; status: number }[] = [
    { kind: 'static', path: '/', status: 200 },
    { kind: 'static tool page', path: '/tools/insta-transcript', status: 200 },
    { kind: 'workspace shell', path: '/dashboard/anything', status: 200 },
    { kind: 'on-demand transcript detail', path: `/reel-transcript/${slug}`, status: 200 },
    { kind: 'on-demand tag page', path: `/insta-transcript/tags/${tag}`, status: 200 },
    { kind: '404', path: `/no-such-page-${randomUUID()}`, status: 404 },
  ];

  for (const page of pages) {
    const response = await request.get(page.path);
    const headers = response.headers();
    const html = await response.text();

    expect(response.status(), page.kind).toBe(page.status);
    expect(headers['content-type'], page.kind).toMatch(/^text\/html/);
    expect(headers['x-content-type-options'], page.kind).toBe('nosniff');
    expect(headers['x-frame-options'], page.kind).toBe('SAMEORIGIN');
    expect(headers['referrer-policy'], page.kind).toBe('no-referrer');
    const csp = directives(headers['content-security-policy'] ?? '');
    expect(csp.get('frame-ancestors'), page.kind).toEqual(["'self'"]);
    expect(csp.get('object-src'), page.kind).toEqual(["'none'"]);
    expect(csp.get('base-uri'), page.kind).toEqual(["'self'"]);
    expect(csp.get('script-src'), page.kind).not.toContain("'unsafe-inline'");
    expect(csp.get('connect-src'), page.kind).toContain(emulatorOrigin); // the Auth emulator is in use here
    for (const [, attributes, body] of html.matchAll(/<script\b([^>]*)>([\s\S]*?)<\/script>/g)) {
      if (/\bsrc=|application\/ld\+json/.test(attributes!)) continue;
      expect(csp.get('script-src'), `${page.kind}: inline script ${body!.slice(0, 60)}`).toContain(sha256(body!));
    }
    for (const [, handler] of html.matchAll(/\son[a-z]+="([^"]*)"/g)) {
      expect(csp.get('script-src'), `${page.kind}: handler ${handler}`).toContain(
        sha256(handler!.replace(/&#39;/g, "'")),
      );
    }
  }
});

test('an on-demand transcript page runs under the CSP without a violation', async ({ page, request }) => {
  const { slug, tag } = await transcribed(request);

  await page.goto(`/reel-transcript/${slug}`);
  await page.waitForFunction(() => document.querySelectorAll('astro-island[ssr]').length === 0);
  await page.goto(`/insta-transcript/tags/${tag}`);

  await expect(page.locator('[data-preview-card]').first()).toBeVisible();
});
