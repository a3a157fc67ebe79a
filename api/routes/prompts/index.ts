import { deletePromptRoute } from './delete.ts';
import { generateGuideRoute } from './generate.ts';
import { defaultPromptRoute, getPromptRoute, listPromptsRoute } from './read.ts';
import { updatePromptRoute } from './update.ts';

/** /api/prompts: style guides (spec §5, §7). */
export const promptsRoutes = [
  generateGuideRoute,
  listPromptsRoute,
  defaultPromptRoute,
  getPromptRoute,
  updatePromptRoute,
  deletePromptRoute,
];
