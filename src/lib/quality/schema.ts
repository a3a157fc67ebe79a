import { z } from 'zod';
import { RULE_IDS } from '../seo/checklist/types.ts';

/** A project's quality gate and disclosure (issue 27): owners and editors set them on the Projects page. */
export const qualitySettings = z.object({
  project_id: z.uuid(),
  min_score: z
    .number()
    .int()
    .min(0)
    .max(100)
    .describe('The lowest checklist score the autopilot (and runs started to publish) may put live; 70 by default.'),
  hold_claims: z
    .boolean()
    .describe('Whether a post with claims its sources do not support, or text copied from a source, is held back.'),
  ai_disclosure: z
    .boolean()
    .describe('Whether the hosted blog marks posts a run wrote with an "AI-assisted" note; off by default.'),
});
export type QualitySettings = z.infer<typeof qualitySettings>;

/** Why the gate kept a post from going live, stored with the post until someone publishes it. */
export const qualityHold = z.object({
  score: z.number().int(),
  min_score: z.number().int(),
  reasons: z.array(z.string()).describe('Each a sentence a writer can act on.'),
  held_at: z.iso.datetime(),
});
export type QualityHold = z.infer<typeof qualityHold>;

/** One rule of the on-page checklist. */
export const checklistRule = z.object({
  id: z.enum(RULE_IDS),
  label: z.string(),
  state: z.enum(['pass', 'warn', 'fail', 'na']),
  message: z.string().describe('What the post does, and what to do about it.'),
  weight: z.number().int(),
});

/** A claim of the post as the fact check marked it (the writer's evidence). */
export const checkedClaim = z.object({
  text: z.string().describe('The claim as the post says it (the gate names unsupported ones by these words).'),
  state: z.enum(['supported', 'unsupported', 'uncited']),
});

/** GET /blogs/posts/post/{id}/checklist: the server's checklist of the saved post and what the editor needs to run it live. */
export const postChecklist = z.object({
  post_id: z.uuid(),
  score: z.number().int().min(0).max(100),
  rules: z.array(checklistRule),
  gate: z.object({
    min_score: z.number().int(),
    hold_claims: z.boolean(),
    passes: z.boolean(),
    reasons: z.array(z.string()),
  }),
  context: z
    .object({
      competitor_words: z.number().int().nullable(),
      own_posts: z.array(z.object({ slug: z.string(), title: z.string() })),
      blog_hosts: z.array(z.string()),
      sources: z.array(z.object({ url: z.string(), title: z.string(), text: z.string() })),
      claims: z.array(checkedClaim),
    })
    .describe('What the editor runs the same checklist with as the writer types.'),
});
export type PostChecklist = z.infer<typeof postChecklist>;

/** A draft the gate held back, as the dashboard lists it. */
export const heldPost = z.object({
  id: z.uuid(),
  title: z.string(),
  slug: z.string(),
  quality_hold: qualityHold,
  updated_at: z.iso.datetime(),
});
export type HeldPost = z.infer<typeof heldPost>;
