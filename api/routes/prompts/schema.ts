import { z } from 'zod';
import { keywordList } from '../../services/prompts/keywords.ts';
import { errorBody, operation, throttled } from '../../lib/openapi.ts';

export const promptIdParam = z.object({ id: z.uuid() });
export const projectIdParam = z.object({ projectId: z.uuid() });

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

export const prompt = z.object({
  id: z.uuid(),
  project_id: z.uuid(),
  name: z.string(),
  brand_voice: z.string(),
  keywords: z.array(z.string()),
  base_knowledge: z.string(),
  writing_style_guide: z.string(),
  image_style: z.string(),
  is_default: z.boolean(),
  draft_label: z.string().nullable(),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});

export const generatedGuide = z.object({
  id: z.uuid(),
  keywords: z.array(z.string()),
  base_knowledge: z.string(),
  writing_style_guide: z.string(),
  image_style: z.string(),
  brand_voice: z.string(),
  draft_label: z.string().nullable(),
});

const notFound = { 404: { description: 'No such style guide or project of the caller.', schema: errorBody } };
const viewers = { 403: { description: 'Viewers cannot change the project.', schema: errorBody } };

export const operations = [
  operation({
    method: 'post',
    path: '/api/prompts/generate-and-save-guide',
    tag: 'Style guides',
    summary: 'Writes a style guide from brand context or keywords and makes it the default.',
    form: generateGuideForm,
    responses: {
      201: { description: 'The new guide.', schema: generatedGuide },
      ...viewers,
      ...notFound,
      ...throttled('style guide generations'),
    },
  }),
  operation({
    method: 'get',
    path: '/api/prompts/project/{projectId}/all',
    tag: 'Style guides',
    summary: 'Every style guide of a project.',
    params: projectIdParam,
    responses: { 200: { description: 'Guides.', schema: z.array(prompt) }, ...notFound },
  }),
  operation({
    method: 'get',
    path: '/api/prompts/project/{projectId}',
    tag: 'Style guides',
    summary: "The project's default style guide.",
    params: projectIdParam,
    responses: { 200: { description: 'The guide.', schema: prompt }, ...notFound },
  }),
  operation({
    method: 'get',
    path: '/api/prompts/{id}',
    tag: 'Style guides',
    summary: 'One style guide.',
    params: promptIdParam,
    responses: { 200: { description: 'The guide.', schema: prompt }, ...notFound },
  }),
  operation({
    method: 'patch',
    path: '/api/prompts/{id}',
    tag: 'Style guides',
    summary: 'Edits a style guide (owners, editors).',
    params: promptIdParam,
    body: updatePromptBody,
    responses: { 200: { description: 'The guide.', schema: prompt }, ...viewers, ...notFound },
  }),
  operation({
    method: 'delete',
    path: '/api/prompts/{id}',
    tag: 'Style guides',
    summary: 'Deletes a style guide (owners, editors).',
    params: promptIdParam,
    responses: { 204: { description: 'Deleted.' }, ...viewers, ...notFound },
  }),
];
