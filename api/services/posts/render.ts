import { availableParallelism } from 'node:os';
import { Piscina } from 'piscina';
import { markdownProblem } from '../../../src/lib/posts/markdown-limits.ts';
import { BusyError, ValidationError } from '../../lib/errors.ts';
import type { RenderOutcome, RenderTask, RenderWorkerData } from './render-worker.ts';

// Markdown rendering runs in a small pool of worker threads (piscina), so no post, however hostile, holds the event
// loop: the limits of src/lib/posts/markdown-limits.ts refuse the known costly shapes before parsing, and a render
// still running after RENDER_TIME_LIMIT_MS is stopped (its thread is ended and replaced) and refused.

/** Threads rendering at once: one core is left to the event loop, at least 2 so one slow render never queues all. */
export const RENDER_THREADS = Math.max(2, Math.min(4, availableParallelism() - 1));
/** Longest a render may wait for a free thread before the caller hears that the server is busy. */
let queueWaitMs = 10_000;

/**
 * Renders in the pool or its queue at once, at most: each has a slot in which its thread writes when it began, so the
 * time budget counts the render and not the wait (a per-task message channel cost more than the render of a short
 * post). Beyond this many the server answers that it is busy.
 */
const SLOTS = 4096;

let timeLimitMs = 2000;
let pool: Piscina | undefined;
const starts = new BigInt64Array(new SharedArrayBuffer(SLOTS * BigInt64Array.BYTES_PER_ELEMENT));
const freeSlots = Array.from({ length: SLOTS }, (_, slot) => SLOTS - 1 - slot);

/**
 * Sets the time budget of one render (RENDER_TIME_LIMIT_MS); the app and the job runner call it with their config.
 * Tests may shorten the wait for a thread.
 */
export function configurePostRendering(settings: { RENDER_TIME_LIMIT_MS: number; queueWaitMs?: number }): void {
  timeLimitMs = settings.RENDER_TIME_LIMIT_MS;
  queueWaitMs = settings.queueWaitMs ?? 10_000;
}

function renderPool(): Piscina {
  pool ??= new Piscina({
    filename: new URL('./render-worker.ts', import.meta.url).href,
    minThreads: 1,
    maxThreads: RENDER_THREADS,
    idleTimeout: 60_000,
    // Below the event loop's priority (Linux, via @napi-rs/nice when installed): a busy render thread never
    // delays an answer of the main thread on a machine with few cores.
    niceIncrement: 10,
    // A render that allocates without end ends its own thread, never the server.
    resourceLimits: { maxOldGenerationSizeMb: 512 },
    workerData: { starts: starts.buffer } satisfies RenderWorkerData,
  });
  return pool;
}

const refused = (msg: string, type: string) => new ValidationError([{ loc: ['body', 'markdown'], msg, type }]);

/**
 * Markdown → the HTML a post stores and the hosted blog serves, rendered and sanitized on the server (never trusting
 * the author's raw HTML) in a worker thread within a time budget. Throws ValidationError (422 on `markdown`, saying
 * what to change) for markdown over the limits or too slow to render, BusyError (503) when every thread is taken.
 */
export async function renderPostHtml(source: string): Promise<string> {
  const problem = markdownProblem(source);
  if (problem) throw refused(problem.msg, problem.type);
  const outcome = await inPool(source);
  if ('overflow' in outcome)
    throw refused(
      'This markdown nests too deeply to be rendered. Remove some of the > or list markers at the start of its lines.',
      'too_deep',
    );
  return outcome.html;
}

async function inPool(source: string): Promise<RenderOutcome> {
  const slot = freeSlots.pop();
  if (slot === undefined) throw busy();
  Atomics.store(starts, slot, 0n);
  const stop = new AbortController();
  const queuedUntil = Date.now() + queueWaitMs;
  let late: 'queue' | 'render' | undefined;
  // Looks when the budget of a render that began at once would end, then again until it ends or the wait is too long.
  const check = () => {
    const began = Number(Atomics.load(starts, slot));
    const now = Date.now();
    const until = began ? began + timeLimitMs : queuedUntil;
    if (now < until) timer = setTimeout(check, Math.min(until - now, timeLimitMs));
    else {
      late = began ? 'render' : 'queue';
      stop.abort();
    }
  };
  let timer = setTimeout(check, timeLimitMs);
  try {
    return (await renderPool().run({ source, slot } satisfies RenderTask, { signal: stop.signal })) as RenderOutcome;
  } catch (error) {
    if (late === 'render')
      throw refused(
        `This markdown took longer than ${timeLimitMs / 1000} seconds to render, so it was refused. Shorten it or split it into several posts; very long lists, tables and quotes are the usual cause.`,
        'render_timeout',
      );
    if (late === 'queue' || /queue is at limit/i.test(String(error))) throw busy();
    if ((error as { code?: string }).code === 'ERR_WORKER_OUT_OF_MEMORY')
      throw refused(
        'This markdown needs too much memory to render. Shorten it or split it into several posts.',
        'too_large',
      );
    throw error;
  } finally {
    clearTimeout(timer);
    freeSlots.push(slot);
  }
}

const busy = () => new BusyError('The server is rendering many posts right now. Try again in a few seconds.', 5);
