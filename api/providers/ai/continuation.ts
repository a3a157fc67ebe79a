import type { Chat, ChatAnswer, ChatRequest } from './chat.ts';
import type { AiMessage } from './types.ts';
import { addTokens } from './usage.ts';
import type { TokenCounts } from './types.ts';

/** Requests one answer may take: a 30-entry plan from a model limited to 1,000 tokens takes about seven. */
export const MAX_PARTS = 12;

export const CONTINUE_PROMPT =
  'Your answer was cut off by the length limit. Continue exactly where it stopped: do not repeat anything already ' +
  'written, do not start again, add nothing before the continuation.';

const FENCE_OPENING = /^```[\w-]*[^\S\n]*\n/;
const FENCE_CLOSING = /\n?```\s*$/;

/**
 * Joins a continuation to the text before it. A model that wraps its continuation in a fence of its own (```json …
 * ```) while the text was cut mid-line gets the fence dropped: a fence cannot start in the middle of a line, so it is
 * not the answer's own.
 */
export function joinContinuation(before: string, next: string): string {
  const midLine = before.length > 0 && !before.endsWith('\n');
  if (!midLine || !FENCE_OPENING.test(next)) return before + next;
  return before + next.replace(FENCE_OPENING, '').replace(FENCE_CLOSING, '');
}

/** The whole of an answer however many requests it took. */
export interface WholeAnswer {
  /** The parts joined by joinContinuation. */
  text: string;
  finishReason: string;
  parts: number;
  usage: TokenCounts | null;
}

/**
 * Asks, and while the answer stops at the length limit asks the model to continue it (at most MAX_PARTS requests),
 * joining the parts. Continuations are sent without `response_format`: a server held to JSON would start a new object
 * instead of finishing the cut one. `onAnswer` sees each request and its answer (usage is recorded per request).
 */
export async function completeWhole(
  chat: Chat,
  request: ChatRequest,
  onAnswer: (messages: AiMessage[], answer: ChatAnswer) => Promise<void>,
): Promise<WholeAnswer> {
  let text = '';
  let usage: TokenCounts | null = { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 };
  for (let parts = 1; ; parts++) {
    const messages: AiMessage[] =
      parts === 1
        ? request.messages
        : [...request.messages, { role: 'assistant', content: text }, { role: 'user', content: CONTINUE_PROMPT }];
    const answer = await chat({ ...request, messages, ...(parts === 1 ? {} : { responseFormat: undefined }) });
    await onAnswer(messages, answer);
    text = parts === 1 ? answer.text : joinContinuation(text, answer.text);
    usage = addTokens(usage, answer.usage);
    if (answer.finishReason !== 'length' || parts >= MAX_PARTS)
      return { text, finishReason: answer.finishReason, parts, usage };
  }
}
