import { z } from 'zod';
import { voiceArticle, voiceExample, voiceProfile } from '../voice/schema.ts';

/** A style guide (the API calls it a prompt). */
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
  voice_profile: voiceProfile
    .nullable()
    .describe('The voice measured from the example articles (issue 24); null when the guide had none to read.'),
  voice_examples: z.array(voiceExample).describe('Sentences quoted verbatim from the example articles.'),
  voice_articles: z.array(voiceArticle).describe('The example articles the voice was measured from, and any not read.'),
  created_at: z.iso.datetime(),
  updated_at: z.iso.datetime(),
});
export type Prompt = z.infer<typeof prompt>;

/** The fields of a style guide a writer edits. */
export type PromptEdit = Pick<
  Prompt,
  'name' | 'brand_voice' | 'keywords' | 'base_knowledge' | 'writing_style_guide' | 'image_style'
>;

/** The answer of POST /prompts/generate-and-save-guide. */
export const generatedGuide = prompt.pick({
  id: true,
  keywords: true,
  base_knowledge: true,
  writing_style_guide: true,
  image_style: true,
  brand_voice: true,
  draft_label: true,
});
export type GeneratedGuide = z.infer<typeof generatedGuide>;

/** Where a brand task stands, and the stage of its work. */
export const taskStatus = z.enum(['pending', 'in_progress', 'complete', 'error']);
export type TaskStatus = z.infer<typeof taskStatus>;
export const taskStage = z.enum(['queued', 'fetching', 'reading', 'writing', 'done', 'failed']);
export type TaskStage = z.infer<typeof taskStage>;

/** GET /projects/brand-guide/status/{task_id}. */
export const brandTaskStatus = z.object({
  task_id: z.string(),
  status: taskStatus,
  message: z.string(),
  progress: z.number(),
  stage: taskStage,
  result: z.object({ default_prompt_id: z.string() }).nullable(),
  reason: z
    .string()
    .nullable()
    .describe(
      'Why the task failed, in words a user can act on (the site could not be reached, timed out, robots.txt forbids it, the homepage is not HTML); null unless status is error.',
    ),
  examples: z
    .array(voiceArticle)
    .describe('What became of each example article once read: its title and length, or why it could not be used.'),
});
export type BrandTaskStatus = z.infer<typeof brandTaskStatus>;

/** The answer of starting a brand task. */
export const brandTaskStarted = z.object({ message: z.string(), task_id: z.string() });
export type BrandTaskStarted = z.infer<typeof brandTaskStarted>;
