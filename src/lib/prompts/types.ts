// Style guides and the brand task as the API returns them (spec workspace §3, issue 12 contract): their zod schemas
// are in src/lib/prompts/schema.ts.

export type {
  BrandTaskStatus,
  GeneratedGuide,
  Prompt,
  PromptEdit,
  TaskStage,
  TaskStatus,
} from './schema.ts';

/** Spec §9: the most keywords a style guide holds. */
export const MAX_KEYWORDS = 10;

/** Exactly what a guide written by the offline composer carries, shown wherever the guide is. */
export const DRAFT_LABEL = 'draft — no AI configured';
