// One thread of the render pool (render.ts): markdown is parsed and sanitized here, never on the event loop.
import { workerData } from 'node:worker_threads';
import { markdownToPostHtml } from './markdown.ts';

export interface RenderTask {
  source: string;
  /** This render's slot in the pool's start times (render.ts), written once the render begins. */
  slot: number;
}

/** What every thread of the pool shares: when each task began (ms since the epoch, 0 while it waits), by slot. */
export interface RenderWorkerData {
  starts: SharedArrayBuffer;
}

export type RenderOutcome = { html: string } | { overflow: true };

const starts = new BigInt64Array((workerData as RenderWorkerData).starts);

/** Renders one post; a stack overflow (nesting the limits did not foresee) is an answer, not a crash. */
export default function render({ source, slot }: RenderTask): RenderOutcome {
  // The pool times the render itself from here, not the wait in its queue.
  Atomics.store(starts, slot, BigInt(Date.now()));
  try {
    return { html: markdownToPostHtml(source) };
  } catch (error) {
    if (error instanceof RangeError) return { overflow: true };
    throw error;
  }
}
