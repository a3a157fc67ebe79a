import { generatedGuide } from '../../../src/lib/prompts/schema.ts';
import { defineRoute } from '../../lib/route.ts';
import { generateGuide } from '../../services/prompts/verbs.ts';
import { generateGuideForm, notFound, viewers } from './schema.ts';

/** POST /api/prompts/generate-and-save-guide: a style guide from brand context or keywords (a multipart form). */
export const generateGuideRoute = defineRoute({
  method: 'post',
  path: '/api/prompts/generate-and-save-guide',
  tag: 'Style guides',
  summary: 'Writes a style guide from brand context or keywords and makes it the default.',
  body: generateGuideForm,
  bodyKind: 'form',
  responses: { 201: { description: 'The new guide.', schema: generatedGuide }, ...viewers, ...notFound },
  handler: async (c, { body }) => {
    const prompt = await generateGuide({
      ctx: c.get('ctx'),
      input: { projectId: body.project_id, contextText: body.brand_context_text, keywords: body.user_keywords_json },
    });
    const { id, keywords, base_knowledge, writing_style_guide, image_style, brand_voice, draft_label } = prompt;
    return c.json({ id, keywords, base_knowledge, writing_style_guide, image_style, brand_voice, draft_label }, 201);
  },
});
