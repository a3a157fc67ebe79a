import { createHash, randomBytes } from 'node:crypto';
import type { SearchConsoleConnection, SearchConsoleProperties } from '../../../src/lib/search-console/schema.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { ConflictError, ForbiddenError, UpstreamError, ValidationError } from '../../lib/errors.ts';
import {
  authorizationUrl,
  exchangeCode,
  GoogleOAuthError,
  grantsSearchConsole,
  missingOAuthSettings,
  pkcePair,
} from '../../providers/google/oauth.ts';
import { GoogleApiError, type SearchConsoleClient } from '../../providers/google/search-console.ts';
import { forgetOwnBlog } from '../actor.ts';
import { authorize } from '../authorize.ts';
import { assertOwnSession } from '../signed-in.ts';
import { blogAddressOf } from './blog.ts';
import { canRead, canSubmitSitemaps, coversUrl, propertyKind, sortProperties } from './coverage.ts';
import { kickSearchConsole } from './queues.ts';
import { revokeGrant } from './revoke.ts';
import {
  type ConnectionRow,
  deleteConnection,
  selectConnection,
  storeProperty,
  storeSitemapResult,
  storeVerificationToken,
  upsertConnection,
} from './queries/connections.ts';
import { insertOAuthState, takeOAuthState } from './queries/oauth-states.ts';
import { boxFor, clientFor, ReconnectNeeded, RECONNECT_REASON, tokenPurpose } from './tokens.ts';
import { connectionView } from './view.ts';

export const OWNERS_ONLY = 'Only owners can connect Search Console.';
export const NEEDS_SESSION = 'Search Console can only be connected from a signed-in session, not with an API key.';
export const NOT_IMPERSONATING =
  'Search Console cannot be connected while impersonating a user: its owner connects it.';
export const CONNECT_FIRST = 'Connect Search Console first.';
export const STATE_INVALID =
  'This Google sign-in has expired or was started by someone else, so Search Console was not connected. Press Connect to try again.';
export const CONNECTED = 'Search Console connected. Pick the property that covers your blog.';
export const DISCONNECTED = 'Search Console disconnected.';
export const INVALID_TOKEN =
  'Paste the content of the google-site-verification meta tag from Search Console (letters, digits, - and _), or the whole tag.';

/** How long an authorization may take on Google's pages. */
const STATE_TTL_MS = 10 * 60_000;

/** The page Google sends the owner back to; register it as an authorized redirect URI of the OAuth client. */
export const CALLBACK_PATH = '/projects/search-console';

const hashState = (state: string) => createHash('sha256').update(state).digest('hex');

/** Owners only (editors and viewers read what the connection brings); non-members get the usual 404. */
async function asOwner(ctx: ServiceContext, projectId: string) {
  const project = await authorize(ctx, projectId, 'read');
  if (project.role !== 'owner') throw new ForbiddenError(OWNERS_ONLY);
  return project;
}

function assertConfigured(ctx: ServiceContext): void {
  const missing = missingOAuthSettings(ctx.config);
  if (missing.length)
    throw new ConflictError(`Search Console is not configured on this server: set ${missing.join(' and ')}.`);
}

/** The project's Search Console state (any member). */
export async function getSearchConsole({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
}): Promise<SearchConsoleConnection> {
  const project = await authorize(ctx, input.projectId, 'read');
  return connectionView(ctx.sql, ctx.config, project.id);
}

/**
 * Starts Google's consent for the project (owners, from their own sign-in): a state bound to the user and project,
 * kept hashed for 10 minutes with the PKCE verifier sealed, and the consent page's address to send the browser to.
 */
