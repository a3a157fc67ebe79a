import type { DecodedIdToken } from 'firebase-admin/auth';
import type { Config } from '../../config.ts';
import type { Sql } from '../../db/sql.ts';
import type { User } from '../../lib/context.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import type { Caches } from '../caches.ts';
import { findUserByExternalId, insertUser, updateUserIdentity } from './queries.ts';

/** Finds or creates the user a verified token names; admin flags follow ADMIN_EMAILS / SUPERUSER_EMAILS (see mayHoldRights). */
export async function resolveUser({ sql, config, caches, token }: { sql: Sql; config: Config; caches: Caches; token: DecodedIdToken }): Promise<User> {
  const email = (token.email ?? '').toLowerCase();
  if (!email) throw new UnauthorizedError('The sign-in token has no email address.');
  const is_superuser = mayHoldRights(token) && config.SUPERUSER_EMAILS.includes(email);
  const is_admin = is_superuser || (mayHoldRights(token) && config.ADMIN_EMAILS.includes(email));

  const existing = await caches.users.get(token.uid, () => findUserByExternalId(sql, token.uid));
  if (existing) {
    if (existing.tokens_valid_after && token.auth_time * 1000 < existing.tokens_valid_after.getTime() - 1000) {
      throw new UnauthorizedError('This session has been signed out.');
    }
    const changed = existing.email !== email || existing.is_admin !== is_admin || existing.is_superuser !== is_superuser;
    if (!changed) return existing;
    caches.users.drop(token.uid);
    return updateUserIdentity(sql, existing.id, { email, is_admin, is_superuser });
  }
  const [first_name = '', ...rest] = String(token.name ?? '').trim().split(/\s+/).filter(Boolean);
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
 * Admin and superuser rights follow an email only when Google vouches for it: anyone can sign up with a password
 * (or another provider) under an address they do not own, so an unverified or non-Google email earns nothing.
 */
function mayHoldRights(token: DecodedIdToken): boolean {
  return token.email_verified === true && token.firebase?.sign_in_provider === 'google.com';
}
