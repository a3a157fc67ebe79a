import type { Db } from '../../../db/sql.ts';

/** An authorization under way, as stored (the state itself only as its hash). */
export interface OAuthStateRow {
  project_id: string;
  user_id: string;
  code_verifier_sealed: string;
  redirect_uri: string;
  expires_at: Date;
}

/** Records a state for the user and project; older states of the same pair are dropped (one attempt at a time). */
export async function insertOAuthState(
  sql: Db,
  state: {
    hash: string;
    projectId: string;
    userId: string;
    verifierSealed: string;
    redirectUri: string;
    expiresAt: Date;
  },
): Promise<void> {
  await sql`
    delete from search_console_oauth_states
    where (project_id = ${state.projectId} and user_id = ${state.userId}) or expires_at < now()`;
  await sql`
    insert into search_console_oauth_states (state_hash, project_id, user_id, code_verifier_sealed, redirect_uri, expires_at)
    values (${state.hash}, ${state.projectId}, ${state.userId}, ${state.verifierSealed}, ${state.redirectUri}, ${state.expiresAt})`;
}

/** Takes a state (it works once): the row, or undefined when no such state exists. */
export async function takeOAuthState(sql: Db, hash: string): Promise<OAuthStateRow | undefined> {
  const [row]: [OAuthStateRow?] = await sql`
    delete from search_console_oauth_states where state_hash = ${hash}
    returning project_id, user_id, code_verifier_sealed, redirect_uri, expires_at`;
  return row;
}
