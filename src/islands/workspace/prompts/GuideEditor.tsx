import { useEffect, useState, type FormEvent } from 'react';
import { patchDefaultPrompt } from '../../../lib/api/brand.ts';
import { errorMessage } from '../../../lib/api/client.ts';
import { patchPrompt } from '../../../lib/api/prompts.ts';
import type { Prompt, PromptEdit } from '../../../lib/prompts/types.ts';
import { loadProjects } from '../../../lib/stores/projects.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { fieldClass, primaryButton, secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { DraftBadge } from './DraftBadge.tsx';
import { KeywordInput } from './KeywordInput.tsx';
import { revalidateProjectPrompts } from './promptStores.ts';

const TEXT_FIELDS = [
  { key: 'brand_voice', label: 'Brand voice', rows: 4 },
  { key: 'writing_style_guide', label: 'Writing style guide', rows: 6 },
  { key: 'base_knowledge', label: 'Base knowledge', rows: 6 },
  { key: 'image_style', label: 'Image style', rows: 3 },
] as const;

function editOf(prompt: Prompt): PromptEdit {
  const { name, brand_voice, keywords, base_knowledge, writing_style_guide, image_style } = prompt;
  return { name, brand_voice, keywords, base_knowledge, writing_style_guide, image_style };
}

/** One style guide: every field editable for owners and editors, read-only text for viewers; save and set default. */
export function GuideEditor({ prompt, writable }: { prompt: Prompt; writable: boolean }) {
  const [edit, setEdit] = useState(() => editOf(prompt));
  const [busy, setBusy] = useState<'save' | 'default' | null>(null);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    setEdit(editOf(prompt));
    setError(null);
  }, [prompt]);

  async function save(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    setBusy('save');
    setError(null);
    try {
      await patchPrompt(prompt.id, { ...edit, name: edit.name.trim() || prompt.name });
      revalidateProjectPrompts(prompt.project_id);
      showToast('Style guide saved.', 'success');
    } catch (caught) {
      setError(errorMessage(caught, 'An unexpected error occurred.'));
    } finally {
      setBusy(null);
    }
  }

  async function makeDefault() {
    setBusy('default');
    setError(null);
    try {
      await patchDefaultPrompt(prompt.project_id, prompt.id);
      revalidateProjectPrompts(prompt.project_id);
      await loadProjects();
      showToast('Default style guide set.', 'success');
    } catch (caught) {
      setError(errorMessage(caught, 'An unexpected error occurred.'));
    } finally {
      setBusy(null);
    }
  }

  const heading = (
    <div className="flex flex-wrap items-center gap-2">
      <h2 id="guide-title" className="text-lg font-semibold break-words">
        {prompt.name}
      </h2>
      {prompt.is_default && (
        <span className="rounded bg-emerald-100 px-2 py-0.5 text-xs font-medium text-emerald-900 dark:bg-emerald-900 dark:text-emerald-100">
          Default
        </span>
      )}
      <DraftBadge label={prompt.draft_label} />
    </div>
  );

  if (!writable) {
    return (
      <article
        aria-labelledby="guide-title"
        className="flex flex-col gap-4 rounded-lg border border-slate-200 p-5 dark:border-slate-800"
      >
        {heading}
        <section>
          <h3 className="text-sm font-medium">Keywords</h3>
          <ul aria-label="Keywords" className="mt-1 flex flex-wrap gap-1.5">
            {prompt.keywords.map((keyword) => (
              <li
                key={keyword}
                className="rounded-full bg-brand-50 px-2.5 py-0.5 text-xs font-medium text-brand-800 dark:bg-brand-800 dark:text-brand-50"
              >
                {keyword}
              </li>
            ))}
          </ul>
        </section>
        {TEXT_FIELDS.map((field) => (
          <section key={field.key}>
            <h3 className="text-sm font-medium">{field.label}</h3>
            <p className="mt-1 text-sm whitespace-pre-line text-slate-700 dark:text-slate-300">
              {prompt[field.key] || '—'}
            </p>
          </section>
        ))}
      </article>
    );
  }

  return (
    <form
      noValidate
      onSubmit={save}
      aria-labelledby="guide-title"
      className="flex flex-col gap-4 rounded-lg border border-slate-200 p-5 dark:border-slate-800"
    >
      {heading}
      <div>
        <label htmlFor="guide-name" className="text-sm font-medium">
          Name
        </label>
        <input
          id="guide-name"
          value={edit.name}
          maxLength={200}
          onChange={(event) => setEdit({ ...edit, name: event.target.value })}
          className={fieldClass}
        />
      </div>
      <KeywordInput
        id="guide-keywords"
        label="Keywords"
        value={edit.keywords}
        onChange={(keywords) => setEdit({ ...edit, keywords })}
      />
      {TEXT_FIELDS.map((field) => (
        <div key={field.key}>
          <label htmlFor={`guide-${field.key}`} className="text-sm font-medium">
            {field.label}
          </label>
          <textarea
            id={`guide-${field.key}`}
            rows={field.rows}
            value={edit[field.key]}
            onChange={(event) => setEdit({ ...edit, [field.key]: event.target.value })}
            className={fieldClass}
          />
        </div>
      ))}
      {error && (
        <p role="alert" className="text-sm whitespace-pre-line text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div className="flex flex-wrap gap-2">
        <button type="submit" disabled={busy !== null} className={primaryButton}>
          {busy === 'save' ? 'Saving...' : 'Save'}
        </button>
        {!prompt.is_default && (
          <button type="button" onClick={makeDefault} disabled={busy !== null} className={secondaryButton}>
            {busy === 'default' ? 'Setting default...' : 'Set as default'}
          </button>
        )}
      </div>
    </form>
  );
}
