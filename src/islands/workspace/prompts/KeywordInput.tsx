import { useState, type KeyboardEvent } from 'react';
import { addKeywords } from '../../../lib/keywords.ts';
import { MAX_KEYWORDS } from '../../../lib/prompts/types.ts';

interface Props {
  id: string;
  label: string;
  value: string[];
  onChange: (keywords: string[]) => void;
}

/** Keywords as chips: Enter or a comma adds, Backspace in the empty field or a chip's button removes, 10 at most. */
export function KeywordInput({ id, label, value, onChange }: Props) {
  const [draft, setDraft] = useState('');
  const [error, setError] = useState<string | null>(null);

  function commit(text: string): boolean {
    if (!text.trim()) return true;
    const next = addKeywords(value, text);
    setError(next.error);
    if (next.error) return false;
    onChange(next.list);
    setDraft('');
    return true;
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'Enter' || event.key === ',') {
      event.preventDefault();
      commit(draft);
    } else if (event.key === 'Backspace' && !draft && value.length) {
      event.preventDefault();
      onChange(value.slice(0, -1));
      setError(null);
    }
  }

  function remove(keyword: string) {
    onChange(value.filter((item) => item !== keyword));
    setError(null);
  }

  return (
    <div>
      <label htmlFor={id} className="text-sm font-medium">
        {label}{' '}
        <span className="font-normal text-slate-600 dark:text-slate-400">
          ({value.length}/{MAX_KEYWORDS})
        </span>
      </label>
      <div className="mt-1 flex flex-wrap items-center gap-1.5 rounded-md border border-slate-300 bg-white p-1.5 focus-within:outline-2 focus-within:outline-brand-500 dark:border-slate-700 dark:bg-slate-900">
        <ul aria-label={label} className="contents">
          {value.map((keyword) => (
            <li
              key={keyword}
              className="inline-flex items-center gap-1 rounded-full bg-brand-50 py-0.5 pr-1 pl-2.5 text-xs font-medium text-brand-800 dark:bg-brand-800 dark:text-brand-50"
            >
              {keyword}
              <button
                type="button"
                onClick={() => remove(keyword)}
                aria-label={`Remove keyword ${keyword}`}
                className="grid size-4 place-items-center rounded-full hover:bg-black/10 dark:hover:bg-white/20"
              >
                ×
              </button>
            </li>
          ))}
        </ul>
        <input
          id={id}
          value={draft}
          onChange={(event) => {
            const text = event.target.value;
            if (text.includes(',')) {
              // A pasted or typed list: everything before the last comma becomes chips.
              const cut = text.lastIndexOf(',');
              if (commit(text.slice(0, cut))) setDraft(text.slice(cut + 1));
              else setDraft(text);
            } else setDraft(text);
          }}
          onKeyDown={onKeyDown}
          onBlur={() => commit(draft)}
          placeholder={value.length ? '' : 'Type a keyword, then Enter or comma'}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? `${id}-error` : `${id}-hint`}
          className="min-w-40 flex-1 bg-transparent px-1 py-1 text-sm outline-none"
        />
      </div>
      <p id={`${id}-hint`} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
        Press Enter or type a comma to add a keyword; Backspace removes the last one.
      </p>
      {error && (
        <p id={`${id}-error`} role="alert" className="mt-1 text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
    </div>
  );
}