export async function startSearchConsoleConnect({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; origin: string };
}): Promise<{ authorization_url: string }> {
  const project = await asOwner(ctx, input.projectId); // non-members hear 404 first, whatever their credential
  assertOwnSession(ctx, { apiKey: NEEDS_SESSION, impersonating: NOT_IMPERSONATING });
  assertConfigured(ctx);
  if (ctx.actor.kind !== 'user') throw new ForbiddenError(NEEDS_SESSION);
  const box = await boxFor(ctx);
  // The project id leads the state so the page Google returns to knows which project to finish; the random part is
  // what binds it (only its hash is stored).
  const state = `${project.id}.${randomBytes(32).toString('base64url')}`;
  const { verifier, challenge } = pkcePair();
  const redirectUri = `${input.origin}${CALLBACK_PATH}`;
  await insertOAuthState(ctx.sql, {
    hash: hashState(state),
    projectId: project.id,
    userId: ctx.actor.user.id,
    verifierSealed: box.seal(verifier, tokenPurpose(project.id, 'code_verifier')),
    redirectUri,
    expiresAt: new Date(Date.now() + STATE_TTL_MS),
  });
  return { authorization_url: authorizationUrl(ctx.config, { state, codeChallenge: challenge, redirectUri }) };
}

/**
 * Finishes the consent (owners, from the session that started it): the state must be the one this user started for
 * this project, unused and not expired; the code is exchanged (with its PKCE verifier) and the tokens are stored
 * sealed. A project connected before keeps its property and data.
 */
export async function completeSearchConsoleConnect({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; state: string; code?: string | undefined; error?: string | undefined };
}): Promise<SearchConsoleConnection> {
  const project = await asOwner(ctx, input.projectId);
  assertOwnSession(ctx, { apiKey: NEEDS_SESSION, impersonating: NOT_IMPERSONATING });
  assertConfigured(ctx);
  if (ctx.actor.kind !== 'user') throw new ForbiddenError(NEEDS_SESSION);
  const pending = await takeOAuthState(ctx.sql, hashState(input.state));
  if (
    !pending ||
    pending.project_id !== project.id ||
    pending.user_id !== ctx.actor.user.id ||
    pending.expires_at.getTime() < Date.now()
  )
    throw new ValidationError([{ loc: ['body', 'state'], msg: STATE_INVALID, type: 'value_error' }]);
  if (input.error || !input.code) {
    const denied = input.error === 'access_denied' || !input.error;
    throw new ValidationError(
      denied
        ? "Access was not allowed on Google's page, so Search Console is not connected."
        : `Google did not give access (${input.error}), so Search Console is not connected.`,
    );
  }
  const box = await boxFor(ctx);
  let tokens;
  try {
    tokens = await exchangeCode(ctx.config, {
      code: input.code,
      codeVerifier: box.open(pending.code_verifier_sealed, tokenPurpose(project.id, 'code_verifier')),
      redirectUri: pending.redirect_uri,
    });
  } catch (error) {
    if (error instanceof GoogleOAuthError && error.code === 'invalid_grant')
      throw new ValidationError(
        'Google did not accept this sign-in (its code was already used or has expired). Press Connect to try again.',
      );
    if (error instanceof GoogleOAuthError)
      throw new UpstreamError(`Google refused the connection: "${error.message}" (${error.code}).`, {
        timedOut: error.message.includes('in time'),
      });
    throw error;
  }
  if (!grantsSearchConsole(tokens.scope))
    throw new ValidationError(
      "Search Console access was not ticked on Google's page. Press Connect again and allow Inkpilot to view and manage your Search Console data.",
    );
  if (!tokens.refresh_token)
    throw new UpstreamError(
      "Google did not grant lasting access (no refresh token). Remove Inkpilot under your Google account's third-party access, then connect again.",
    );
  await upsertConnection(ctx.sql, project.id, {
    userId: ctx.actor.user.id,
    refreshSealed: box.seal(tokens.refresh_token, tokenPurpose(project.id, 'refresh_token')),
    accessSealed: box.seal(tokens.access_token, tokenPurpose(project.id, 'access_token')),
    expiresAt: new Date(Date.now() + tokens.expires_in * 1000),
    scope: tokens.scope,
    jobsPrefix: ctx.config.JOBS_QUEUE_PREFIX,
  });
  await kickSearchConsole(ctx.jobs, project.id);
  return connectionView(ctx.sql, ctx.config, project.id, CONNECTED);
}

