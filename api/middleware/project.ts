import { createMiddleware } from 'hono/factory';
import { z } from 'zod';
import { NotFoundError } from '../lib/errors.ts';
import type { AppEnv } from '../lib/hono.ts';
import { findProject } from '../services/projects/verbs.ts';

const uuid = z.uuid();

/** Resolves X-Project-ID to the caller's membership; a foreign or unknown project is the same 404. */
export const selectProject = createMiddleware<AppEnv>(async (c, next) => {
  const header = c.req.header('x-project-id');
  if (header) {
    const ctx = c.get('ctx');
    const id = uuid.safeParse(header.trim());
    const project = id.success ? await findProject({ ctx, input: { id: id.data } }) : undefined;
    if (!project) throw new NotFoundError('Project not found.');
    c.set('ctx', { ...ctx, project: { id: project.id, role: project.role } });
  }
  await next();
});
