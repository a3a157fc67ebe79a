import { describe, expect, it } from 'vitest';
import { loadConfig, usesAuthEmulator } from '../../api/config.ts';

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
});
