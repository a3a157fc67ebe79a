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

  it('uses a real Firebase project when one is configured', () => {
    expect(usesAuthEmulator(loadConfig({ FIREBASE_PROJECT_ID: 'inkpilot-prod' }))).toBe(false);
  });

  /** Settings under which the emulator (which accepts unsigned tokens) could judge sign-in where it must not. */
  const REFUSED: { env: Record<string, string>; names: RegExp[] }[] = [
    { env: { FIREBASE_PROJECT_ID: 'inkpilot-prod', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, names: [/FIREBASE_AUTH_EMULATOR_HOST/, /FIREBASE_PROJECT_ID/] },
    { env: { NODE_ENV: 'test', FIREBASE_PROJECT_ID: 'inkpilot-prod', FIREBASE_AUTH_EMULATOR_HOST: 'localhost:9099' }, names: [/FIREBASE_AUTH_EMULATOR_HOST/] },
    { env: { NODE_ENV: 'production' }, names: [/NODE_ENV=production/, /FIREBASE_PROJECT_ID/] },
    { env: { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'demo-inkpilot' }, names: [/FIREBASE_PROJECT_ID/, /demo-/] },
    { env: { NODE_ENV: 'production', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, names: [/FIREBASE_AUTH_EMULATOR_HOST/, /FIREBASE_PROJECT_ID/] },
    { env: { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'inkpilot-prod', FIREBASE_AUTH_EMULATOR_HOST: '10.0.0.5:9099' }, names: [/FIREBASE_AUTH_EMULATOR_HOST/] },
    { env: { NODE_ENV: 'production', FIREBASE_PROJECT_ID: 'demo-x', FIREBASE_AUTH_EMULATOR_HOST: '127.0.0.1:9099' }, names: [/FIREBASE_AUTH_EMULATOR_HOST/] },
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
