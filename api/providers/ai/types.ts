import type { z } from 'zod';

/** One chat message in the OpenAI shape every provider speaks. */
export interface AiMessage {
  role: 'system' | 'user' | 'assistant';
  content: string;
}

/** Whom the tokens of a call are charged to (ai_usage rows). */
export interface UsageTag {
  projectId: string | null;
  taskId?: string | null;
  purpose: string;
}

export interface GenerateRequest<S extends z.ZodType> {
  schema: S;
  messages: AiMessage[];
  usage: UsageTag;
  /** The deterministic draft for this request, used when no AI server is configured. */
  draft: () => z.infer<S>;
  temperature?: number;
}

/** A validated object and, when the offline composer wrote it, the label the stored record must carry. */
export interface Generated<T> {
  value: T;
  draft_label: string | null;
}

export interface StreamRequest {
  messages: AiMessage[];
  usage: UsageTag;
  /** The deterministic text used when no AI server is configured. */
  draft: () => string;
}

/** The one AI interface the rest of the app uses; which provider answers stays inside api/providers/ai. */
export interface Ai {
  generate<S extends z.ZodType>(request: GenerateRequest<S>): Promise<Generated<z.infer<S>>>;
  stream(request: StreamRequest): { chunks: AsyncIterable<string>; draft_label: string | null };
}

export type AiFailure = 'timeout' | 'rate_limited' | 'upstream' | 'invalid_output';

/** Why an AI call failed after its retries; callers map it to their own message. */
export class AiError extends Error {
  readonly reason: AiFailure;
  constructor(reason: AiFailure, message: string) {
    super(message);
    this.reason = reason;
  }
}

/** What the offline composer writes into every record it makes. */
export { DRAFT_LABEL } from '../../../src/lib/prompts/types.ts';
