import type { DecodedIdToken } from 'firebase-admin/auth';
import type { Config } from '../../config.ts';
import type { Sql } from '../../db/sql.ts';
import type { User } from '../../lib/context.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import type { Caches } from '../caches.ts';
import { ACCOUNT_GONE, isDeletedSignIn } from '../privacy/deleted-sign-ins.ts';
import { findUserByExternalId, insertUser, relinkUserByEmail, updateUserIdentity } from './queries.ts';

/** Finds or creates the user a verified token names; admin flags follow ADMIN_EMAILS / SUPERUSER_EMAILS (see isVerifiedGoogleEmail). */
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
  const is_superuser = isVerifiedGoogleEmail(token) && config.SUPERUSER_EMAILS.includes(email);
  const is_admin = is_superuser || (isVerifiedGoogleEmail(token) && config.ADMIN_EMAILS.includes(email));

  const known = await caches.users.get(token.uid, () => findUserByExternalId(sql, token.uid));
  // A token issued before its account was deleted (it lives up to an hour) must not make a new user, nor take over
  // another row of its email.
  if (!known && (await isDeletedSignIn(sql, token.uid))) throw new UnauthorizedError(ACCOUNT_GONE);
  const existing = known ?? (isVerifiedGoogleEmail(token) ? await relinkUserByEmail(sql, email, token.uid) : undefined);
  if (existing) {
    if (existing.tokens_valid_after && token.auth_time * 1000 < existing.tokens_valid_after.getTime() - 1000) {
      throw new UnauthorizedError('This session has been signed out.');
    }
    const changed =
      existing.email !== email || existing.is_admin !== is_admin || existing.is_superuser !== is_superuser;
    if (!changed) return existing;
    caches.users.drop(token.uid);
    return updateUserIdentity(sql, existing.id, { email, is_admin, is_superuser });
  }
  const [first_name = '', ...rest] = String(token.name ?? '')
    .trim()
    .split(/\s+/)
    .filter(Boolean);
  return insertUser(sql, {
    external_id: token.uid,
    email,
    first_name,
    last_name: rest.join(' '),
    avatar_url: typeof token.picture === 'string' ? token.picture : null,
    is_admin,
    is_superuser,
  });
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
 * Firebase account deleted and made again).
 */
function isVerifiedGoogleEmail(token: DecodedIdToken): boolean {
  return token.email_verified === true && token.firebase?.sign_in_provider === 'google.com';
}