/** A working connection of the project and its client, or the reason there is none. */
async function workingClient(
  ctx: ServiceContext,
  projectId: string,
): Promise<{ connection: ConnectionRow; client: SearchConsoleClient }> {
  assertConfigured(ctx);
  const connection = await selectConnection(ctx.sql, projectId);
  if (!connection) throw new ConflictError(CONNECT_FIRST);
  if (connection.status === 'reconnect') throw new ConflictError(connection.status_reason ?? RECONNECT_REASON);
  return { connection, client: clientFor({ sql: ctx.sql, config: ctx.config, box: await boxFor(ctx) }, connection) };
}

/** A Google failure in its own words (a refused refresh token: the reconnect message). */
function fromGoogle(error: unknown, doing: string): Error {
  if (error instanceof ReconnectNeeded) return new ConflictError(error.message);
  if (error instanceof GoogleApiError)
    return new UpstreamError(`Search Console refused to ${doing}: "${error.message}"`, {
      timedOut: error.message.includes('in time'),
    });
  if (error instanceof GoogleOAuthError)
    return new UpstreamError(`Google refused to renew access: "${error.message}" (${error.code}).`);
  return error instanceof Error ? error : new Error(String(error));
}

/** The Google account's properties, those covering the blog first, each saying whether it can be picked (owners). */
export async function listSearchConsoleProperties({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
}): Promise<SearchConsoleProperties> {
  const project = await asOwner(ctx, input.projectId);
  const { client } = await workingClient(ctx, project.id);
  const blog = await blogAddressOf(ctx.sql, ctx.config, project.id);
  const sites = await client.listSites().catch((error) => {
    throw fromGoogle(error, 'list your properties');
  });
  return {
    blog_url: blog.blogUrl,
    items: sortProperties(sites, blog.blogUrl).map((site) => {
      const covers = coversUrl(site.siteUrl, blog.blogUrl);
      const readable = canRead(site.permissionLevel);
      return {
        site_url: site.siteUrl,
        kind: propertyKind(site.siteUrl),
        permission_level: site.permissionLevel,
        covers_blog: covers,
        usable: covers && readable,
        note: !covers
          ? `Does not cover ${blog.blogUrl}`
          : readable
            ? null
            : 'Not verified for your Google account in Search Console',
      };
    }),
  };
}

/** Submits the blog's sitemap for the property: when it was submitted, or why not in Google's words. */
async function submitSitemap(
  client: SearchConsoleClient,
  property: { siteUrl: string; permission: string },
  sitemapUrl: string,
): Promise<{ submittedAt: Date | null; error: string | null }> {
  if (!canSubmitSitemaps(property.permission))
    return {
      submittedAt: null,
      error: `Your permission on this property (${property.permission}) cannot submit sitemaps; an owner of the property can submit ${sitemapUrl} in Search Console.`,
    };
  try {
    await client.submitSitemap(property.siteUrl, sitemapUrl);
    return { submittedAt: new Date(), error: null };
  } catch (error) {
    if (error instanceof ReconnectNeeded) throw new ConflictError(error.message);
    if (error instanceof GoogleApiError) return { submittedAt: null, error: `Search Console said: "${error.message}"` };
    throw error;
  }
}

/**
 * Reads the blog through a property of the connected account (owners): it must be in the account, readable and
 * cover the blog's address. The blog's sitemap is submitted for it, and indexing status and metrics are fetched now.
 */
