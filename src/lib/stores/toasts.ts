import { atom } from 'nanostores';

export type ToastType = 'info' | 'success' | 'error' | 'generating';

/** One notification (spec §3 Toast) plus whether it is fading out. */
export interface Toast {
  id: number;
  message: string;
  type: ToastType;
  leaving: boolean;
  /** Where the reader can act on it, e.g. the pricing page after a refusal for the plan's limit. */
  link?: ToastLink | undefined;
}

export interface ToastLink {
  href: string;
  label: string;
}

/** Spec §9: a toast lives 5 s, then fades for 0.4 s. */
export const TOAST_LIFETIME_MS = 5_000;
export const TOAST_FADE_MS = 400;

export const $toasts = atom<Toast[]>([]);

let nextId = 1;

/** Shows a toast that closes itself after its lifetime and fade; returns its id. */
export function showToast(message: string, type: ToastType = 'info', link?: ToastLink): number {
  const id = nextId++;
  $toasts.set([...$toasts.get(), { id, message, type, leaving: false, ...(link ? { link } : {}) }]);
  setTimeout(() => dismissToast(id), TOAST_LIFETIME_MS);
  return id;
}

/** Spec §8: a status check of a task or run failed (the poll retries on its own schedule). */
export const POLL_FAILED = 'An error occurred while polling the task.';

/** For one poll: toasts POLL_FAILED on the first failed check of a streak, not on each retry; an answer ends the streak. */
export function pollFailureToasts(): { failed: () => void; answered: () => void } {
  let failing = false;
  return {
    failed: () => {
      if (!failing) showToast(POLL_FAILED, 'error');
      failing = true;
    },
    answered: () => {
      failing = false;
    },
  };
}

/** Starts the fade of one toast and removes it once faded (also used by its close button). */
export function dismissToast(id: number): void {
  const toast = $toasts.get().find((item) => item.id === id);
  if (!toast || toast.leaving) return;
  $toasts.set($toasts.get().map((item) => (item.id === id ? { ...item, leaving: true } : item)));
  setTimeout(() => $toasts.set($toasts.get().filter((item) => item.id !== id)), TOAST_FADE_MS);
}
