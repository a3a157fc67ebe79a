import { Hono } from 'hono';
import { NotFoundError, ValidationError } from '../../lib/errors.ts';
import type { AppEnv } from '../../lib/hono.ts';
import { parseJson, parseWith } from '../../lib/validate.ts';
import { daysBetween, monthDays } from '../../services/calendar/dates.ts';
import {
  createEntry,
  deleteEntry,
  findCompetition,
  generateEntry,
  getAutopilot,
  getEntry,
  listEntries,
  listFailures,
  setAutopilot,
  updateEntry,
} from '../../services/calendar/verbs.ts';
import {
  autopilotBody,
  competitionQuery,
  createEntryBody,
  entryIdParam,
  listEntriesQuery,
  projectIdParam,
  updateEntryBody,
} from './schema.ts';

function projectId(param: Record<string, string>): string {
  const parsed = projectIdParam.safeParse(param);
  if (!parsed.success) throw new NotFoundError('Project not found.');
  return parsed.data.projectId;
}

function entryId(param: Record<string, string>): string {
  const parsed = entryIdParam.safeParse(param);
  if (!parsed.success) throw new NotFoundError('Calendar entry not found.');
  return parsed.data.id;
}

/** The days a list asks for: a month, or a range of at most 100 days. */
function range(query: Record<string, string>): { from: string; to: string } {
  const parsed = parseWith(listEntriesQuery, query, 'query');
  if ('month' in parsed) return monthDays(parsed.month);
  if (parsed.to < parsed.from || daysBetween(parsed.from, parsed.to) > 100) {
    throw new ValidationError([
      {
        loc: ['query', 'to'],
        msg: 'The range must end on or after its start and span at most 100 days.',
        type: 'value_error',
      },
    ]);
  }
  return parsed;
}

/** /api/calendar: the content calendar's entries, the keyword competition check and the autopilot settings. */
export const calendarRoutes = new Hono<AppEnv>()
  .get('/project/:projectId', async (c) => {
    const id = projectId(c.req.param());
    return c.json(await listEntries({ ctx: c.get('ctx'), input: { projectId: id, ...range(c.req.query()) } }));
  })
  .post('/project/:projectId', async (c) => {
    const id = projectId(c.req.param());
    const fields = await parseJson(c, createEntryBody);
    return c.json(await createEntry({ ctx: c.get('ctx'), input: { projectId: id, fields } }), 201);
  })
  .get('/project/:projectId/competition', async (c) => {
    const id = projectId(c.req.param());
    const query = parseWith(competitionQuery, c.req.query(), 'query');
    return c.json(
      await findCompetition({
        ctx: c.get('ctx'),
        input: {
          projectId: id,
          keyword: query.keyword,
          title: query.title,
          secondaryKeywords: query.secondary_keywords,
          excludePostId: query.exclude_post_id,
          excludeEntryId: query.exclude_entry_id,
        },
      }),
    );
  })
  .get('/project/:projectId/failures', async (c) =>
    c.json(await listFailures({ ctx: c.get('ctx'), input: { projectId: projectId(c.req.param()) } })),
  )
  .get('/project/:projectId/autopilot', async (c) =>
    c.json(await getAutopilot({ ctx: c.get('ctx'), input: { projectId: projectId(c.req.param()) } })),
  )
  .put('/project/:projectId/autopilot', async (c) => {
    const id = projectId(c.req.param());
    const body = await parseJson(c, autopilotBody);
    return c.json(await setAutopilot({ ctx: c.get('ctx'), input: { projectId: id, ...body } }));
  })
  .get('/entries/:id', async (c) =>
    c.json(await getEntry({ ctx: c.get('ctx'), input: { id: entryId(c.req.param()) } })),
  )
  .patch('/entries/:id', async (c) => {
    const id = entryId(c.req.param());
    const fields = await parseJson(c, updateEntryBody);
    return c.json(await updateEntry({ ctx: c.get('ctx'), input: { id, fields } }));
  })
  .delete('/entries/:id', async (c) =>
    c.json(await deleteEntry({ ctx: c.get('ctx'), input: { id: entryId(c.req.param()) } })),
  )
  .post('/entries/:id/generate', async (c) =>
    c.json(await generateEntry({ ctx: c.get('ctx'), input: { id: entryId(c.req.param()) } }), 202),
  );
