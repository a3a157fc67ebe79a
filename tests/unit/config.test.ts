import { describe, expect, it } from 'vitest';
import { loadConfig, signInProblems, usesAuthEmulator } from '../../api/config.ts';

describe('configuration', () => {
  it('runs with nothing set, on the embedded defaults', () => {
    const config = loadConfig({});

    expect(config.PORT).toBe(4321);
    expect(config.DATABASE_URL).toBeUndefined();
    expect(usesAuthEmulator(config)).toBe(true);
  });

  it('names the variable when a value is bad', () => {
    expect(() => loadConfig({ PORT: 'eighty' })).toThrow(/PORT/);
    expect(() => loadConfig({ DATABASE_URL: 'nope' })).toThrow(/DATABASE_URL/);
  });

  it('reads admin lists as trimmed lower-case emails', () => {
    const config = loadConfig({ ADMIN_EMAILS: ' Boss@Example.com , ,ops@example.com' });

    expect(config.ADMIN_EMAILS).toEqual(['boss@example.com', 'ops@example.com']);
  });

  it('reads APP_HOSTS as lower-case host names and refuses anything else, naming the variable', () => {
    expect(loadConfig({ APP_HOSTS: ' App.Example.com ,, lb.internal ' }).APP_HOSTS).toEqual([
      'app.example.com',
      'lb.internal',
    ]);
    for (const bad of ['https://app.example.com', 'app.example.com:443', 'app.example.com/x', '-app.example.com']) {
      expect(() => loadConfig({ APP_HOSTS: bad }), bad).toThrow(/APP_HOSTS: must be comma-separated host names/);
    }
  });

  it.each([
    [
      { SITE_URL: 'https://app.blogs.example.com', BLOG_BASE_URL: 'https://blogs.example.com' },
      [/SITE_URL: its host app\.blogs\.example\.com is a project blog subdomain of BLOG_BASE_URL/],
    ],
    [{ SITE_URL: 'http://www.blogs.localhost:4321' }, [/SITE_URL/, /BLOG_BASE_URL \(http:\/\/blogs\.localhost:4321\)/]],
    [
      { APP_HOSTS: 'ok.example.com,admin.blogs.example.com', BLOG_BASE_URL: 'https://blogs.example.com' },
      [/APP_HOSTS: admin\.blogs\.example\.com is a project blog subdomain of BLOG_BASE_URL/],
    ],
  ])('refuses to start when an app host would be a project blog subdomain (%j)', (env, names) => {
    let message = '';
    try {
      loadConfig(env);
    } catch (error) {
      message = (error as Error).message;
    }

    expect(message).toMatch(/^Invalid configuration/);
    for (const name of names) expect(message).toMatch(name);
  });

  it('starts when the app is outside the blogs’ subdomains', () => {
    for (const env of [
      { SITE_URL: 'https://app.example.com', BLOG_BASE_URL: 'https://blogs.example.com' },
      { SITE_URL: 'https://example.com', BLOG_BASE_URL: 'https://blogs.example.com' },
      { SITE_URL: 'https://inkpilot.app', BLOG_BASE_URL: 'https://inkpilot.blog' },
    ]) {
      expect(() => loadConfig(env), JSON.stringify(env)).not.toThrow();
    }
  });

  it('takes an invite signing key of 32 characters or more, or none', () => {
    expect(loadConfig({}).INVITE_SIGNING_SECRET).toBeUndefined();
    expect(loadConfig({ INVITE_SIGNING_SECRET: 'x'.repeat(32) }).INVITE_SIGNING_SECRET).toBe('x'.repeat(32));
    expect(() => loadConfig({ INVITE_SIGNING_SECRET: 'short' })).toThrow(
      /INVITE_SIGNING_SECRET: must be at least 32 characters/,
    );
  });

  it('uses a real Firebase project when one is configured', () => {
    expect(usesAuthEmulator(loadConfig({ FIREBASE_PROJECT_ID: 'inkpilot-prod' }))).toBe(false);
  });

  /** Settings under which the emulator (which accepts unsigned tokens) could judge sign-in where it must not. */
  const REFUSED: { env: Record<string, string>; names: RegExp[] }[] = [
    {
      env: { FIREBASE_PROJECT_ID: 'inkpilot-prod', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      names: [/FIREBASE_AUTH_EMULATOR_HOST/, /FIREBASE_PROJECT_ID/],
    },
    {
      env: { NODE_ENV: 'test', FIREBASE_PROJECT_ID: 'inkpilot-prod', FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9099' },
      names: [/FIREBASE_AUTH_EMULATOR_HOST/],
    },
    { env: { NODE_ENV: 'production' }, names: [/NODE_ENV=production/, /FIREBASE_PROJECT_ID/] },
    { env: { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'demo-inkpilot' }, names: [/FIREBASE_PROJECT_ID/, /demo-/] },
    {
      env: { NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      names: [/FIREBASE_AUTH_EMULATOR_HOST/, /FIREBASE_PROJECT_ID/],
    },
    {
      env: {
        NODE_ENV: 'production',
        FIREBASE_PROJECT_ID: 'inkpilot-prod',
        FIREBASE_AUTH_EMULATOR_HOST: '10.0.0.5:9099',
      },
      names: [/FIREBASE_AUTH_EMULATOR_HOST/],
    },
    {
      env: { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'demo-x', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
      names: [/FIREBASE_AUTH_EMULATOR_HOST/],
    },
  ];

  it.each(REFUSED)('refuses to start with $env, naming the variables', ({ env, names }) => {
    let message = '';
    try {
      loadConfig(env);
    } catch (error) {
      message = (error as Error).message;
    }

    expect(message).toMatch(/^Refusing to start/);
    for (const name of names) expect(message).toMatch(name);
  });

  /** Settings that are safe: local emulator work, a demo project, or a real project without the emulator. */
  const ALLOWED: Record<string, string>[] = [
    {},
    { NODE_ENV: 'test' },
    { FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
    { FIREBASE_PROJECT_ID: 'demo-inkpilot', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' },
    { FIREBASE_PROJECT_ID: 'inkpilot-prod' },
    { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'inkpilot-prod' },
  ];

  it.each(ALLOWED)('starts with %o', (env) => {
    expect(signInProblems(loadConfig(env))).toEqual([]);
  });
});

describe('FETCH_ALLOW_LOOPBACK', () => {
  it('is off unless set', () => {
    expect(loadConfig({}).FETCH_ALLOW_LOOPBACK).toBe(false);
    expect(
      loadConfig({ FETCH_ALLOW_LOOPBACK: 'false', NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'inkpilot-prod' })
        .FETCH_ALLOW_LOOPBACK,
    ).toBe(false);
  });

  it('turns on with exactly "true" in tests (NODE_ENV=test)', () => {
    expect(loadConfig({ FETCH_ALLOW_LOOPBACK: 'true', NODE_ENV: 'test' }).FETCH_ALLOW_LOOPBACK).toBe(true);
  });

  it.each(['production', 'development', undefined])(
    'refuses to start with "true" when NODE_ENV is %s, naming the variable',
    (nodeEnv) => {
      const env = nodeEnv ? { FETCH_ALLOW_LOOPBACK: 'true', NODE_ENV: nodeEnv } : { FETCH_ALLOW_LOOPBACK: 'true' };

      expect(() => loadConfig(env)).toThrow(/FETCH_ALLOW_LOOPBACK.*NODE_ENV=test/);
    },
  );

  it.each(['yes', 'on', '1', 'y', 'enabled', 'TRUE', 'True', ' true', 'true ', ''])(
    'refuses the loose value %j, naming the variable',
    (value) => {
      expect(() => loadConfig({ FETCH_ALLOW_LOOPBACK: value, NODE_ENV: 'test' })).toThrow(/FETCH_ALLOW_LOOPBACK/);
      expect(() => loadConfig({ FETCH_ALLOW_LOOPBACK: value, NODE_ENV: 'production' })).toThrow(/FETCH_ALLOW_LOOPBACK/);
    },
  );
});

describe('transcriber limits', () => {
  it('has a per-client daily cap and a concurrency limit by default', () => {
    const config = loadConfig({});

    expect(config.TRANSCRIBE_CLIENT_DAILY_CAP).toBe(20);
    expect(config.TRANSCRIBE_CONCURRENCY).toBe(2);
  });

  it.each([
    ['TRANSCRIBE_CLIENT_DAILY_CAP', '0'],
    ['TRANSCRIBE_CLIENT_DAILY_CAP', 'many'],
    ['TRANSCRIBE_CONCURRENCY', '0'],
    ['TRANSCRIBE_CONCURRENCY', '1.5'],
  ])('refuses %s=%s, naming the variable', (name, value) => {
    expect(() => loadConfig({ [name]: value })).toThrow(new RegExp(name));
  });

  it('reads TRUSTED_PROXIES as addresses and CIDR ranges of both families', () => {
    expect(loadConfig({ TRUSTED_PROXIES: '10.0.0.0/8, 192.168.1.5 ,2001:db8::/32,::1' }).TRUSTED_PROXIES).toEqual([
      '10.0.0.0/8',
      '192.168.1.5',
      '2001:db8::/32',
      '::1',
    ]);
  });

  it.each(['proxy.internal', '10.0.0.0/33', '10.0.0.1,unknown', '2001:db8::/200'])(
    'refuses TRUSTED_PROXIES=%s, naming the variable',
    (value) => {
      expect(() => loadConfig({ TRUSTED_PROXIES: value })).toThrow(/TRUSTED_PROXIES/);
    },
  );
});
