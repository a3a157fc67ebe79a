import { forgetThrottleHits } from '../../throttle/queries.ts';
import type { Db } from '../../../db/sql.ts';

/** A pg-boss job of a task or run: its queue as the row recorded it (with any prefix) and its id. */
export interface ProjectJob {
  queue: string;
  job_id: string;
}

export interface NamedProject {
  id: string;
  name: string;
}

/** The projects a user is in, each with whether someone else owns it too and the user's role. */
export interface MembershipRow extends NamedProject {
  role: 'owner' | 'editor' | 'viewer';
  other_owners: number;
  /** Whether the project has a Search Console connection (its Google grant is revoked when the project goes). */
  search_console: boolean;
}

/** Locks a project for deletion; undefined when it is gone (deleted meanwhile). */
export async function lockProjectForDelete(sql: Db, projectId: string): Promise<NamedProject | undefined> {
  const [row]: [NamedProject?] = await sql`select id, name from projects where id = ${projectId} for update`;
  return row;
}

/**
 * The user's projects with the other owners of each, the project rows and every membership of them locked in id
 * order (the order project deletion takes them in): two co-owners deleting their accounts at once cannot both see the
 * other stay, and no owner can leave or be demoted meanwhile.
 */
export async function lockMemberships(sql: Db, userId: string): Promise<MembershipRow[]> {
  await sql`
    select id from projects where id in (select project_id from project_members where user_id = ${userId})
    order by id for no key update`;
  await sql`
    select 1 from project_members where project_id in (select project_id from project_members where user_id = ${userId})
    order by project_id, user_id for update`;
  return readMemberships(sql, userId);
}

/**
 * Locks the projects an account deletion takes for update (lockMemberships took them for no key update, which lets
 * rows that point at them be inserted meanwhile): from here nothing new of them, such as a Search Console grant, can
 * be stored before they go.
 */
export async function lockProjectsForDelete(sql: Db, projectIds: string[]): Promise<void> {
  if (!projectIds.length) return;
  await sql`select id from projects where id in ${sql(projectIds)} order by id for update`;
}

/** The user's projects and who else owns each, unlocked: what the account deletion screen shows before it is asked. */
export async function readMemberships(sql: Db, userId: string): Promise<MembershipRow[]> {
  return sql<MembershipRow[]>`
    select p.id, p.name, m.role,
           (select count(*)::int from project_members o
            where o.project_id = p.id and o.user_id <> ${userId} and o.role = 'owner') as other_owners,
           exists (select 1 from search_console_connections c where c.project_id = p.id) as search_console
    from project_members m join projects p on p.id = m.project_id
    where m.user_id = ${userId}
    order by p.created_at, p.id`;
}

/**
 * The pg-boss jobs of every brand task, plan task, run and translation task of the projects, finished or not: open ones must never
 * start, and finished ones must not keep the run's id and the project's id (a run job's group) in the queue's tables.
 */
export async function jobsOf(sql: Db, projectIds: string[]): Promise<ProjectJob[]> {
  if (!projectIds.length) return [];
  return sql<ProjectJob[]>`
    select job_queue as queue, job_id from brand_tasks
    where project_id in ${sql(projectIds)} and job_id is not null and job_queue is not null
    union all
    select job_queue, job_id from plan_tasks
    where project_id in ${sql(projectIds)} and job_id is not null and job_queue is not null
    union all
    select job_queue, job_id from workflow_runs
    where project_id in ${sql(projectIds)} and job_id is not null and job_queue is not null
    union all
    select job_queue, job_id from post_translations
    where project_id in ${sql(projectIds)} and job_id is not null and job_queue is not null`;
}

/**
 * Deletes projects and, through their foreign keys, everything of them (migration 0028 lists the keys): posts, style
 * guides, tasks, runs and node runs, calendar, autopilot, workflows, media, invites, memberships, AI usage. Usage
 * events stay with no project (the paying account's count). The triggers tell every process at commit.
 */
export async function deleteProjects(sql: Db, projectIds: string[]): Promise<void> {
  if (!projectIds.length) return;
  await sql`delete from projects where id in ${sql(projectIds)}`;
  await forgetThrottleHits(sql, 'project', projectIds);
}

/** Deletes the invite links the user made that could still be used: a deleted account's links must not open. */
export async function deleteOpenInvitesBy(sql: Db, userId: string): Promise<void> {
  await sql`delete from project_invites where created_by = ${userId} and accepted_at is null`;
}

/** The Stripe subscriptions the account pays for that Stripe still bills (or may), with their customer. */
export async function liveSubscriptionsOf(
  sql: Db,
  userId: string,
  liveStatuses: readonly string[],
): Promise<{ id: string; customer_id: string }[]> {
  return sql<{ id: string; customer_id: string }[]>`
    select ss.id, ss.customer_id from subscriptions s join stripe_subscriptions ss on ss.customer_id = s.stripe_customer_id
    where s.account_id = ${userId} and ss.status in ${sql(liveStatuses)}
    order by ss.id`;
}

/** The user's Stripe customer id, if they ever checked out. */
export async function stripeCustomerOf(sql: Db, userId: string): Promise<string | null> {
  const [row]: [{ stripe_customer_id: string | null }?] =
    await sql`select stripe_customer_id from subscriptions where account_id = ${userId}`;
  return row?.stripe_customer_id ?? null;
}

/** Forgets what Stripe told us about a customer's subscriptions (Stripe keeps its own billing records). */
export async function forgetStripeCustomer(sql: Db, customerId: string): Promise<void> {
  await sql`delete from stripe_subscriptions where customer_id = ${customerId}`;
}

/** Deletes the user row; memberships, API keys and the subscription link cascade, authorship is set null. */
export async function deleteUserRow(sql: Db, userId: string): Promise<void> {
  await sql`delete from users where id = ${userId}`;
  await forgetThrottleHits(sql, 'user', [userId]);
}

/** Remembers a deleted sign-in id (hashed) and forgets those older than any token that could still be presented. */
export async function rememberDeletedSignIn(sql: Db, uidHash: string, keepSeconds: number): Promise<void> {
  await sql`delete from deleted_sign_ins where deleted_at < now() - make_interval(secs => ${keepSeconds})`;
  await sql`insert into deleted_sign_ins (uid_hash) values (${uidHash}) on conflict (uid_hash) do update set deleted_at = now()`;
}

/** True when the sign-in id (hashed) belongs to an account deleted within the last `keepSeconds`. */
export async function wasSignInDeleted(sql: Db, uidHash: string, keepSeconds: number): Promise<boolean> {
  const rows = await sql`
    select 1 from deleted_sign_ins where uid_hash = ${uidHash} and deleted_at > now() - make_interval(secs => ${keepSeconds})`;
  return rows.length > 0;
}

/** The rows a job works on; a job whose row is gone belongs to a deleted project. */
export type WorkTable = 'workflow_runs' | 'brand_tasks' | 'plan_tasks' | 'post_translations';

/** Whether a job's run or task row still exists. */
export async function workRowExists(sql: Db, table: WorkTable, id: string): Promise<boolean> {
  const rows = await sql`select 1 from ${sql(table)} where id = ${id}`;
  return rows.length > 0;
}
