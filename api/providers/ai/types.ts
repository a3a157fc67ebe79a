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

/** Tokens of one request or of several summed. */
export interface TokenCounts {
  prompt_tokens: number;
  completion_tokens: number;
  total_tokens: number;
}

export interface GenerateRequest<S extends z.ZodType> {
  schema: S;
  messages: AiMessage[];
  usage: UsageTag;
  /** The deterministic draft for this request, used when no AI server is configured. */
  draft: () => z.infer<S>;
  temperature?: number;
  /** The language asked for (languageInstruction in the messages): offline, a draft in English says it is not in it. */
  language?: string | undefined;
}

/** A validated object, the model that wrote it (null offline) and, offline, the label the stored record must carry. */
export interface Generated<T> {
  value: T;
  draft_label: string | null;
  model: string | null;
}

export interface WriteRequest {
  messages: AiMessage[];
  usage: UsageTag;
  /** The most tokens one request may answer with; a longer text is continued in further requests. */
  maxTokens?: number;
  /** The text used when no AI server is configured; without one, writing offline is an AiError('not_configured'). */
  draft?: () => string;
  temperature?: number;
  /** The language asked for (languageInstruction in the messages): offline, a draft in English says it is not in it. */
  language?: string | undefined;
}

/** Markdown a model wrote: reasoning stripped, joined across `length` cuts, a fence around the whole answer removed. */
export interface Written {
  text: string;
  /** The last request's finish reason: `length` means the text is still cut after the most continuations allowed. */
  finishReason: string;
  /** How many requests the text took (1 when it was not cut). */
  parts: number;
  /** Tokens of all parts, or null when the server did not report them for every part (ai_usage then holds estimates). */
  usage: TokenCounts | null;
  model: string | null;
  draft_label: string | null;
}

/** The one AI interface the rest of the app uses; which provider answers stays inside api/providers/ai. */
export interface Ai {
  /** The configured model's name, or null when the offline composer answers. */
  readonly model: string | null;
  /** A JSON object validated by the schema (one repair request when the first answer does not match). */
  generate<S extends z.ZodType>(request: GenerateRequest<S>): Promise<Generated<z.infer<S>>>;
  /** Markdown text, however long, from a model with any output limit. */
  write(request: WriteRequest): Promise<Written>;
}

export type AiFailure = 'timeout' | 'rate_limited' | 'upstream' | 'invalid_output' | 'rejected' | 'not_configured';

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
