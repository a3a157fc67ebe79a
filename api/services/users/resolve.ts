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
  const email = (token.email ?? '').toLowerCase();
  if (!email) throw new UnauthorizedError('The sign-in token has no email address.');
  const verifiedGoogle = isVerifiedGoogleEmail(token);
  const is_superuser = verifiedGoogle && config.SUPERUSER_EMAILS.includes(email);
  const is_admin = is_superuser || (verifiedGoogle && config.ADMIN_EMAILS.includes(email));
  const provenance = {
    sign_in_provider: token.firebase?.sign_in_provider ?? 'unknown',
    email_verified: token.email_verified === true,
  };
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
  if (
    existing?.email_verified === false &&
    provenance.email_verified &&
    existing.sign_in_provider !== provenance.sign_in_provider
  ) {
    // The same Firebase account, now held by another, verified provider: whoever made the row never proved the
    // address. (The same provider verifying later is the row's own maker proving it: that row is kept.)
    return replaceUnverifiedUser({ sql, caches, uid: token.uid, user: fresh() });
  }
  if (
    existing?.email_verified &&
    !provenance.email_verified &&
    existing.sign_in_provider !== provenance.sign_in_provider
  ) {
    // A session of the unverified sign-in that a verified one replaced (its ID tokens live up to an hour).
    throw new UnauthorizedError(UNVERIFIED_SIGN_IN);
  }
  existing ??= verifiedGoogle ? await relinkUserByEmail(sql, email, token.uid) : undefined;
  if (existing) {
    if (existing.tokens_valid_after && token.auth_time * 1000 < existing.tokens_valid_after.getTime() - 1000) {
      throw new UnauthorizedError('This session has been signed out.');
    }
    const changed =
      existing.email !== email ||
      existing.is_admin !== is_admin ||
      existing.is_superuser !== is_superuser ||
      existing.email_verified == null ||
      (!existing.email_verified && provenance.email_verified);
    if (!changed) return existing;
    caches.users.drop(token.uid);
    return updateUserIdentity(sql, existing.id, { email, is_admin, is_superuser, ...provenance });
  }
  return insertUser(sql, fresh());
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
  if (existing.tokens_valid_after && token.auth_time * 1000 < existing.tokens_valid_after.getTime() - 1000) {
    throw new UnauthorizedError('This session has been signed out.');
  }
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
