import { atom } from 'nanostores';
import { fetchBrandTask, fetchProject, startBrandTask } from '../api/brand.ts';
import { errorMessage } from '../api/client.ts';
import { fetchDefaultPrompt } from '../api/prompts.ts';
import type { Prompt } from '../prompts/types.ts';
import { revalidateKeys } from '../query/fetcher.ts';
import { watchBrandTask } from '../query/brandWatch.ts';
import { loadProjects } from './projects.ts';
import { showToast } from './toasts.ts';

// Spec §8 messages of the brand task.
export const BRAND_STARTED = 'Started analyzing website and generating style guide...';
export const BRAND_START_FAILED = 'Failed to initiate brand processing. Please try again.';
export const BRAND_START_UNREADABLE = 'Failed to start brand processing.';
export const BRAND_READY = 'Your brand guide is ready.';

/** The brand task the workspace follows (one at a time): every screen showing progress reads this one store. */
export interface BrandTaskState {
  projectId: string | null;
  phase: 'idle' | 'running' | 'complete' | 'error';
  message: string;
  /** Why it failed, in the server's words (could not connect, timed out...); shown under the message. */
  reason: string | null;
  progress: number;
}

const IDLE: BrandTaskState = { projectId: null, phase: 'idle', message: '', reason: null, progress: 0 };
export const $brandTask = atom<BrandTaskState>(IDLE);

let controller: AbortController | null = null;

function update(patch: Partial<BrandTaskState>): void {
  $brandTask.set({ ...$brandTask.get(), ...patch });
}

/** Spec §4 on complete: projects reloaded, the default prompt fetched and handed to the caller. */
async function complete(projectId: string): Promise<Prompt | null> {
  await loadProjects();
  revalidateKeys((key) => key.startsWith(`prompts/project/${projectId}`));
  const prompt = await fetchDefaultPrompt(projectId).catch(() => null);
  update({ phase: 'complete', progress: 100, message: BRAND_READY });
  showToast(BRAND_READY, 'success');
  const unread = unreadExamples(prompt);
  if (unread) showToast(unread, 'error', { href: '/prompts', label: 'See Prompts' });
  return prompt;
}

/** The example articles the guide could not be measured from, with why, as one sentence; null when all were read. */
export function unreadExamples(prompt: Prompt | null): string | null {
  const unread = (prompt?.voice_articles ?? []).filter((article) => !article.read);
  if (unread.length === 0) return null;
  const count = unread.length === 1 ? '1 example article' : `${unread.length} example articles`;
  return `${count} could not be read: ${unread.map((article) => `${article.url}: ${article.reason ?? ''}`).join(' ')}`;
}

function fail(message: string, reason: string | null): null {
  update({ phase: 'error', message, reason });
  showToast(reason ? `${message} ${reason}` : message, 'error');
  void loadProjects(); // the project's brand_info_status is now failed: the dashboard says so
  return null;
}

/** Follows a started task: its status route when there is a task id, else the project's brand_info_status (spec §7). */
async function follow(
  projectId: string,
  taskId: string | null | undefined,
  signal: AbortSignal,
): Promise<Prompt | null> {
  const outcome = await watchBrandTask({
    taskId,
    checkTask: fetchBrandTask,
    checkProject: () => fetchProject(projectId),
    onProgress: ({ message, progress }) => update({ message: message ?? $brandTask.get().message, progress }),
    signal,
  });
  if (outcome.status === 'aborted') return null;
  if (outcome.status === 'error') return fail(outcome.message, outcome.reason);
  return complete(projectId);
}

function begin(projectId: string, message: string): AbortSignal {
  controller?.abort();
  controller = new AbortController();
  $brandTask.set({ projectId, phase: 'running', message, reason: null, progress: 0 });
  return controller.signal;
}

function startFailed(projectId: string, message: string): null {
  $brandTask.set({ ...IDLE, projectId, phase: 'error', message });
  showToast(message, 'error');
  return null;
}

/**
 * Starts brand processing of a website (with the example articles to measure, when given) and follows it to the end;
 * resolves with the new default guide, or null.
 */
export async function runBrandTask(
  projectId: string,
  brandUrl: string,
  exampleUrls?: string[],
): Promise<Prompt | null> {
  const signal = begin(projectId, BRAND_STARTED);
  let started: { message?: string; task_id?: string | null };
  try {
    started = await startBrandTask(projectId, brandUrl, exampleUrls);
  } catch (error) {
    // An answer that is not JSON says nothing useful; anything else is shown as spec §8 says.
    return startFailed(
      projectId,
      error instanceof SyntaxError ? BRAND_START_UNREADABLE : errorMessage(error, BRAND_START_FAILED),
    );
  }
  if (!started || typeof started !== 'object') return startFailed(projectId, BRAND_START_UNREADABLE);
  showToast(started.message || BRAND_STARTED, 'info');
  return follow(projectId, started.task_id, signal);
}

/** Picks up a task already running for a project (a reload mid-task) through the project fallback poll. */
export function resumeBrandTask(projectId: string): void {
  const current = $brandTask.get();
  if (current.phase === 'running' && current.projectId === projectId) return;
  const signal = begin(projectId, 'Analyzing your website...');
  void follow(projectId, null, signal);
}

/** Forgets a finished task (a closed dialog), so the next screen starts clean; a running task keeps going. */
export function clearBrandTask(): void {
  if ($brandTask.get().phase !== 'running') $brandTask.set(IDLE);
}
