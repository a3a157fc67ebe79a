import { cert, initializeApp, type App } from 'firebase-admin/app';
import { getAuth, type Auth, type DecodedIdToken } from 'firebase-admin/auth';
import { readFileSync } from 'node:fs';
import { EMULATOR_PROJECT_ID, signInProblems, type Config } from '../config.ts';

export interface TokenVerifier {
  verify: (token: string) => Promise<DecodedIdToken>;
  /** The token as verified before, while it has not expired; undefined when it was not verified yet (no check here). */
  peek: (token: string) => DecodedIdToken | undefined;
  revoke: (uid: string) => Promise<void>;
  /** Deletes the sign-in account itself (its refresh tokens die with it); an account already gone counts as deleted. */
  deleteAccount: (uid: string) => Promise<void>;
  /** A Firebase custom token for a uid (the emulator takes unsigned ones), with extra claims copied into its ID tokens. */
  mintCustomToken: (uid: string, claims?: Record<string, string>) => Promise<string>;
}

/** Builds the firebase-admin verifier; in emulator mode the emulator host is set before the app exists. */
export function createTokenVerifier(config: Config, emulatorHost?: string): TokenVerifier {
  // firebase-admin also obeys FIREBASE_AUTH_EMULATOR_HOST from the process environment, whatever config says:
  // checked again here so no caller can build a verifier that takes unsigned tokens for a real project.
  const problems = signInProblems({
    ...config,
    FIREBASE_AUTH_EMULATOR_HOST: emulatorHost ?? process.env.FIREBASE_AUTH_EMULATOR_HOST,
  });
  if (problems.length) throw new Error(`Refusing to verify sign-in tokens: ${problems.join(' ')}`);
  if (emulatorHost) process.env.FIREBASE_AUTH_EMULATOR_HOST = emulatorHost;
  const projectId = config.FIREBASE_PROJECT_ID ?? EMULATOR_PROJECT_ID;
  const app: App = initializeApp(
    {
      projectId,
      ...(config.FIREBASE_SERVICE_ACCOUNT && !emulatorHost
        ? { credential: cert(readServiceAccount(config.FIREBASE_SERVICE_ACCOUNT)) }
        : {}),
    },
    `inkpilot-${projectId}-${Math.random().toString(36).slice(2)}`,
  );
  const auth: Auth = getAuth(app);
  const cache = new TokenCache(10_000);
  return {
    async verify(token) {
      const cached = cache.get(token);
      if (cached) return cached;
      const decoded = await auth.verifyIdToken(token);
      cache.set(token, decoded);
      return decoded;
    },
    peek: (token) => cache.get(token),
    async revoke(uid) {
      cache.dropUser(uid);
      await auth.revokeRefreshTokens(uid);
    },
    async deleteAccount(uid) {
      cache.dropUser(uid);
      try {
        await auth.deleteUser(uid);
      } catch (error) {
        if ((error as { code?: string }).code !== 'auth/user-not-found') throw error;
      }
    },
    mintCustomToken(uid, claims) {
      return auth.createCustomToken(uid, claims);
    },
  };
}

function readServiceAccount(value: string): object {
  const text = value.trim().startsWith('{') ? value : readFileSync(value, 'utf8');
  return JSON.parse(text) as object;
}

/** Verified tokens kept until they expire, so the signature check runs once per token, not per request. */
class TokenCache {
  private readonly entries = new Map<string, DecodedIdToken>();
  private readonly limit: number;
  constructor(limit: number) {
    this.limit = limit;
  }
  get(token: string): DecodedIdToken | undefined {
    const entry = this.entries.get(token);
    if (!entry) return undefined;
    if (entry.exp * 1000 <= Date.now()) {
      this.entries.delete(token);
      return undefined;
    }
    return entry;
  }
  set(token: string, decoded: DecodedIdToken): void {
    if (this.entries.size >= this.limit) {
      const oldest = this.entries.keys().next().value;
      if (oldest !== undefined) this.entries.delete(oldest);
    }
    this.entries.set(token, decoded);
  }
  dropUser(uid: string): void {
    for (const [token, decoded] of this.entries) if (decoded.uid === uid) this.entries.delete(token);
  }
}
