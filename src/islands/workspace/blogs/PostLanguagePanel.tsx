import { useCallback, useEffect, useRef, useState, type FormEvent } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import {
  fetchPostVersions,
  fetchTranslationTask,
  startTranslation,
  type PostVersion,
  type TranslationTask,
} from '../../../lib/api/translations.ts';
import { languageLabel } from '../../../lib/languages/index.ts';
import { poll, PollAbortedError, PollTimeoutError, TRANSLATION_POLL } from '../../../lib/query/poll.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { primaryButton, secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { LanguagePicker, uiLocale } from '../languages/LanguagePicker.tsx';
import { Link } from '../Link.tsx';
import { StatusBadge } from './StatusBadge.tsx';

type Versions = { state: 'loading' } | { state: 'error'; message: string } | { state: 'ready'; items: PostVersion[] };

interface Props {
  postId: string;
  /** The post's language as the editor holds it (saved with the other fields). */
  lang: string;
  onLangChange: (code: string) => void;
  /** Saves the editor's changes first (a translation is made from the saved post); false when they are not saved. */
  saveFirst: () => Promise<boolean>;
}

/**
 * The post's language and its versions in other languages (issue 24): the language picker, the linked versions (each
 * opens in the editor) and Translate post, which has the AI model write a linked version in another language; the
 * task is polled until the new post exists, and the editor links to it.
 */
export function PostLanguagePanel({ postId, lang, onLangChange, saveFirst }: Props) {
  const locale = uiLocale();
  const [versions, setVersions] = useState<Versions>({ state: 'loading' });
  const [translating, setTranslating] = useState(false);
  const [target, setTarget] = useState<string | null>(null);
  const [task, setTask] = useState<TranslationTask | null>(null);
  const [problem, setProblem] = useState<string | null>(null);
  const stop = useRef<AbortController | null>(null);

  const load = useCallback(async () => {
    try {
      setVersions({ state: 'ready', items: (await fetchPostVersions(postId)).items });
    } catch (error) {
      setVersions({ state: 'error', message: errorMessage(error, 'The versions of this post could not be loaded.') });
    }
  }, [postId]);

  useEffect(() => {
    void load();
    return () => stop.current?.abort();
  }, [load]);

  const others = versions.state === 'ready' ? versions.items.filter((item) => item.id !== postId) : [];
  // One version per language: the picker offers none another version has, Translate none the group has.
  const othersLanguages = others.map((item) => item.lang);
  const taken = [lang, ...othersLanguages];
  const busy = task !== null && (task.status === 'pending' || task.status === 'in_progress');
  const made = task?.status === 'complete' && task.post_id ? task : null;

  async function translate(event: FormEvent) {
    event.preventDefault();
    if (!target) {
      setProblem('Choose the language to translate the post into.');
      return;
    }
    setProblem(null);
    if (!(await saveFirst())) {
      setProblem('The translation is made from the saved post: save your changes first, then translate.');
      return;
    }
    stop.current?.abort();
    const controller = new AbortController();
    stop.current = controller;
    try {
      const started = await startTranslation(postId, target);
      setTask(started);
      const final = await poll({
        check: () => fetchTranslationTask(started.task_id),
        isDone: (value) => value.status === 'complete' || value.status === 'error',
        schedule: TRANSLATION_POLL,
        onValue: setTask,
        signal: controller.signal,
      });
      if (final.status === 'complete') {
        showToast(final.message, 'success');
        setTranslating(false);
        setTarget(null);
        await load();
      } else setProblem(final.message);
    } catch (error) {
      if (error instanceof PollAbortedError) return;
      setTask(null);
      setProblem(
        error instanceof PollTimeoutError
          ? 'The translation is taking longer than expected. Reload the page later: it appears here once it is made.'
          : errorMessage(error, 'The post could not be translated. Please try again.'),
      );
    }
  }

  return (
    <section
      aria-labelledby="post-language-heading"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="post-language-heading" className="font-medium">
        Language and translations
      </h2>
      <div className="max-w-md">
        <LanguagePicker
          id="post-language"
          label="Post language"
          value={lang}
          onChange={(code) => code && onLangChange(code)}
          exclude={othersLanguages}
          hint="The post is written in it: the blog marks its page with it and shows right-to-left languages so."
        />
      </div>

      {versions.state === 'loading' && (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading the versions of this post...</p>
      )}
      {versions.state === 'error' && (
        <div role="alert" className="text-sm text-red-700 dark:text-red-300">
          {versions.message}{' '}
          <button type="button" onClick={() => void load()} className="underline">
            Try again
          </button>
        </div>
      )}
      {versions.state === 'ready' &&
        (others.length ? (
          <div>
            <h3 className="text-sm font-medium">Versions in other languages</h3>
            <ul aria-label="Versions in other languages" className="mt-1 flex flex-col gap-1 text-sm">
              {others.map((version) => (
                <li key={version.id} className="flex flex-wrap items-center gap-2">
                  <Link
                    href={`/dashboard/blog/edit/${version.id}`}
                    className="text-brand-700 underline underline-offset-2 dark:text-brand-100"
                  >
                    {languageLabel(version.lang, locale)}: {version.title || 'Untitled post'}
                  </Link>
                  <StatusBadge status={version.status} />
                  {version.original && <span className="text-xs text-slate-600 dark:text-slate-400">original</span>}
                </li>
              ))}
            </ul>
          </div>
        ) : (
          <p className="text-sm text-slate-600 dark:text-slate-400">
            This post has no version in another language yet.
          </p>
        ))}

      {made && (
        <p className="text-sm">
          <Link
            href={`/dashboard/blog/edit/${made.post_id}`}
            className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100"
          >
            Open the {languageLabel(made.language, locale)} version
          </Link>
        </p>
      )}

      {translating ? (
        <form onSubmit={translate} aria-label="Translate post" className="flex max-w-md flex-col gap-3">
          <LanguagePicker
            id="translate-into"
            label="Translate into"
            value={target}
            onChange={(code) => {
              setTarget(code);
              setProblem(null);
            }}
            exclude={taken}
            hint="The AI model writes a linked draft in that language: links, code and the video stay as they are."
            disabled={busy}
          />
          <div className="flex flex-wrap gap-2">
            <button type="submit" disabled={busy} className={primaryButton}>
              {busy ? 'Translating...' : 'Translate'}
            </button>
            <button
              type="button"
              disabled={busy}
              onClick={() => {
                setTranslating(false);
                setProblem(null);
              }}
              className={secondaryButton}
            >
              Cancel
            </button>
          </div>
        </form>
      ) : (
        <div>
          <button
            type="button"
            onClick={() => {
              setTranslating(true);
              setTask(null);
            }}
            className={secondaryButton}
          >
            Translate post
          </button>
        </div>
      )}
      {busy && task && (
        <p role="status" className="text-sm text-slate-700 dark:text-slate-300">
          {task.message}
        </p>
      )}
      {problem && (
        <p role="alert" className="text-sm whitespace-pre-line text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </section>
  );
}
