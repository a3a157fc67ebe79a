import type { Config } from '../../config.ts';
import type { Sql } from '../../db/sql.ts';
import { GoogleOAuthError, revokeToken } from '../../providers/google/oauth.ts';
import type { Caches } from '../caches.ts';
import type { GrantRow } from './queries/connections.ts';
import { boxFor, tokenPurpose } from './tokens.ts';

type RevokeDeps = { sql: Sql; config: Config; caches?: Pick<Caches, 'serverSecrets'> };

/**
 * Revokes a project's Google grant (disconnecting, deleting the project or its owner's account), best effort: what
 * stops it is logged, without the token, and the caller carries on. A grant another deployment made (its
 * `jobs_prefix`) is that deployment's: its Google settings issued it, so this one leaves it alone.
 */
export async function revokeGrant(
  deps: RevokeDeps,
  grant: GrantRow,
  log: (line: string) => void = (line) => console.warn(line),
): Promise<void> {
  const about = `[search-console] project ${grant.project_id}`;
  if (grant.jobs_prefix !== deps.config.JOBS_QUEUE_PREFIX) {
    log(
      `${about}: its Google grant was made by another deployment (jobs prefix "${grant.jobs_prefix}"), not revoked from here.`,
    );
    return;
  }
  let refreshToken: string;
  try {
    const box = await boxFor(deps);
    refreshToken = box.open(grant.refresh_token_sealed, tokenPurpose(grant.project_id, 'refresh_token'));
  } catch {
    log(`${about}: its Google grant is sealed under another key and cannot be revoked from here; it lapses unused.`);
    return;
  }
  try {
    await revokeToken(deps.config, refreshToken);
  } catch (error) {
    const why =
      error instanceof GoogleOAuthError
        ? `${error.message.replace(/\.$/, '')}${/^(http_\d+|unreachable)$/.test(error.code) ? '' : ` (${error.code})`}`
        : 'an unexpected error';
    log(
      `${about}: Google did not revoke its grant: ${why}. It lapses unused, or the owner removes it in their Google account.`,
    );
  }
}

/** Revokes the grants of deleted projects, all at once (each best effort, see revokeGrant). */
export async function revokeGrants(deps: RevokeDeps, grants: readonly GrantRow[]): Promise<void> {
  await Promise.all(grants.map((grant) => revokeGrant(deps, grant)));
}
