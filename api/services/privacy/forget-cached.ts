import type { Caches } from '../caches.ts';

/**
 * Drops what this process keeps of deleted projects (their blog hosts and pages, the project lists that show them) at
 * once: the caller's next request may reach this process before the change feed tells it. Other processes drop the
 * same at commit through the triggers of migrations 0003 and 0013.
 */
export function forgetProjects(caches: Caches, projectIds: string[]): void {
  if (!projectIds.length) return;
  const gone = new Set(projectIds);
  for (const id of projectIds) {
    caches.blogHosts.forget(id);
    caches.blogPages.dropProject(id);
  }
  caches.projectLists.dropWhere((projects) => projects.some((project) => gone.has(project.id)));
}
