import type { DecodedIdToken } from 'firebase-admin/auth';
import type { Config } from '../../config.ts';
import type { Sql } from '../../db/sql.ts';
import type { User } from '../../lib/context.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import type { Caches } from '../caches.ts';
import { ACCOUNT_GONE, isDeletedSignIn } from '../privacy/deleted-sign-ins.ts';
import {
  findUserByExternalId,
  insertUser,
  lockUserByExternalId,
  type NewUser,
  relinkUserByEmail,
  retireUser,
  updateUserIdentity,
} from './queries.ts';

const UNVERIFIED_SIGN_IN = 'This account signs in with Google. Please sign in with Google again.';

/**
 * Finds or creates the user a verified token names; admin flags follow ADMIN_EMAILS / SUPERUSER_EMAILS (see
 * isVerifiedGoogleEmail). A row made by an unverified sign-in is never handed to a verified one (pre-account
 * takeover): not by email, and not under the same uid either, which Firebase gives a verified Google sign-in of an
 * address whose only account was an unverified password one. That sign-in gets a fresh row; the old one is retired.
 */
export async function resolveUser({
  sql,
  config,
  caches,
  token,
}: {
  sql: Sql;
  config: Config;
  caches: Caches;
  token: DecodedIdToken;
}): Promise<User> {
  if (token.firebase?.sign_in_provider === 'custom') return resolveCustomTokenUser({ sql, caches, token });
  const identity = identityOf(token, config);
  if (!identity) throw new UnauthorizedError('The sign-in token has no email address.');
  const { email, is_admin, is_superuser, provenance } = identity;
  const fresh = (): NewUser => ({
    external_id: token.uid,
    email,
    ...profile(token),
    is_admin,
    is_superuser,
    ...provenance,
  });

  let existing = await caches.users.get(token.uid, () => findUserByExternalId(sql, token.uid));
  // A token issued before its account was deleted (it lives up to an hour) must not make a new user, nor take over
  // another row of its email.
  if (!existing && (await isDeletedSignIn(sql, token.uid))) throw new UnauthorizedError(ACCOUNT_GONE);
  if (existing && takenOverBy(existing, provenance)) {
    // The same Firebase account, now held by another, verified provider: whoever made the row never proved the
    // address. (The same provider verifying later is the row's own maker proving it: that row is kept.)
    return replaceUnverifiedUser({ sql, caches, uid: token.uid, user: fresh() });
  }
  if (existing && replacedSession(existing, provenance)) {
    // A session of the unverified sign-in that a verified one replaced (its ID tokens live up to an hour).
    throw new UnauthorizedError(UNVERIFIED_SIGN_IN);
  }
  existing ??= identity.verifiedGoogle ? await relinkUserByEmail(sql, email, token.uid) : undefined;
  if (existing) {
    if (signedOut(existing, token)) throw new UnauthorizedError('This session has been signed out.');
    if (!identityChanged(existing, identity)) return existing;
    caches.users.drop(token.uid);
    return updateUserIdentity(sql, existing.id, { email, is_admin, is_superuser, ...provenance });
  }
  return insertUser(sql, fresh());
}

/** Who a Google-style token says its holder is; undefined without an email address (refused). */
function identityOf(token: DecodedIdToken, config: Config) {
  const email = (token.email ?? '').toLowerCase();
  if (!email) return undefined;
  const verifiedGoogle = isVerifiedGoogleEmail(token);
  const is_superuser = verifiedGoogle && config.SUPERUSER_EMAILS.includes(email);
  const is_admin = is_superuser || (verifiedGoogle && config.ADMIN_EMAILS.includes(email));
  const provenance = {
    sign_in_provider: token.firebase?.sign_in_provider ?? 'unknown',
    email_verified: token.email_verified === true,
  };
  return { email, verifiedGoogle, is_admin, is_superuser, provenance };
}

type Identity = NonNullable<ReturnType<typeof identityOf>>;
type Provenance = Identity['provenance'];

/** A row an unverified sign-in made, now signed in to by another, verified provider: the row is not handed over. */
const takenOverBy = (existing: User, provenance: Provenance): boolean =>
  existing.email_verified === false &&
  provenance.email_verified &&
  existing.sign_in_provider !== provenance.sign_in_provider;

