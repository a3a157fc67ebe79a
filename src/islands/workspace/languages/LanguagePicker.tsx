import { useId, useMemo, useState, type KeyboardEvent } from 'react';
import { languageLabel, languageOptions } from '../../../lib/languages/index.ts';
import { fieldClass } from '../brand/ConnectWebsiteForm.tsx';

/** The reader's own language, for the languages' names (the browser's first choice). */
export function uiLocale(): string {
  return typeof navigator === 'undefined' ? 'en' : navigator.language || 'en';
}

/** Lower case, accents dropped: "Portugues" finds "Portuguese — português", "arab" finds "Arabic — العربية". */
const fold = (text: string) =>
  text
    .normalize('NFKD')
    .replace(/[\u0300-\u036f]/g, '')
    .toLocaleLowerCase();

interface Option {
  /** null: the default choice ("the project's language"). */
  code: string | null;
  label: string;
}

const NONE: readonly string[] = [];

interface Props {
  id: string;
  label: string;
  /** A code of the list, or null for the default choice. */
  value: string | null;
  onChange: (code: string | null) => void;
  /** A first option meaning "no language of its own" (an entry follows its project): its label. */
  defaultLabel?: string;
  /** Codes not to offer (the languages a post already has a version in). */
  exclude?: readonly string[];
  hint?: string;
  disabled?: boolean;
}

/**
 * A searchable list of every language (the ARIA combobox pattern with a list popup): type part of a name, in the
 * reader's language or the language's own, or its code; arrows move through the matches, Enter chooses, Escape
 * gives the choice back. Names come from Intl.DisplayNames (src/lib/languages).
 */
export function LanguagePicker({ id, label, value, onChange, defaultLabel, exclude = NONE, hint, disabled }: Props) {
  const locale = uiLocale();
  const options = useMemo<Option[]>(() => {
    const excluded = new Set(exclude);
    const languages = languageOptions(locale).filter((option) => !excluded.has(option.code));
    return defaultLabel ? [{ code: null, label: defaultLabel }, ...languages] : languages;
  }, [locale, defaultLabel, exclude]);
  const selectedLabel = value === null ? (defaultLabel ?? '') : languageLabel(value, locale);
  const [query, setQuery] = useState<string | null>(null); // null while not typing: the field shows the choice
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(0);
  const uid = useId();
  const listId = `${uid}-list`;
  const hintId = `${uid}-hint`;

  const matches = useMemo(() => {
    if (!query?.trim()) return options;
    const wanted = fold(query.trim());
    const exact = options.filter((option) => option.code === wanted);
    const starts = options.filter((option) => option.code !== wanted && fold(option.label).startsWith(wanted));
    const within = options.filter(
      (option) =>
        option.code !== wanted && !fold(option.label).startsWith(wanted) && fold(option.label).includes(wanted),
    );
    return [...exact, ...starts, ...within];
  }, [options, query]);

  const optionId = (index: number) => `${uid}-option-${index}`;

  function show(index: number) {
    const next = Math.max(0, Math.min(index, matches.length - 1));
    setActive(next);
    setOpen(true);
    // The active option stays in view as the arrows move through a long list.
    requestAnimationFrame(() => document.getElementById(optionId(next))?.scrollIntoView?.({ block: 'nearest' }));
  }

  function openAtChoice() {
    const at = matches.findIndex((option) => option.code === value);
    show(at < 0 ? 0 : at);
  }

  function choose(option: Option | undefined) {
    if (!option) return;
    setQuery(null);
    setOpen(false);
    if (option.code !== value) onChange(option.code);
  }

  function close() {
    setQuery(null);
    setOpen(false);
  }

  function onKeyDown(event: KeyboardEvent<HTMLInputElement>) {
    if (event.key === 'ArrowDown') {
      event.preventDefault();
      if (open) show(active + 1);
      else openAtChoice();
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      if (open) show(active - 1);
      else openAtChoice();
    } else if (event.key === 'Home' && open) {
      event.preventDefault();
      show(0);
    } else if (event.key === 'End' && open) {
      event.preventDefault();
      show(matches.length - 1);
    } else if (event.key === 'Enter') {
      if (!open) return;
      event.preventDefault();
      choose(matches[active]);
    } else if (event.key === 'Escape') {
      if (!open && query === null) return;
      event.preventDefault();
      close();
    }
  }

  const expanded = open && matches.length > 0;
  return (
    <div className="relative">
      <label htmlFor={id} className="text-sm font-medium">
        {label}
      </label>
      <input
        id={id}
        type="text"
        role="combobox"
        autoComplete="off"
        spellCheck={false}
        disabled={disabled}
        aria-expanded={expanded}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={expanded ? optionId(active) : undefined}
        aria-describedby={hint ? hintId : undefined}
        value={query ?? selectedLabel}
        placeholder="Type a language"
        onChange={(event) => {
          setQuery(event.target.value);
          setActive(0);
          setOpen(true);
        }}
        onFocus={(event) => event.target.select()}
        onClick={() => (open ? close() : openAtChoice())}
        onBlur={close}
        onKeyDown={onKeyDown}
        className={fieldClass}
      />
      <ul
        id={listId}
        role="listbox"
        aria-label={label}
        hidden={!expanded}
        className="absolute z-20 mt-1 max-h-64 w-full overflow-auto rounded-md border border-slate-300 bg-white py-1 text-sm shadow-lg dark:border-slate-700 dark:bg-slate-900"
      >
        {expanded &&
          matches.map((option, index) => (
            <li
              key={option.code ?? ''}
              id={optionId(index)}
              role="option"
              aria-selected={option.code === value}
              // Chosen on mouse down, before the field's blur closes the list.
              onMouseDown={(event) => {
                event.preventDefault();
                choose(option);
              }}
              onMouseMove={() => index !== active && setActive(index)}
              className={`cursor-pointer px-3 py-1.5 ${index === active ? 'bg-brand-600 text-white' : ''} ${
                option.code === value && index !== active ? 'font-semibold' : ''
              }`}
            >
              {option.label}
            </li>
          ))}
      </ul>
      {open && matches.length === 0 && (
        <p role="status" className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          No language matches “{query}”.
        </p>
      )}
      {hint && (
        <p id={hintId} className="mt-1 text-xs text-slate-600 dark:text-slate-400">
          {hint}
        </p>
      )}
    </div>
  );
}
