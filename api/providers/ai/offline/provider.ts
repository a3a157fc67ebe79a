import type { z } from 'zod';
import { offlineLabel } from '../language.ts';
import { AiError, type Ai, type GenerateRequest, type Generated, type WriteRequest } from '../types.ts';

/**
 * No AI server configured: every request is answered by its own deterministic draft, always labelled as one (and, for a
 * language other than English, as English template text).
 */
export function createOfflineProvider(): Ai {
  return {
    model: null,
    async generate<S extends z.ZodType>(request: GenerateRequest<S>): Promise<Generated<z.infer<S>>> {
      return { value: request.schema.parse(request.draft()), draft_label: offlineLabel(request.language), model: null };
    },
    async write(request: WriteRequest) {
      if (!request.draft)
        throw new AiError('not_configured', 'No AI model is configured (set AI_BASE_URL and AI_MODEL).');
      return {
        text: request.draft(),
        finishReason: 'stop',
        parts: 1,
        usage: null,
        model: null,
        draft_label: offlineLabel(request.language),
      };
    },
  };
}