export async function chooseSearchConsoleProperty({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; siteUrl: string };
}): Promise<SearchConsoleConnection> {
  const project = await asOwner(ctx, input.projectId);
  const { client } = await workingClient(ctx, project.id);
  const blog = await blogAddressOf(ctx.sql, ctx.config, project.id);
  const sites = await client.listSites().catch((error) => {
    throw fromGoogle(error, 'list your properties');
  });
  const site = sites.find((entry) => entry.siteUrl === input.siteUrl);
  const refuse = (msg: string) => new ValidationError([{ loc: ['body', 'site_url'], msg, type: 'value_error' }]);
  if (!site) throw refuse('This property is not in the connected Google account.');
  if (!coversUrl(site.siteUrl, blog.blogUrl))
    throw refuse(`This property does not cover your blog's address, ${blog.blogUrl}. Pick one that does.`);
  if (!canRead(site.permissionLevel))
    throw refuse('Your Google account is not a verified user of this property in Search Console.');
  const property = { siteUrl: site.siteUrl, permission: site.permissionLevel };
  const sitemap = await submitSitemap(client, property, blog.sitemapUrl);
  await storeProperty(ctx.sql, project.id, { ...property, sitemapUrl: blog.sitemapUrl, ...sitemap });
  await kickSearchConsole(ctx.jobs, project.id);
  const message = sitemap.error
    ? `Property saved, but the sitemap was not submitted. ${sitemap.error}`
    : `Sitemap submitted: ${blog.sitemapUrl}`;
  return connectionView(ctx.sql, ctx.config, project.id, message);
}

/** Submits the blog's sitemap again for the chosen property (owners). */
export async function resubmitSearchConsoleSitemap({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
}): Promise<SearchConsoleConnection> {
  const project = await asOwner(ctx, input.projectId);
  const { connection, client } = await workingClient(ctx, project.id);
  if (!connection.property) throw new ConflictError('Pick the property that covers your blog first.');
  const blog = await blogAddressOf(ctx.sql, ctx.config, project.id);
  const sitemap = await submitSitemap(
    client,
    { siteUrl: connection.property, permission: connection.property_permission ?? 'siteOwner' },
    blog.sitemapUrl,
  );
  await storeSitemapResult(ctx.sql, project.id, { sitemapUrl: blog.sitemapUrl, ...sitemap });
  const message = sitemap.error
    ? `The sitemap was not submitted. ${sitemap.error}`
    : `Sitemap submitted: ${blog.sitemapUrl}`;
  return connectionView(ctx.sql, ctx.config, project.id, message);
}

/** The token of a google-site-verification meta tag, from the token itself or the whole tag; '' removes it. */
export function verificationTokenOf(text: string): string | null | undefined {
  const trimmed = text.trim();
  if (trimmed === '') return null;
  const fromTag = /content\s*=\s*["']([^"']*)["']/i.exec(trimmed)?.[1]?.trim();
  const token = /^<meta\b/i.test(trimmed) ? fromTag : trimmed;
  return token && /^[A-Za-z0-9_-]{10,100}$/.test(token) ? token : undefined;
}

/**
 * Sets the google-site-verification token the hosted blog's pages carry in <head> (owners), so Search Console can
 * verify the blog's address; empty removes it. Works with or without a connection.
 */
export async function setSearchConsoleVerification({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string; token: string };
}): Promise<SearchConsoleConnection> {
  const project = await asOwner(ctx, input.projectId);
  const token = verificationTokenOf(input.token);
  if (token === undefined)
    throw new ValidationError([{ loc: ['body', 'token'], msg: INVALID_TOKEN, type: 'value_error' }]);
  await storeVerificationToken(ctx.sql, project.id, token);
  forgetOwnBlog(ctx, project.id);
  const message = token
    ? 'Verification tag saved: your blog pages now carry it. Press Verify in Search Console.'
    : 'Verification tag removed from your blog.';
  return connectionView(ctx.sql, ctx.config, project.id, message);
}

/** Disconnects (owners): the grant is revoked at Google and the project's Search Console data is forgotten. */
export async function disconnectSearchConsole({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { projectId: string };
}): Promise<SearchConsoleConnection> {
  const project = await asOwner(ctx, input.projectId);
  const connection = await selectConnection(ctx.sql, project.id);
  if (connection) {
    await revokeGrant(ctx, connection);
    await ctx.sql.begin((tx) => deleteConnection(tx, project.id));
  }
  return connectionView(ctx.sql, ctx.config, project.id, DISCONNECTED);
}
