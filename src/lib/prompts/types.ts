// Style guides and the brand task as the API returns them (spec workspace §3, issue 12 contract).

/** Spec §9: the most keywords a style guide holds. */
export const MAX_KEYWORDS = 10;

/** Exactly what a guide written by the offline composer carries, shown wherever the guide is. */
export const DRAFT_LABEL = 'draft — no AI configured';

/** A style guide (the API calls it a prompt). */
export interface Prompt {
  id: string;
  project_id: string;
  name: string;
  brand_voice: string;
  keywords: string[];
  base_knowledge: string;
  writing_style_guide: string;
  image_style: string;
  is_default: boolean;
  draft_label: string | null;
  created_at: string;
  updated_at: string;
}

/** The fields of a style guide a writer edits. */
export type PromptEdit = Pick<
  Prompt,
  'name' | 'brand_voice' | 'keywords' | 'base_knowledge' | 'writing_style_guide' | 'image_style'
>;

/** Where a brand task stands, and the stage of its work. */
export type TaskStatus = 'pending' | 'in_progress' | 'complete' | 'error';
export type TaskStage = 'queued' | 'fetching' | 'reading' | 'writing' | 'done' | 'failed';

/** GET /projects/brand-guide/status/{task_id}. */
export interface BrandTaskStatus {
  task_id: string;
  status: TaskStatus;
  message: string;
  progress: number;
  stage: TaskStage;
  result: { default_prompt_id: string } | null;
  /** Why the task failed, for its user (the site could not be reached, robots.txt forbids it...); null unless it failed. */
  reason: string | null;
}

/** The answer of POST /prompts/generate-and-save-guide. */
export interface GeneratedGuide {
  id: string;
  keywords: string[];
  base_knowledge: string;
  writing_style_guide: string;
  image_style: string;
  brand_voice: string;
  draft_label: string | null;
}