/** A session of the unverified sign-in whose account a verified one has since replaced. */
const replacedSession = (existing: User, provenance: Provenance): boolean =>
  existing.email_verified === true &&
  !provenance.email_verified &&
  existing.sign_in_provider !== provenance.sign_in_provider;

/** A token from before the user signed out everywhere (logout, a revoked session), with a second of clock skew. */
const signedOut = (existing: User, token: DecodedIdToken): boolean =>
  !!existing.tokens_valid_after && token.auth_time * 1000 < existing.tokens_valid_after.getTime() - 1000;

/** Whether the stored identity differs from what the token says (then it is written before use). */
const identityChanged = (existing: User, identity: Identity): boolean =>
  existing.email !== identity.email ||
  existing.is_admin !== identity.is_admin ||
  existing.is_superuser !== identity.is_superuser ||
  existing.email_verified == null ||
  (!existing.email_verified && identity.provenance.email_verified);

/**
 * The cached user a verified Google-style token is, when resolveUser would hand over that row as it is (no takeover,
 * not signed out, nothing to write); undefined otherwise, and then only resolveUser decides. Synchronous: for the
 * answers served from caches before the app runs (api/session-reads.ts).
 */
export function cachedUserFor(token: DecodedIdToken, caches: Pick<Caches, 'users'>, config: Config): User | undefined {
  if (token.firebase?.sign_in_provider === 'custom') return undefined;
  const existing = caches.users.peek(token.uid);
  const identity = existing && identityOf(token, config);
  if (!existing || !identity) return undefined;
  if (takenOverBy(existing, identity.provenance) || replacedSession(existing, identity.provenance)) return undefined;
  if (signedOut(existing, token) || identityChanged(existing, identity)) return undefined;
  return existing;
}

/**
 * Retires the unverified row of `uid` and gives the uid a fresh one, in one transaction under the row's lock, so
 * the first requests of a new session (several at once) make one fresh row between them.
 */
async function replaceUnverifiedUser({
  sql,
  caches,
  uid,
  user,
}: {
  sql: Sql;
  caches: Caches;
  uid: string;
  user: NewUser;
}): Promise<User> {
  const { row, revokedKeys } = await sql.begin(async (tx) => {
    const current = await lockUserByExternalId(tx, uid);
    if (current && (current.email_verified !== false || current.sign_in_provider === user.sign_in_provider))
      return { row: current, revokedKeys: [] as string[] };
    const revoked = current ? await retireUser(tx, current.id) : [];
    return { row: await insertUser(tx, user), revokedKeys: revoked };
  });
  // This process forgets at once; the others when the change feed brings the users and api_keys notices.
  caches.users.drop(uid);
  for (const hash of revokedKeys) caches.apiKeys.drop(hash);
  return row as User;
}

/** Names and picture as the token gives them, for a new row. */
function profile(token: DecodedIdToken): Pick<NewUser, 'first_name' | 'last_name' | 'avatar_url'> {
  const [first_name = '', ...rest] = String(token.name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return {
    first_name,
    last_name: rest.join(' '),
    avatar_url: typeof token.picture === 'string' ? token.picture : null,
  };
}

/**
 * A session that began with a custom token this API minted (impersonation, or the admin signing back in after it):
 * the user already exists and keeps the identity and flags stored for it, which only a Google sign-in may change.
 */
async function resolveCustomTokenUser({
  sql,
  caches,
  token,
}: {
  sql: Sql;
  caches: Caches;
  token: DecodedIdToken;
}): Promise<User> {
  const existing = await caches.users.get(token.uid, () => findUserByExternalId(sql, token.uid));
  if (!existing) throw new UnauthorizedError('Unknown account.');
  if (signedOut(existing, token)) throw new UnauthorizedError('This session has been signed out.');
  return existing;
}

/**
 * A Google account whose address Google itself vouches for. Only such a sign-in earns admin and superuser rights
 * (anyone can sign up with a password, or another provider, under an address they do not own), and only such a
 * sign-in may take over the user of that address under a new sign-in id (an emulator that lost its accounts, a
 * Firebase account deleted and made again), and then only a user a verified sign-in made.
 */
function isVerifiedGoogleEmail(token: DecodedIdToken): boolean {
  return token.email_verified === true && token.firebase?.sign_in_provider === 'google.com';
}
