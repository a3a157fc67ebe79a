import { type KeyboardEvent, type ReactNode, useState, useSyncExternalStore } from 'react';

/** Where the review panel gets a column of its own (Tailwind's xl, as BlogEditPage's grid). */
const WIDE = '(min-width: 1280px)';

/** Whether the screen is wide enough for the side column, following resizes. */
export function useWideScreen(): boolean {
  return useSyncExternalStore(
    (changed) => {
      const query = window.matchMedia(WIDE);
      query.addEventListener('change', changed);
      return () => query.removeEventListener('change', changed);
    },
    () => window.matchMedia(WIDE).matches,
    () => false,
  );
}

export interface SidePanel {
  id: string;
  label: string;
  content: ReactNode;
}

/**
 * Beside the post (issue 27): the reviews of the text — checklist, claims, voice match — as tabs, one shown at a time.
 * The page places it (BlogEditPage): a column that stays in view on wide screens, a section under the editor on a
 * phone. Every panel stays mounted, so switching tabs never loses its state or starts a fetch again.
 */
export function EditorSidePanel({ panels, initial }: { panels: SidePanel[]; initial?: string }) {
  const [selected, setSelected] = useState(initial ?? panels[0]?.id ?? '');
  const index = Math.max(
    0,
    panels.findIndex((panel) => panel.id === selected),
  );

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const moves: Record<string, number> = {
      ArrowRight: index + 1,
      ArrowLeft: index - 1,
      Home: 0,
      End: panels.length - 1,
    };
    if (!(event.key in moves)) return;
    event.preventDefault();
    const next = (moves[event.key]! + panels.length) % panels.length;
    setSelected(panels[next]!.id);
    event.currentTarget.querySelectorAll<HTMLButtonElement>('[role="tab"]')[next]?.focus();
  };

  return (
    <div className="flex min-w-0 flex-col gap-3">
      {panels.length > 1 && (
        <div
          role="tablist"
          aria-label="Review"
          onKeyDown={onKeyDown}
          className="flex flex-wrap gap-1 border-b border-slate-200 dark:border-slate-800"
        >
          {panels.map((panel, at) => (
            <button
              key={panel.id}
              id={`side-tab-${panel.id}`}
              type="button"
              role="tab"
              aria-selected={at === index}
              aria-controls={`side-panel-${panel.id}`}
              tabIndex={at === index ? 0 : -1}
              onClick={() => setSelected(panel.id)}
              className="-mb-px border-b-2 border-transparent px-3 py-2 text-sm font-medium text-slate-600 hover:text-slate-900 focus-visible:outline-2 focus-visible:outline-brand-600 aria-selected:border-brand-600 aria-selected:text-slate-900 dark:text-slate-400 dark:hover:text-slate-100 dark:aria-selected:text-slate-100"
            >
              {panel.label}
            </button>
          ))}
        </div>
      )}
      {panels.map((panel, at) => (
        <div
          key={panel.id}
          id={`side-panel-${panel.id}`}
          role={panels.length > 1 ? 'tabpanel' : undefined}
          aria-labelledby={panels.length > 1 ? `side-tab-${panel.id}` : undefined}
          hidden={at !== index}
          className="min-w-0"
        >
          {panel.content}
        </div>
      ))}
    </div>
  );
}
