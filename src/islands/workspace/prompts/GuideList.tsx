import type { Prompt } from '../../../lib/prompts/types.ts';
import { DraftBadge } from './DraftBadge.tsx';

const dateFormat = new Intl.DateTimeFormat(undefined, { dateStyle: 'medium', timeStyle: 'short' });

/** The project's style guides, newest first, as buttons choosing the one shown beside the list. */
export function GuideList({
  prompts,
  selectedId,
  onSelect,
}: {
  prompts: Prompt[];
  selectedId: string | null;
  onSelect: (id: string) => void;
}) {
  return (
    <nav aria-label="Style guides">
      <ul className="flex flex-col gap-2">
        {prompts.map((prompt) => (
          <li key={prompt.id}>
            <button
              type="button"
              onClick={() => onSelect(prompt.id)}
              aria-current={prompt.id === selectedId ? 'true' : undefined}
              className={`flex w-full flex-col items-start gap-1 rounded-md border p-3 text-left text-sm ${prompt.id === selectedId ? 'border-brand-600 bg-brand-50/60 dark:bg-slate-900' : 'border-slate-200 hover:bg-slate-50 dark:border-slate-800 dark:hover:bg-slate-900'}`}
            >
              <span className="font-medium break-words">{prompt.name}</span>
              <span className="text-xs text-slate-600 dark:text-slate-400">
                {dateFormat.format(new Date(prompt.created_at))}
              </span>
              <span className="flex flex-wrap gap-1">
                {prompt.is_default && (
                  <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
                    Default
                  </span>
                )}
                <DraftBadge label={prompt.draft_label} />
              </span>
            </button>
          </li>
        ))}
      </ul>
    </nav>
  );
}
