import { randomBytes } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { boxWithKey } from '../../api/services/secret-box.ts';

describe('the secret box (credentials at rest)', () => {
  const box = boxWithKey(randomBytes(32));

  it('opens what it sealed, and the sealed text shows nothing of the secret', () => {
    const sealed = box.seal('wp-app-password 1234', 'destination:1:app_password');

    expect(sealed).not.toContain('wp-app-password');
    expect(box.open(sealed, 'destination:1:app_password')).toBe('wp-app-password 1234');
  });

  it('seals the same secret differently each time', () => {
    expect(box.seal('same', 'p')).not.toBe(box.seal('same', 'p'));
  });

  it('refuses a value moved to another purpose, a tampered value and another key', () => {
    const sealed = box.seal('token', 'search-console:a');
    const [version, iv, body] = sealed.split('.') as [string, string, string];
    const flipped = Buffer.from(body, 'base64url');
    flipped[0] = (flipped[0] ?? 0) ^ 1;

    expect(() => box.open(sealed, 'search-console:b')).toThrow();
    expect(() => box.open(`${version}.${iv}.${flipped.toString('base64url')}`, 'search-console:a')).toThrow();
    expect(() => boxWithKey(randomBytes(32)).open(sealed, 'search-console:a')).toThrow();
    expect(() => box.open('plain text', 'search-console:a')).toThrow('not a sealed secret');
  });
});
