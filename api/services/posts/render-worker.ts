// One thread of the render pool (render.ts): markdown is parsed and sanitized here, never on the event loop.
import type { MessagePort } from 'node:worker_threads';
import { markdownToPostHtml } from './markdown.ts';

export interface RenderTask {
  source: string;
  /** Told once the render begins, so the pool times the render itself and not the wait in its queue. */
  started: MessagePort;
}

export type RenderOutcome = { html: string } | { overflow: true };

/** Renders one post; a stack overflow (nesting the limits did not foresee) is an answer, not a crash. */
export default function render({ source, started }: RenderTask): RenderOutcome {
  started.postMessage('started');
  started.close();
  try {
    return { html: markdownToPostHtml(source) };
  } catch (error) {
    if (error instanceof RangeError) return { overflow: true };
    throw error;
  }
}
