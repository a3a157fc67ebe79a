import { describe, expect, inject, it } from 'vitest';
import { createTokenVerifier } from '../../api/auth/firebase.ts';
import { loadConfig } from '../../api/config.ts';

/** An unsigned token naming an admin, the kind the Auth emulator accepts. */
function unsignedToken(projectId: string, email: string): string {
  const part = (value: object) => Buffer.from(JSON.stringify(value)).toString('base64url');
  const now = Math.floor(Date.now() / 1000);
  return `${part({ alg: 'none', typ: 'JWT' })}.${part({
    iss: `https://securetoken.google.com/${projectId}`,
    aud: projectId,
    sub: 'attacker',
    user_id: 'attacker',
    email,
    email_verified: true,
    auth_time: now,
    iat: now,
    exp: now + 3600,
    firebase: { sign_in_provider: 'google.com', identities: {} },
  })}.`;
}

describe('token verification against a real Firebase project', () => {
  it('cannot be built while an emulator host is set, so an alg: none token is never judged by the emulator', async () => {
    const config = loadConfig({ NODE_ENV: 'test', FIREBASE_PROJECT_ID: 'inkpilot-prod' });
    let verified: unknown;

    const build = () => {
      const verifier = createTokenVerifier(config, inject('authEmulatorHost'));
      verified = verifier.verify(unsignedToken('inkpilot-prod', 'boss@example.com'));
    };

    expect(build).toThrow(/FIREBASE_AUTH_EMULATOR_HOST.*FIREBASE_PROJECT_ID/);
    expect(verified).toBeUndefined();
  });
});
