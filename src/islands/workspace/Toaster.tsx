import { useStore } from '@nanostores/react';
import { $toasts, dismissToast, type ToastType } from '../../lib/stores/toasts.ts';
import { Icon } from './icons.tsx';

const TONE: Record<ToastType, string> = {
  info: 'border-sky-300 bg-sky-50 text-sky-950 dark:border-sky-800 dark:bg-sky-950 dark:text-sky-100',
  success:
    'border-emerald-300 bg-emerald-50 text-emerald-950 dark:border-emerald-800 dark:bg-emerald-950 dark:text-emerald-100',
  error: 'border-red-300 bg-red-50 text-red-950 dark:border-red-800 dark:bg-red-950 dark:text-red-100',
  generating: 'border-brand-100 bg-brand-50 text-brand-800 dark:border-brand-700 dark:bg-slate-900 dark:text-brand-100',
};

/**
 * The live region every toast is announced from; each closes itself (5 s + 0.4 s fade, no fade for a reader who asks
 * for reduced motion) or by its button.
 */
export function Toaster() {
  const toasts = useStore($toasts);
  return (
    <section
      aria-label="Notifications"
      aria-live="polite"
      className="pointer-events-none fixed right-4 bottom-4 z-50 flex w-80 max-w-[calc(100vw-2rem)] flex-col gap-2"
    >
      {toasts.map((toast) => (
        <div
          key={toast.id}
          role={toast.type === 'error' ? 'alert' : 'status'}
          className={`pointer-events-auto flex items-start gap-2 rounded-md border p-3 text-sm shadow-md transition-opacity duration-[400ms] motion-reduce:transition-none ${TONE[toast.type]} ${toast.leaving ? 'opacity-0' : 'opacity-100'}`}
        >
          {toast.type === 'generating' && (
            <span
              aria-hidden="true"
              className="mt-0.5 size-4 shrink-0 animate-spin rounded-full border-2 border-current border-t-transparent"
            />
          )}
          <p className="flex-1">
            {toast.message}
            {toast.link && (
              <>
                {' '}
                <a href={toast.link.href} className="font-semibold underline underline-offset-2">
                  {toast.link.label}
                </a>
              </>
            )}
          </p>
          <button
            type="button"
            onClick={() => dismissToast(toast.id)}
            aria-label="Close notification"
            className="grid size-6 shrink-0 place-items-center rounded hover:bg-black/10 dark:hover:bg-white/10"
          >
            <Icon name="close" className="size-3.5" />
          </button>
        </div>
      ))}
    </section>
  );
}
