import type { Config } from '../../config.ts';
import type { Sql } from '../../db/sql.ts';
import { GoogleOAuthError, refreshAccessToken } from '../../providers/google/oauth.ts';
import {
  searchConsoleClient,
  type AccessTokens,
  type SearchConsoleClient,
} from '../../providers/google/search-console.ts';
import { secretBox, type SecretBox } from '../secret-box.ts';
import type { Caches } from '../caches.ts';
import { type ConnectionRow, markReconnect, storeAccessToken } from './queries/connections.ts';

/** What the panel says when Google refused the stored refresh token. */
export const RECONNECT_REASON =
  'Google no longer accepts the access Inkpilot was given (it was revoked in the Google account, or expired). An owner must reconnect Search Console.';

/** What the panel says when the stored token cannot be opened (SECRETS_ENCRYPTION_KEY changed). */
export const UNREADABLE_REASON =
  "The stored Google access can no longer be read (the server's encryption key changed). An owner must reconnect Search Console.";

/** Google refused the refresh token: the connection is marked for reconnecting and nothing more can be read. */
export class ReconnectNeeded extends Error {
  constructor(reason = RECONNECT_REASON) {
    super(reason);
  }
}

/** Where the sealed tokens of a project's connection are bound (a sealed value opens only under its own purpose). */
export const tokenPurpose = (projectId: string, kind: 'refresh_token' | 'access_token' | 'code_verifier') =>
  `search-console:${projectId.toLowerCase()}:${kind}`;

/** An access token is renewed this long before Google's expiry, so a call never starts with one about to lapse. */
const EARLY_MS = 60_000;

/** The secret box of a process without request caches (jobs): the key is read once per process. */
const jobSecrets = new WeakMap<Sql, Pick<Caches, 'serverSecrets'>>();
export function boxFor(deps: { sql: Sql; config: Config; caches?: Pick<Caches, 'serverSecrets'> }): Promise<SecretBox> {
  let caches = deps.caches ?? jobSecrets.get(deps.sql);
  if (!caches) {
    caches = { serverSecrets: new Map() };
    jobSecrets.set(deps.sql, caches);
  }
  return secretBox({ sql: deps.sql, config: deps.config, caches });
}

/**
 * The access tokens of a connection: the stored one while it has a minute left, else a new one from the refresh
 * token (stored sealed for every process). Google answering invalid_grant marks the connection "reconnect".
 */
export function connectionTokens(
  deps: { sql: Sql; config: Config; box: SecretBox },
  connection: ConnectionRow,
  now: () => Date = () => new Date(),
): AccessTokens {
  const projectId = connection.project_id;
  let renewing: Promise<string> | null = null;
  let current: { token: string; expiresAt: Date } | null = null;
  if (connection.access_token_sealed && connection.access_token_expires_at) {
    try {
      const token = deps.box.open(connection.access_token_sealed, tokenPurpose(projectId, 'access_token'));
      current = { token, expiresAt: connection.access_token_expires_at };
    } catch {
      current = null; // sealed under another key: a new one is fetched
    }
  }

  async function renew(): Promise<string> {
    if (connection.status === 'reconnect') throw new ReconnectNeeded();
    let refreshToken: string;
    try {
      refreshToken = deps.box.open(connection.refresh_token_sealed, tokenPurpose(projectId, 'refresh_token'));
    } catch {
      await markReconnect(deps.sql, projectId, UNREADABLE_REASON);
      connection.status = 'reconnect';
      throw new ReconnectNeeded(UNREADABLE_REASON);
    }
    try {
      const tokens = await refreshAccessToken(deps.config, refreshToken);
      const expiresAt = new Date(now().getTime() + tokens.expires_in * 1000);
      await storeAccessToken(deps.sql, projectId, {
        sealed: deps.box.seal(tokens.access_token, tokenPurpose(projectId, 'access_token')),
        expiresAt,
      });
      current = { token: tokens.access_token, expiresAt };
      return tokens.access_token;
    } catch (error) {
      if (error instanceof GoogleOAuthError && error.code === 'invalid_grant') {
        await markReconnect(deps.sql, projectId, RECONNECT_REASON);
        connection.status = 'reconnect';
        throw new ReconnectNeeded();
      }
      throw error;
    }
  }

  return {
    async current() {
      if (current && current.expiresAt.getTime() - EARLY_MS > now().getTime()) return current.token;
      return this.renew();
    },
    renew() {
      renewing ??= renew().finally(() => {
        renewing = null;
      });
      return renewing;
    },
  };
}

/** A Search Console client acting with the connection's tokens. */
export function clientFor(
  deps: { sql: Sql; config: Config; box: SecretBox },
  connection: ConnectionRow,
): SearchConsoleClient {
  return searchConsoleClient(deps.config, connectionTokens(deps, connection));
}
