import { z } from 'zod';
import { errorBody } from '../../lib/openapi.ts';
import { keywordList } from '../../services/prompts/keywords.ts';

export const promptIdParam = z.object({ id: z.uuid({ error: 'Style guide not found.' }) });
export const projectIdParam = z.object({ projectId: z.uuid({ error: 'Project not found.' }) });

const text = (label: string, max = 20_000) =>
  z.string({ error: `${label} must be text.` }).max(max, { error: `${label} must be at most ${max} characters.` });

export const updatePromptBody = z
  .object({
    name: text('Name', 200).trim().min(1, { error: 'Name is required.' }).optional(),
    brand_voice: text('Brand voice').optional(),
    keywords: keywordList.optional(),
    base_knowledge: text('Base knowledge').optional(),
    writing_style_guide: text('Writing style guide').optional(),
    image_style: text('Image style').optional(),
  })
  .strict();

/** The multipart form of POST /prompts/generate-and-save-guide, as strings. */
export const generateGuideForm = z
  .object({
    project_id: z.uuid({ error: 'Project not found.' }),
    use_brand_context: z.string().optional(),
    brand_context_text: z
      .string()
      .max(50_000, { error: 'Brand context must be at most 50000 characters.' })
      .default(''),
    user_keywords_json: z
      .string()
      .default('[]')
      .transform((raw, ctx) => {
        try {
          return JSON.parse(raw || '[]') as unknown;
        } catch {
          ctx.addIssue({ code: 'custom', message: 'Keywords must be a JSON list of text.' });
          return z.NEVER;
        }
      })
      .pipe(keywordList),
  })
  .transform((form) => ({ ...form, brand_context_text: form.brand_context_text.trim() }))
  .superRefine((form, ctx) => {
    if (!form.brand_context_text && form.user_keywords_json.length === 0) {
      ctx.addIssue({
        code: 'custom',
        path: ['brand_context_text'],
        message: 'Please provide either brand context or some keywords.',
      });
    }
  });

export const notFound = { 404: { description: 'No such style guide or project of the caller.', schema: errorBody } };
export const viewers = { 403: { description: 'Viewers cannot change the project.', schema: errorBody } };
