import type { ServiceContext } from '../../lib/context.ts';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import { authorize } from '../authorize.ts';
import { checkBlogBrand, type BlogBrandInput } from './blog-brand.ts';
import { isProjectPrompt } from '../prompts/queries.ts';
import { insertProjectWithOwner, listProjectsForUser, type ProjectRow, updateProjectSettings } from './queries.ts';
import { actingUser, forgetOwnBlog, forgetOwnProjectList } from '../actor.ts';

/** The projects the caller is a member of, oldest first; read from the cache the change feed keeps true. */
export async function listProjects({ ctx }: { ctx: ServiceContext }): Promise<readonly ProjectRow[]> {
  const user = actingUser(ctx);
  const projects = await ctx.caches.projectLists.get(user.id, async () => {
    const rows = await listProjectsForUser(ctx.sql, user.id);
    return Object.freeze(rows.map((row) => Object.freeze(row))); // shared by this user's requests until a change drops it
  });
  return projects ?? [];
}

/** One of the caller's projects with their role, or undefined when they are not a member (or it does not exist). */
export async function findProject({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { id: string };
}): Promise<ProjectRow | undefined> {
  const id = input.id.toLowerCase(); // Postgres writes uuids in lower case; a client may not
  return (await listProjects({ ctx })).find((project) => project.id === id);
}

/** One project with the caller's role; a project they are not in is indistinguishable from a missing one. */
export async function getProject({ ctx, input }: { ctx: ServiceContext; input: { id: string } }): Promise<ProjectRow> {
  const project = await findProject({ ctx, input });
  if (!project) throw new NotFoundError('Project not found.');
  return project;
}

/** Creates a project owned by the caller. */
export async function createProject({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: { name: string; description: string; language?: string | undefined };
}): Promise<ProjectRow> {
  const id = await ctx.sql.begin((tx) => insertProjectWithOwner(tx, { ...input, userId: actingUser(ctx).id }));
  forgetOwnProjectList(ctx);
  return getProject({ ctx, input: { id } });
}

/**
 * Changes a project's settings (owners and editors): its name, description and language, its default style guide, which must
 * belong to the project, and its blog's logo, accent colour and base path. Everything is checked first; a bad field
 * changes nothing. The write tells every process (change feed), so cached blog pages of the project are dropped at
 * commit; a rename also moves the blog's address while no post is published (trigger of migration 0029).
 */
export async function updateProject({
  ctx,
  input,
}: {
  ctx: ServiceContext;
  input: {
    id: string;
    name?: string | undefined;
    description?: string | undefined;
    default_prompt_id?: string | undefined;
    language?: string | undefined;
  } & BlogBrandInput;
}): Promise<ProjectRow> {
  const project = await authorize(ctx, input.id, 'write');
  if (input.default_prompt_id !== undefined) {
    if (!(await isProjectPrompt(ctx.sql, project.id, input.default_prompt_id)))
      throw new ValidationError([
        { loc: ['body', 'default_prompt_id'], msg: 'Style guide not found in this project.', type: 'value_error' },
      ]);
  }
  const blog = await checkBlogBrand(ctx.sql, project, input, ctx.config.SITE_URL);
  const given = (value: unknown) => value !== undefined;
  const changed = [input.name, input.description, input.default_prompt_id, input.language].some(given);
  if (changed || Object.keys(blog).length) {
    await updateProjectSettings(ctx.sql, project.id, {
      name: input.name,
      description: input.description,
      defaultPromptId: input.default_prompt_id,
      logo: blog.logo,
      accent: blog.accent,
      basePath: blog.basePath,
      language: input.language,
    });
  }
  forgetOwnProjectList(ctx);
  forgetOwnBlog(ctx, project.id);
  return getProject({ ctx, input: { id: project.id } });
}
