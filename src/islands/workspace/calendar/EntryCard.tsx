import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { OFFLINE_WRITER, type CalendarEntry, type EntryStatus } from '../../../lib/calendar/types.ts';
import { BriefBadge } from '../blogs/BriefNotice.tsx';
import { Link } from '../Link.tsx';
import { SearchBadge } from '../search-console/SearchBadge.tsx';
import { addDays } from './calendarStores.ts';
import { languageLabel } from '../../../lib/languages/index.ts';
import { uiLocale } from '../languages/LanguagePicker.tsx';

export const STATUS_LABEL: Record<EntryStatus, string> = {
  planned: 'Planned',
  generating: 'Generating',
  draft: 'Draft',
  published: 'Published',
  failed: 'Failed',
};
const STATUS_CLASS: Record<EntryStatus, string> = {
  planned: 'bg-slate-100 text-slate-800 dark:bg-slate-800 dark:text-slate-100',
  generating: 'bg-amber-100 text-amber-900 dark:bg-amber-900 dark:text-amber-50',
  draft: 'bg-sky-100 text-sky-900 dark:bg-sky-900 dark:text-sky-50',
  published: 'bg-emerald-100 text-emerald-900 dark:bg-emerald-900 dark:text-emerald-50',
  failed: 'bg-red-100 text-red-900 dark:bg-red-900 dark:text-red-50',
};

export interface EntryActions {
  onEdit: (entry: CalendarEntry) => void;
  onMove: (entry: CalendarEntry, date: string) => void;
  onAskMove: (entry: CalendarEntry) => void;
  onGenerate: (entry: CalendarEntry) => void;
  onDelete: (entry: CalendarEntry) => void;
}

/** The status of an entry as a small badge. */
export function StatusBadge({ status }: { status: EntryStatus }) {
  return (
    <span className={`rounded-full px-2 py-0.5 text-xs font-medium ${STATUS_CLASS[status]}`}>
      {STATUS_LABEL[status]}
    </span>
  );
}

/** What planned an entry, as its card says it: the model by name, or the offline composer's draft label. */
function PlannedBy({ entry, compact }: { entry: CalendarEntry; compact: boolean }) {
  if (!entry.written_by) return null;
  const offline = entry.written_by === OFFLINE_WRITER;
  const text = offline ? (entry.draft_label ?? 'Planned offline') : `Planned by ${entry.written_by}`;
  return (
    <p
      title={text}
      className={`mt-1 truncate ${compact ? 'text-[0.7rem]' : ''} ${offline ? 'text-amber-800 dark:text-amber-200' : 'text-slate-600 dark:text-slate-400'}`}
    >
      {text}
    </p>
  );
}

/**
 * One entry: title, keyword, status (with the failure reason), its post once generated, and its actions. Owners and
 * editors drag it to another day, or move it with Alt+Arrow keys (a day, or a week with Up/Down) or the menu.
 */
