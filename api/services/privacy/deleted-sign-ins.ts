import { createHash } from 'node:crypto';
import type { Db } from '../../db/sql.ts';
import { rememberDeletedSignIn, wasSignInDeleted } from './queries/erase.ts';

export const ACCOUNT_GONE = 'This account has been deleted.';

/**
 * How long a deleted account's sign-in id is remembered: Firebase ID tokens live one hour, plus five minutes for
 * clocks that disagree. After that no token issued before the deletion can be presented, and the row goes.
 */
export const DELETED_SIGN_IN_SECONDS = 3_900;

/** Only a hash is kept: the row must say "this id was deleted", not whose it was. */
const uidHash = (uid: string) => createHash('sha256').update(uid).digest('hex');

/** Records a deleted account's sign-in id (inside the deletion's transaction). */
export function rememberDeleted(sql: Db, uid: string): Promise<void> {
  return rememberDeletedSignIn(sql, uidHash(uid), DELETED_SIGN_IN_SECONDS);
}

/** True for the sign-in id of an account deleted within the hour: its old tokens must not make a new user. */
export function isDeletedSignIn(sql: Db, uid: string): Promise<boolean> {
  return wasSignInDeleted(sql, uidHash(uid), DELETED_SIGN_IN_SECONDS);
}
