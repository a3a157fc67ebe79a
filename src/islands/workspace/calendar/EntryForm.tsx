import { useStore } from '@nanostores/react';
import { useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import { createEntry, updateEntry, type CompetitionQuery } from '../../../lib/api/calendar.ts';
import { SEARCH_INTENTS, type CalendarEntry, type SearchIntent } from '../../../lib/calendar/types.ts';
import { fieldClass, primaryButton, secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { competitionKey, CompetitionWarning, useCompetition } from './CompetitionWarning.tsx';
import { languageLabel } from '../../../lib/languages/index.ts';
import { $selectedProject } from '../../../lib/stores/projects.ts';
import { LanguagePicker, uiLocale } from '../languages/LanguagePicker.tsx';

const list = (text: string, separator: RegExp) =>
  text
    .split(separator)
    .map((item) => item.trim())
    .filter(Boolean);

/**
 * Adds an entry or edits one. When the target keyword field loses focus, and again on submit, it checks whether the
 * keyword, title and secondary keywords compete with an existing post or another entry. A warning the user has not
 * seen yet stops that submit once (the button then reads "... anyway"); the user decides.
 */
export function EntryForm({
  projectId,
  entry,
  defaultDate,
  onDone,
  onCancel,
}: {
  projectId: string;
  entry: CalendarEntry | null;
  defaultDate: string;
  onDone: (entry: CalendarEntry) => void;
  onCancel: () => void;
}) {
  const [date, setDate] = useState(entry?.date ?? defaultDate);
  const [title, setTitle] = useState(entry?.title ?? '');
  const [keyword, setKeyword] = useState(entry?.target_keyword ?? '');
  const [secondary, setSecondary] = useState(entry?.secondary_keywords.join(', ') ?? '');
  const [intent, setIntent] = useState<SearchIntent>(entry?.search_intent ?? 'informational');
  const [contentType, setContentType] = useState(entry?.content_type ?? 'guide');
  const [outline, setOutline] = useState(entry?.outline.join('\n') ?? '');
  const [language, setLanguage] = useState<string | null>(entry?.language ?? null);
  const project = useStore($selectedProject);
  const projectLanguage = project?.id === projectId ? languageLabel(project.language, uiLocale()) : null;
  const competition = useCompetition(projectId);
  const [error, setError] = useState<string | null>(null);
  const [saving, setSaving] = useState(false);

  const query: CompetitionQuery = {
    keyword,
    title,
    secondaryKeywords: list(secondary, /,/),
    ...(entry ? { excludeEntryId: entry.id, ...(entry.post_id ? { excludePostId: entry.post_id } : {}) } : {}),
  };
  // Whether the warning on screen is about what the fields hold now (a submit then goes ahead).
  const warned = competition.items.length > 0 && competition.checkedKey === competitionKey(query);

  async function submit(event: FormEvent) {
    event.preventDefault();
    setSaving(true);
    setError(null);
    if (!warned && (await competition.check(query)).length > 0) {
      setSaving(false);
      return;
    }
    const fields = {
      date,
      title: title.trim(),
      target_keyword: keyword.trim(),
      secondary_keywords: list(secondary, /,/),
      search_intent: intent,
      content_type: contentType.trim() || 'guide',
      outline: list(outline, /\n/),
      language,
    };
    try {
      onDone(entry ? await updateEntry(entry.id, fields) : await createEntry(projectId, fields));
    } catch (failure) {
      setError(errorMessage(failure, 'An error occurred.'));
    } finally {
      setSaving(false);
    }
  }

  const heading = entry ? 'Edit entry' : 'Add entry';
  return (
    <form
      onSubmit={submit}
      aria-label={heading}
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 className="font-medium">{heading}</h2>
      <div className="grid gap-3 sm:grid-cols-2">
        <label className="text-sm">
          Title
          <input required value={title} onChange={(event) => setTitle(event.target.value)} className={fieldClass} />
        </label>
        <label className="text-sm">
          Date
          <input
            type="date"
            required
            value={date}
            onChange={(event) => setDate(event.target.value)}
            className={fieldClass}
          />
        </label>
        <label className="text-sm">
          Target keyword
          <input
            value={keyword}
            onChange={(event) => setKeyword(event.target.value)}
            onBlur={() => void competition.check(query)}
            aria-describedby="entry-competition"
            className={fieldClass}
          />
        </label>
        <label className="text-sm">
          Secondary keywords (comma-separated)
          <input value={secondary} onChange={(event) => setSecondary(event.target.value)} className={fieldClass} />
        </label>
        <label className="text-sm">
          Search intent
          <select
            value={intent}
            onChange={(event) => setIntent(event.target.value as SearchIntent)}
            className={fieldClass}
          >
            {SEARCH_INTENTS.map((value) => (
              <option key={value} value={value}>
                {value}
              </option>
            ))}
          </select>
        </label>
        <label className="text-sm">
          Content type
          <input value={contentType} onChange={(event) => setContentType(event.target.value)} className={fieldClass} />
        </label>
      </div>
      <div className="sm:max-w-md">
        <LanguagePicker
          id={`entry-language-${entry?.id ?? 'new'}`}
          label="Language"
          value={language}
          onChange={setLanguage}
          defaultLabel={`The project's language${projectLanguage ? ` (${projectLanguage})` : ''}`}
          hint="The post of this entry is written in it."
        />
      </div>
      <label className="text-sm">
        Outline (one heading per line)
        <textarea
          rows={4}
          value={outline}
          onChange={(event) => setOutline(event.target.value)}
          className={fieldClass}
        />
      </label>
      <CompetitionWarning id="entry-competition" items={competition.items} clear={competition.clear} />
      {error && (
        <p role="alert" className="whitespace-pre-line text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="flex gap-2">
        <button type="submit" disabled={saving || !title.trim()} className={primaryButton}>
          {entry ? (warned ? 'Save anyway' : 'Save entry') : warned ? 'Add anyway' : 'Add entry'}
        </button>
        <button type="button" onClick={onCancel} className={secondaryButton}>
          Cancel
        </button>
      </div>
    </form>
  );
}

/** Moves an entry to a day typed or picked (the keyboard and menu way to do what dragging does). */
export function MoveForm({
  entry,
  onMove,
  onCancel,
}: {
  entry: CalendarEntry;
  onMove: (date: string) => void;
  onCancel: () => void;
}) {
  const [date, setDate] = useState(entry.date);
  return (
    <form
      aria-label={`Move ${entry.title}`}
      onSubmit={(event) => {
        event.preventDefault();
        if (date && date !== entry.date) onMove(date);
        else onCancel();
      }}
      className="flex flex-wrap items-end gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <label className="text-sm">
        Move “{entry.title}” to
        <input
          type="date"
          required
          autoFocus
          value={date}
          onChange={(event) => setDate(event.target.value)}
          className={fieldClass}
        />
      </label>
      <button type="submit" className={primaryButton}>
        Move
      </button>
      <button type="button" onClick={onCancel} className={secondaryButton}>
        Cancel
      </button>
    </form>
  );
}
