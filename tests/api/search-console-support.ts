// Shared by the API tests that need a project connected to Search Console through the fake Google
// (tests/fixtures/fake-google): what the browser does on Google's consent page, and the connect flow around it.
import { expect, vi } from 'vitest';
import type { startFakeGoogle } from '../fixtures/fake-google/server.mjs';
import type { Blog } from './blog-support.ts';
import { call, type testApp } from './helpers.ts';

type App = ReturnType<typeof testApp>;
type FakeGoogle = Awaited<ReturnType<typeof startFakeGoogle>>;

/** Reads Google's consent form and presses Allow: where Google sends the browser back. */
export async function allowOnGoogle(google: FakeGoogle, authorizationUrl: string): Promise<URL> {
  return answerConsent(google, await (await fetch(authorizationUrl)).text(), 'allow');
}

/** Presses Allow (or Cancel) on Google's consent form, given its HTML: where Google sends the browser back. */
export async function answerConsent(google: FakeGoogle, html: string, decision: 'allow' | 'deny'): Promise<URL> {
  const form = new URLSearchParams({ decision });
  for (const [, name, value] of html.matchAll(/<input type="hidden" name="([^"]+)" value="([^"]*)">/g))
    form.set(name ?? '', (value ?? '').replace(/&amp;/g, '&').replace(/&quot;/g, '"'));
  const answer = await fetch(`${google.origin}/o/oauth2/v2/auth/consent`, {
    method: 'POST',
    body: form,
    redirect: 'manual',
  });
  expect(answer.status).toBe(302);
  return new URL(answer.headers.get('location') ?? '');
}

/**
 * Connects the project as its owner (connect → Google's consent → callback) and, when `property` is given, picks it
 * (the fake's account gets it first). Returns the refresh token the fake issued for this grant.
 */
export async function connectSearchConsole(
  app: App,
  google: FakeGoogle,
  blog: Blog,
  property?: string,
): Promise<string> {
  const before = new Set(google.state.refreshTokens.keys());
  const started = await call(app, 'POST', `/api/projects/${blog.projectId}/search-console/connect`, {
    token: blog.owner.token,
  });
  expect(started.status).toBe(200);
  const back = await allowOnGoogle(google, started.body.authorization_url);
  const done = await call(app, 'POST', `/api/projects/${blog.projectId}/search-console/callback`, {
    token: blog.owner.token,
    body: { state: back.searchParams.get('state'), code: back.searchParams.get('code') },
  });
  expect(done.status).toBe(200);
  if (property) {
    google.state.sites.push({ siteUrl: property, permissionLevel: 'siteOwner' });
    const picked = await call(app, 'PUT', `/api/projects/${blog.projectId}/search-console/property`, {
      token: blog.owner.token,
      body: { site_url: property },
    });
    expect(picked.status).toBe(200);
  }
  const issued = [...google.state.refreshTokens.keys()].filter((token) => !before.has(token));
  expect(issued).toHaveLength(1);
  return issued[0] ?? '';
}

/** Copies every console line into `printed` (still printing it), so a test can search them all for a token. */
export function captureConsole(
  printed: string[],
  methods: readonly ('log' | 'info' | 'warn' | 'error' | 'debug')[],
): void {
  for (const method of methods) {
    const original = console[method];
    vi.spyOn(console, method).mockImplementation((...args: unknown[]) => {
      printed.push(args.map(String).join(' '));
      original(...args);
    });
  }
}
