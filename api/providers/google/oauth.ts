import { createHash, randomBytes } from 'node:crypto';
import type { Config } from '../../config.ts';

// Google's OAuth 2.0 web-server flow (authorization code, PKCE S256, offline access) for Search Console, apart from
// sign-in: https://developers.google.com/identity/protocols/oauth2/web-server. Endpoints come from settings so a fake
// can stand in for Google in tests.

/** Full Search Console access: reading (what .readonly allows) and submitting sitemaps. */
export const WEBMASTERS_SCOPE = 'https://www.googleapis.com/auth/webmasters';
const READONLY_SCOPE = 'https://www.googleapis.com/auth/webmasters.readonly';

const TIMEOUT_MS = 20_000;

type OAuthConfig = Pick<
  Config,
  | 'GOOGLE_OAUTH_CLIENT_ID'
  | 'GOOGLE_OAUTH_CLIENT_SECRET'
  | 'GOOGLE_OAUTH_AUTH_URL'
  | 'GOOGLE_OAUTH_TOKEN_URL'
  | 'GOOGLE_OAUTH_REVOKE_URL'
>;

/** The settings Search Console needs that are missing (empty when it is configured). */
export function missingOAuthSettings(config: OAuthConfig): string[] {
  return [
    ...(config.GOOGLE_OAUTH_CLIENT_ID ? [] : ['GOOGLE_OAUTH_CLIENT_ID']),
    ...(config.GOOGLE_OAUTH_CLIENT_SECRET ? [] : ['GOOGLE_OAUTH_CLIENT_SECRET']),
  ];
}

/** What Google's token endpoint answers (refresh_token only for an offline grant with consent). */
export interface GoogleTokens {
  access_token: string;
  expires_in: number;
  refresh_token?: string;
  scope: string;
  token_type: string;
}

/**
 * Google refused a token request, in its own terms: `code` is its `error` (invalid_grant: the code or refresh token
 * is used, expired or revoked; invalid_client; redirect_uri_mismatch…), or 'unreachable' when it could not be asked.
 */
export class GoogleOAuthError extends Error {
  readonly code: string;
  readonly status: number;
  constructor(code: string, status: number, message: string) {
    super(message);
    this.code = code;
    this.status = status;
  }
}

/** A PKCE verifier (43–128 characters of the unreserved set) and its S256 challenge. */
export function pkcePair(): { verifier: string; challenge: string } {
  const verifier = randomBytes(48).toString('base64url');
  return { verifier, challenge: createHash('sha256').update(verifier).digest('base64url') };
}

/** Where the owner's browser goes to consent: offline access, consent asked every time (so a refresh token comes). */
export function authorizationUrl(
  config: OAuthConfig,
  input: { state: string; codeChallenge: string; redirectUri: string },
): string {
  const url = new URL(config.GOOGLE_OAUTH_AUTH_URL);
  url.search = new URLSearchParams({
    client_id: config.GOOGLE_OAUTH_CLIENT_ID ?? '',
    redirect_uri: input.redirectUri,
    response_type: 'code',
    scope: WEBMASTERS_SCOPE,
    access_type: 'offline',
    prompt: 'consent',
    include_granted_scopes: 'true',
    state: input.state,
    code_challenge: input.codeChallenge,
    code_challenge_method: 'S256',
  }).toString();
  return url.toString();
}

/** Whether the granted scopes let Inkpilot read Search Console data and submit sitemaps. */
export function grantsSearchConsole(scope: string): boolean {
  const scopes = scope.split(/\s+/);
  return scopes.includes(WEBMASTERS_SCOPE) || scopes.includes(READONLY_SCOPE);
}

/** Exchanges the authorization code (with its PKCE verifier) for tokens. */
export function exchangeCode(
  config: OAuthConfig,
  input: { code: string; codeVerifier: string; redirectUri: string },
): Promise<GoogleTokens> {
  return tokenRequest(config, {
    grant_type: 'authorization_code',
    code: input.code,
    code_verifier: input.codeVerifier,
    redirect_uri: input.redirectUri,
  });
}

/** A new access token from the stored refresh token. */
export function refreshAccessToken(config: OAuthConfig, refreshToken: string): Promise<GoogleTokens> {
  return tokenRequest(config, { grant_type: 'refresh_token', refresh_token: refreshToken });
}

/**
 * Revokes the grant at Google. A token Google no longer knows (400 invalid_token: revoked already, or expired) is as
 * good as revoked; Google unreachable or any other answer throws a GoogleOAuthError, for the caller to log.
 */
export async function revokeToken(config: OAuthConfig, token: string): Promise<void> {
  const response = await postForm(config.GOOGLE_OAUTH_REVOKE_URL, { token });
  if (response.ok) return;
  const body = (await response.json().catch(() => ({}))) as { error?: string; error_description?: string };
  if (response.status === 400 && body.error === 'invalid_token') return;
  throw new GoogleOAuthError(
    body.error ?? `http_${response.status}`,
    response.status,
    body.error_description ?? `Google answered HTTP ${response.status}.`,
  );
}

/** A form POST to one of Google's OAuth endpoints; Google unreachable or too slow is a GoogleOAuthError. */
async function postForm(url: string, fields: Record<string, string>): Promise<Response> {
  try {
    return await fetch(url, {
      method: 'POST',
      headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' },
      body: new URLSearchParams(fields).toString(),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch (error) {
    const timedOut = (error as Error).name === 'TimeoutError';
    throw new GoogleOAuthError(
      'unreachable',
      0,
      timedOut ? 'Google did not answer in time.' : 'Google could not be reached.',
    );
  }
}

async function tokenRequest(config: OAuthConfig, fields: Record<string, string>): Promise<GoogleTokens> {
  const response = await postForm(config.GOOGLE_OAUTH_TOKEN_URL, {
    ...fields,
    client_id: config.GOOGLE_OAUTH_CLIENT_ID ?? '',
    client_secret: config.GOOGLE_OAUTH_CLIENT_SECRET ?? '',
  });
  const body = (await response.json().catch(() => ({}))) as Partial<GoogleTokens> & {
    error?: string;
    error_description?: string;
  };
  if (!response.ok || !body.access_token) {
    const code = body.error ?? `http_${response.status}`;
    throw new GoogleOAuthError(
      code,
      response.status,
      body.error_description ?? `Google answered HTTP ${response.status}.`,
    );
  }
  return {
    access_token: body.access_token,
    expires_in: Number(body.expires_in ?? 3600),
    ...(body.refresh_token ? { refresh_token: body.refresh_token } : {}),
    scope: body.scope ?? '',
    token_type: body.token_type ?? 'Bearer',
  };
}
