import type { ProjectRole } from '../../src/lib/projects/schema.ts';
import type { Config } from '../config.ts';
import type { Sql } from '../db/sql.ts';
import type { JobQueue } from '../jobs/boss.ts';
import type { Caches } from '../services/caches.ts';

export type Role = ProjectRole;

/** A user as the server knows them (the users row); the API presents fewer fields (src/lib/users/schema.ts). */
export interface User {
  id: string;
  external_id: string;
  email: string;
  first_name: string;
  last_name: string;
  avatar_url: string | null;
  is_admin: boolean;
  is_superuser: boolean;
  tokens_valid_after: Date | null;
}

/** The admin acting as another user while impersonating (the token's `impersonator` claim). */
export interface Impersonator {
  id: string;
  email: string;
}

/**
 * Who is acting: a user from their own sign-in (perhaps an admin impersonating them), a user through one of their API
 * keys (their project roles, but no admin actions and no new ways in), or the system acting for one project (jobs,
 * the autopilot, scheduled runs), which may write in that project only and credits its work to `creditTo` (the
 * project's owner: the author of the posts it writes).
 */
export type Actor =
  | { kind: 'user'; user: User; impersonator?: Impersonator }
  | { kind: 'api-key'; user: User }
  | { kind: 'system'; projectId: string; creditTo: string };

/** What every service verb receives: the database, the caches, the job queue and who is acting. */
export interface ServiceContext {
  sql: Sql;
  config: Config;
  caches: Caches;
  /** Where background work is queued; absent when the process runs no job runner (some tests). */
  jobs?: JobQueue | undefined;
  actor: Actor;
  /** The project chosen with X-Project-ID and the caller's role in it, when the route is project-scoped. */
  project?: { id: string; role: Role };
}

/** The person behind the actor (a signed-in user, or the owner of the API key used); none for the system. */
export function personOf(ctx: Pick<ServiceContext, 'actor'>): User | undefined {
  return ctx.actor.kind === 'system' ? undefined : ctx.actor.user;
}

/** Viewers read, never write. */
export function canWrite(role: Role): boolean {
  return role === 'owner' || role === 'editor';
}
