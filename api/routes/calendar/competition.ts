import { z } from 'zod';
import { competitor } from '../../../src/lib/calendar/schema.ts';
import { defineRoute } from '../../lib/route.ts';
import { findCompetition } from '../../services/calendar/verbs.ts';
import { competitionQuery, noProject, projectIdParam, refused, tag } from './schema.ts';

/** GET /api/calendar/project/{projectId}/competition: what competes with a keyword (the editor's warning). */
export const competitionRoute = defineRoute({
  method: 'get',
  path: '/api/calendar/project/{projectId}/competition',
  tag,
  summary:
    "The project's posts and entries whose keyword competes with the given one (the editor's warning), each with the reason.",
  params: projectIdParam,
  query: competitionQuery,
  responses: {
    200: {
      description: 'The competing posts and entries (none: an empty list).',
      schema: z.object({ items: z.array(competitor) }),
    },
    ...noProject,
    ...refused,
  },
  handler: async (c, { params, query }) =>
    c.json(
      await findCompetition({
        ctx: c.get('ctx'),
        input: {
          projectId: params.projectId,
          keyword: query.keyword,
          title: query.title,
          secondaryKeywords: query.secondary_keywords,
          excludePostId: query.exclude_post_id,
          excludeEntryId: query.exclude_entry_id,
        },
      }),
    ),
});