export function EntryCard({
  entry,
  writable,
  actions,
  compact = false,
}: {
  entry: CalendarEntry;
  writable: boolean;
  actions: EntryActions;
  compact?: boolean;
}) {
  const [menuOpen, setMenuOpen] = useState(false);
  const menuRef = useRef<HTMLUListElement>(null);
  const canGenerate = entry.status === 'planned' || entry.status === 'failed';

  useEffect(() => {
    if (menuOpen) menuRef.current?.querySelector<HTMLButtonElement>('[role="menuitem"]')?.focus();
  }, [menuOpen]);

  function onKeyDown(event: KeyboardEvent<HTMLElement>) {
    if (!writable || !event.altKey || event.target !== event.currentTarget) return;
    const step = { ArrowLeft: -1, ArrowRight: 1, ArrowUp: -7, ArrowDown: 7 }[event.key];
    if (!step) return;
    event.preventDefault();
    actions.onMove(entry, addDays(entry.date, step));
  }

  function choose(action: () => void) {
    setMenuOpen(false);
    action();
  }

  return (
    <article
      data-entry-id={entry.id}
      aria-label={entry.title}
      tabIndex={0}
      draggable={writable}
      onDragStart={(event) => {
        event.dataTransfer.setData('text/plain', entry.id);
        event.dataTransfer.effectAllowed = 'move';
      }}
      onKeyDown={onKeyDown}
      aria-keyshortcuts={writable ? 'Alt+ArrowLeft Alt+ArrowRight Alt+ArrowUp Alt+ArrowDown' : undefined}
      className={`group relative rounded-md border border-slate-200 bg-white p-2 text-left text-xs shadow-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-brand-600 dark:border-slate-700 dark:bg-slate-900 ${writable ? 'cursor-grab' : ''}`}
    >
      <div className="flex items-start justify-between gap-1">
        {/* In the month grid a title shows two lines, and the whole of it while the card is hovered or focused. */}
        {/* dir="auto": a title in Arabic or Hebrew (a plan in that language) reads right to left. */}
        <h3
          dir="auto"
          className={`min-w-0 font-medium break-words ${compact ? 'line-clamp-2 group-hover:line-clamp-none group-focus-within:line-clamp-none' : 'text-sm'}`}
        >
          {entry.title}
        </h3>
        {writable && (
          <button
            type="button"
            aria-haspopup="menu"
            aria-expanded={menuOpen}
            aria-label={`Actions for ${entry.title}`}
            onClick={() => setMenuOpen((open) => !open)}
            className="rounded px-1 text-base leading-none text-slate-600 hover:bg-slate-100 dark:text-slate-300 dark:hover:bg-slate-800"
          >
            ⋯
          </button>
        )}
      </div>
      {!compact && entry.target_keyword && (
        <p className="mt-1 text-slate-600 dark:text-slate-400">Keyword: {entry.target_keyword}</p>
      )}
      {!compact && entry.language && (
        <p className="mt-1 text-slate-600 dark:text-slate-400">Language: {languageLabel(entry.language, uiLocale())}</p>
      )}
      <PlannedBy entry={entry} compact={compact} />
      {entry.source_label && (
        <p className={`mt-1 text-emerald-800 dark:text-emerald-200 ${compact ? 'text-[0.7rem]' : ''}`}>
          {entry.source_label}
        </p>
      )}
      <p className="mt-1 flex flex-wrap items-center gap-1">
        <StatusBadge status={entry.status} />
        {entry.post_brief && <BriefBadge />}
        {entry.post_id && <SearchBadge postId={entry.post_id} compact={compact} />}
        {entry.post_id && (
          <Link
            href={`/dashboard/blog/edit/${entry.post_id}`}
            className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100"
          >
            Open post
          </Link>
        )}
      </p>
      {entry.status === 'failed' && entry.error && (
        <p role="note" className="mt-1 text-red-700 dark:text-red-300">
          Failed: {entry.error}
        </p>
      )}
      {menuOpen && (
        <ul
          ref={menuRef}
          role="menu"
          aria-label={`Actions for ${entry.title}`}
          onKeyDown={(event) => {
            if (event.key === 'Escape') setMenuOpen(false);
          }}
          className="absolute right-1 top-7 z-10 w-40 rounded-md border border-slate-200 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
        >
          {canGenerate && (
            <li role="none">
              <button
                type="button"
                role="menuitem"
                onClick={() => choose(() => actions.onGenerate(entry))}
                className="block w-full px-3 py-1.5 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
              >
                Generate post
              </button>
            </li>
          )}
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={() => choose(() => actions.onEdit(entry))}
              className="block w-full px-3 py-1.5 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              Edit
            </button>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={() => choose(() => actions.onAskMove(entry))}
              className="block w-full px-3 py-1.5 text-left hover:bg-slate-100 dark:hover:bg-slate-800"
            >
              Move to another day
            </button>
          </li>
          <li role="none">
            <button
              type="button"
              role="menuitem"
              onClick={() => choose(() => actions.onDelete(entry))}
              className="block w-full px-3 py-1.5 text-left text-red-700 hover:bg-slate-100 dark:text-red-300 dark:hover:bg-slate-800"
            >
              Delete
            </button>
          </li>
        </ul>
      )}
    </article>
  );
}
