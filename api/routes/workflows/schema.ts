import { z } from 'zod';
import { languageField } from '../../../src/lib/languages/schema.ts';
import { startedRun } from '../../../src/lib/workflows/schema.ts';
import { errorBody, validationErrorBody } from '../../lib/openapi.ts';
import { edgeShape, MAX_NODES, nodeShape } from '../../services/workflows/graph.ts';

export const workflowIdParam = z.object({ id: z.uuid({ error: 'Workflow not found.' }) });
export const templateIdParam = z.object({ id: z.uuid({ error: 'Template not found.' }) });
export const projectIdParam = z.object({ projectId: z.uuid({ error: 'Project not found.' }) });
export const runIdParam = z.object({ runId: z.uuid({ error: 'Run not found.' }) });

const name = z
  .string({ error: 'Name must be text.' })
  .trim()
  .min(1, { error: 'Name is required.' })
  .max(200, { error: 'Name must be at most 200 characters.' });
const description = z
  .string({ error: 'Description must be text.' })
  .max(2000, { error: 'Description must be at most 2000 characters.' });

/** A graph as the builder sends it. */
export const graphBody = z
  .object({
    name,
    description: description.optional(),
    nodes: z.array(nodeShape).max(MAX_NODES, { error: `A workflow has at most ${MAX_NODES} nodes.` }),
    edges: z.array(edgeShape).max(MAX_NODES * 20),
  })
  .strict();

/** POST /workflows/project/{projectId}: a graph, or a published template to copy. */
export const createWorkflowBody = z.union([
  graphBody,
  z.object({ template_id: z.uuid({ error: 'Template not found.' }) }).strict(),
]);

/** PUT /workflows/{id} and /workflows/templates/{id}: the graph and the version the edit started from. */
export const updateWorkflowBody = graphBody
  .extend({ version: z.number({ error: 'Version is required.' }).int().min(1) })
  .strict();

/** POST /workflows/{id}/run and /workflows/project/{projectId}/run. */
export const runBody = z
  .object({
    topic: z
      .string({ error: 'Please enter a topic.' })
      .trim()
      .min(1, { error: 'Please enter a topic.' })
      .max(500, { error: 'The topic must be at most 500 characters.' }),
    target_keyword: z
      .string()
      .trim()
      .max(200, { error: 'The target keyword must be at most 200 characters.' })
      .optional(),
    secondary_keywords: z
      .array(z.string().trim().min(1).max(200))
      .max(10, { error: 'You can add a maximum of 10 keywords.' })
      .optional(),
    outline: z.string().max(20_000, { error: 'The outline must be at most 20000 characters.' }).optional(),
    calendar_entry_id: z.uuid().optional(),
    post_id: z
      .uuid({ error: 'Post not found.' })
      .optional()
      .describe(
        "A post of the project to rewrite: the run's save_post node updates it (updated_blog_post) instead of saving a new one",
      ),
    language: languageField
      .optional()
      .describe(
        "The language to write in (an ISO 639-1 code like pt); a rewritten post's own comes first, the calendar entry's or the project's when left out",
      ),
  })
  .strict();

export const runsQuery = z.object({ limit: z.coerce.number().int().min(1).max(50).default(10) });

export const tag = 'Workflows';
export const noWorkflow = { 404: { description: 'No such workflow in a project of the caller.', schema: errorBody } };
export const noTemplate = {
  404: { description: 'No such template (non-admins see published ones only).', schema: errorBody },
};
export const noProject = { 404: { description: 'No such project of the caller.', schema: errorBody } };
export const noPost = {
  404: {
    description: 'No such project (or workflow) of the caller, or post_id is not a post of the project.',
    schema: errorBody,
  },
};
export const viewers = { 403: { description: 'Viewers cannot change this project.', schema: errorBody } };
export const admins = (verb: string) => ({
  403: {
    description: `Only admins can ${verb} templates, from their own sign-in (never with an API key).`,
    schema: errorBody,
  },
});
export const stale = {
  409: {
    description: 'Someone else saved this workflow since the given version; reload it and try again. Nothing changed.',
    schema: errorBody,
  },
};
export const badGraph = {
  422: {
    description:
      'The input was refused, or the graph cannot run (each problem names its node or edge and field); nothing changed.',
    schema: validationErrorBody,
  },
};
export const jobsDown = {
  503: { description: 'Background jobs are not running; try again later.', schema: errorBody },
};
export const started = {
  202: {
    description:
      'Queued; poll GET /api/workflows/runs/{runId} (queue_item_id is the id GET /api/queue/status and DELETE /api/queue/items/{id} use).',
    schema: startedRun,
  },
};
