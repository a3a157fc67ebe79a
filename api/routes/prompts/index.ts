import { Hono } from 'hono';
import { NotFoundError } from '../../lib/errors.ts';
import type { AppEnv } from '../../lib/hono.ts';
import { parseJson, parseWith } from '../../lib/validate.ts';
import {
  deletePrompt,
  generateGuide,
  getDefaultPrompt,
  getPrompt,
  listPrompts,
  updatePrompt,
} from '../../services/prompts/verbs.ts';
import { generateGuideForm, projectIdParam, promptIdParam, updatePromptBody } from './schema.ts';

function promptId(param: Record<string, string>): string {
  const parsed = promptIdParam.safeParse(param);
  if (!parsed.success) throw new NotFoundError('Style guide not found.');
  return parsed.data.id;
}

function projectId(param: Record<string, string>): string {
  const parsed = projectIdParam.safeParse(param);
  if (!parsed.success) throw new NotFoundError('Project not found.');
  return parsed.data.projectId;
}

/** /api/prompts: style guides (spec §5, §7). */
export const promptsRoutes = new Hono<AppEnv>()
  .post('/generate-and-save-guide', async (c) => {
    const body = await c.req.parseBody().catch(() => ({}));
    const strings = Object.fromEntries(Object.entries(body).filter(([, value]) => typeof value === 'string'));
    const form = parseWith(generateGuideForm, strings, 'body');
    const prompt = await generateGuide({
      ctx: c.get('ctx'),
      input: { projectId: form.project_id, contextText: form.brand_context_text, keywords: form.user_keywords_json },
    });
    const { id, keywords, base_knowledge, writing_style_guide, image_style, brand_voice, draft_label } = prompt;
    return c.json({ id, keywords, base_knowledge, writing_style_guide, image_style, brand_voice, draft_label }, 201);
  })
  .get('/project/:projectId/all', async (c) =>
    c.json(await listPrompts({ ctx: c.get('ctx'), input: { projectId: projectId(c.req.param()) } })),
  )
  .get('/project/:projectId', async (c) =>
    c.json(await getDefaultPrompt({ ctx: c.get('ctx'), input: { projectId: projectId(c.req.param()) } })),
  )
  .get('/:id', async (c) => c.json(await getPrompt({ ctx: c.get('ctx'), input: { id: promptId(c.req.param()) } })))
  .patch('/:id', async (c) => {
    const id = promptId(c.req.param());
    const fields = await parseJson(c, updatePromptBody);
    return c.json(await updatePrompt({ ctx: c.get('ctx'), input: { id, fields } }));
  })
  .delete('/:id', async (c) => {
    await deletePrompt({ ctx: c.get('ctx'), input: { id: promptId(c.req.param()) } });
    return c.body(null, 204);
  });
