import type { ProjectRole } from '../../src/lib/projects/types.ts';
import type { Config } from '../config.ts';
import type { Sql } from '../db/sql.ts';
import type { JobQueue } from '../jobs/boss.ts';
import type { Caches } from '../services/caches.ts';

export type Role = ProjectRole;

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
  /** The sign-in provider that made the row ('google.com', 'password', …); null for rows older than migration 0026. */
  sign_in_provider?: string | null;
  /** Whether that sign-in vouched for the email address; only such a row may be relinked or kept by a verified one. */
  email_verified?: boolean | null;
}

/** What every service verb receives: the database and, once authenticated, the caller. */
export interface ServiceContext {
  sql: Sql;
  config: Config;
  caches: Caches;
  /** Where background work is queued; absent when the process runs no job runner (some tests). */
  jobs?: JobQueue | undefined;
  user: User;
  /** The admin acting as `user` while impersonating (the token's `impersonator` claim); absent otherwise. */
  impersonator?: { id: string; email: string };
  /** The project chosen with X-Project-ID and the caller's role in it, when the route is project-scoped. */
  project?: { id: string; role: Role };
  /** Set when the caller signed the request with an API key rather than a sign-in token. */
  viaApiKey?: boolean;
  /** Work the scheduler starts for a project (the autopilot): bounded by the plan, not by callers' hourly limits. */
  scheduled?: boolean;
}

/** Viewers read, never write. */
export function canWrite(role: Role): boolean {
  return role === 'owner' || role === 'editor';
}
