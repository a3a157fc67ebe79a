import type { DecodedIdToken } from 'firebase-admin/auth';
import type { Sql } from '../../db/sql.ts';
import type { User } from '../../lib/context.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { findUserById } from './queries/users.ts';

/** The custom claim that marks an impersonated session; its value is the admin's user id. */
export const IMPERSONATOR_CLAIM = 'impersonator';

/**
 * The admin behind an impersonated session, checked on every request: the session ends (401) as soon as that user
 * is no longer an admin, or the impersonated user has become a superuser.
 */
export async function resolveImpersonator(
  sql: Sql,
  token: DecodedIdToken,
  user: User,
): Promise<{ id: string; email: string } | undefined> {
  const claim: unknown = token[IMPERSONATOR_CLAIM];
  if (claim === undefined) return undefined;
  if (typeof claim !== 'string' || !/^[0-9a-f-]{36}$/i.test(claim))
    throw new UnauthorizedError('Invalid impersonation session.');
  const admin = await findUserById(sql, claim);
  if (!admin?.is_admin || user.is_superuser) throw new UnauthorizedError('This impersonation session has ended.');
  return { id: admin.id, email: admin.email };
}
