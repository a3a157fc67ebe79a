import type { z } from 'zod';
import { DRAFT_LABEL, type Ai, type GenerateRequest, type Generated, type StreamRequest } from '../types.ts';

/** No AI server configured: every request is answered by its own deterministic draft, always labelled as one. */
export function createOfflineProvider(): Ai {
  return {
    async generate<S extends z.ZodType>(request: GenerateRequest<S>): Promise<Generated<z.infer<S>>> {
      return { value: request.schema.parse(request.draft()), draft_label: DRAFT_LABEL };
    },
    stream(request: StreamRequest) {
      async function* chunks(): AsyncGenerator<string> {
        yield request.draft();
      }
      return { chunks: chunks(), draft_label: DRAFT_LABEL };
    },
  };
}
