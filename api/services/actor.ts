import { personOf, type ServiceContext, type User } from '../lib/context.ts';
import { ForbiddenError } from '../lib/errors.ts';

/**
 * The user a verb acts for, when it only makes sense for a person (their projects, keys, plan, sign-out): the system
 * acting for a project is refused.
 */
export function actingUser(ctx: ServiceContext): User {
  const person = personOf(ctx);
  if (!person) throw new ForbiddenError('This needs a signed-in user.');
  return person;
}

/** Whom a change is credited to (created_by, a post's author): the person acting, or the system's `creditTo`. */
export function creditedUserId(ctx: ServiceContext): string {
  return ctx.actor.kind === 'system' ? ctx.actor.creditTo : ctx.actor.user.id;
}

/** Drops the acting person's cached project list: their next request may reach this process before the change feed. */
export function forgetOwnProjectList(ctx: ServiceContext): void {
  const person = personOf(ctx);
  if (person) ctx.caches.projectLists.drop(person.id);
}

/**
 * Drops this process's cached hosts and pages of the project's blog after a change to it (brand, base path, domain):
 * the acting user's next visit may reach this process before the change feed tells it.
 */
export function forgetOwnBlog(ctx: ServiceContext, projectId: string): void {
  ctx.caches.blogHosts.changed(projectId);
  ctx.caches.blogPages.dropProject(projectId);
}
