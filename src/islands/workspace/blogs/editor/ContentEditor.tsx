import { useEffect, useRef, useState } from 'react';
import type { ClaimSpan } from '../../../../lib/posts/claim-positions.ts';
import { richTextFit } from '../../../../lib/posts/rich-text.ts';
import { fieldClass } from '../../brand/ConnectWebsiteForm.tsx';
import { RichEditor } from './RichEditor.tsx';

type Mode = 'rich' | 'source';

const modeButton =
  'rounded px-3 py-1 text-sm font-medium text-slate-700 hover:bg-slate-100 focus-visible:outline-2 focus-visible:outline-offset-1 focus-visible:outline-brand-600 aria-pressed:bg-white aria-pressed:text-slate-900 aria-pressed:shadow-sm dark:text-slate-300 dark:hover:bg-slate-800 dark:aria-pressed:bg-slate-700 dark:aria-pressed:text-white';

/**
 * The post's content: written as rich text or as its markdown source, one field either way (the markdown), so
 * switching back and forth loses nothing. A post whose markdown the rich-text editor would not write back as the blog
 * shows it (raw HTML, footnotes…) opens as source, with the reason, and stays there until that part is gone.
 */
export function ContentEditor({
  markdown,
  onChange,
  lang,
  dir,
  problem,
  claims,
  claimsMarkdown,
}: {
  markdown: string;
  onChange: (markdown: string) => void;
  lang?: string;
  dir?: 'ltr' | 'rtl';
  /** What the server would refuse in this markdown (its render limits), shown under the field. */
  problem: string | null;
  claims: ClaimSpan[];
  claimsMarkdown: string;
}) {
  const [mode, setMode] = useState<Mode>(() => (richTextFit(markdown).ok ? 'rich' : 'source'));
  const [note, setNote] = useState<string | null>(() => {
    const fit = richTextFit(markdown);
    return fit.ok ? null : fit.reason;
  });
  const fromRich = useRef(markdown);

  // Markdown put in from outside while in rich text (a newer version loaded) that does not fit: shown as source.
  useEffect(() => {
    if (mode !== 'rich' || markdown === fromRich.current) return;
    fromRich.current = markdown;
    const fit = richTextFit(markdown);
    if (!fit.ok) {
      setMode('source');
      setNote(fit.reason);
    }
  }, [mode, markdown]);

  const choose = (next: Mode) => {
    if (next === mode) return;
    if (next === 'rich') {
      const fit = richTextFit(markdown);
      if (!fit.ok) {
        setNote(fit.reason);
        return;
      }
      fromRich.current = markdown;
    }
    setNote(null);
    setMode(next);
  };

  const problemId = problem ? 'post-markdown-problem' : undefined;
  const noteId = note ? 'post-content-note' : undefined;

  return (
    <div className="flex min-w-0 flex-col gap-2">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <span id="post-content-heading" className="text-sm font-medium">
          Content
        </span>
        <div
          role="group"
          aria-label="Write as"
          className="inline-flex gap-0.5 rounded-md bg-slate-200 p-0.5 dark:bg-slate-800"
        >
          <button type="button" aria-pressed={mode === 'rich'} onClick={() => choose('rich')} className={modeButton}>
            Rich text
          </button>
          <button
            type="button"
            aria-pressed={mode === 'source'}
            onClick={() => choose('source')}
            className={modeButton}
          >
            Markdown source
          </button>
        </div>
      </div>
      {note && (
        <p
          id="post-content-note"
          role="status"
          className="rounded-md border border-amber-300 bg-amber-50 p-2 text-sm text-amber-900 dark:border-amber-700 dark:bg-amber-950 dark:text-amber-100"
        >
          This post stays in markdown source: {note} Rich text is off for it, so nothing changes what your blog shows.
        </p>
      )}
      {mode === 'rich' ? (
        <RichEditor
          id="post-content"
          markdown={markdown}
          onChange={(written) => {
            fromRich.current = written;
            onChange(written);
          }}
          lang={lang}
          dir={dir}
          invalid={Boolean(problem)}
          describedBy={problemId}
          claims={claims}
          claimsMarkdown={claimsMarkdown}
        />
      ) : (
        <>
          <label htmlFor="post-markdown" className="sr-only">
            Content (Markdown)
          </label>
          <textarea
            id="post-markdown"
            rows={22}
            lang={lang}
            dir={dir}
            value={markdown}
            onChange={(event) => onChange(event.target.value)}
            aria-invalid={Boolean(problem) || undefined}
            aria-describedby={[problemId, noteId].filter(Boolean).join(' ') || undefined}
            className={`${fieldClass} min-h-96 font-mono`}
          />
        </>
      )}
      {problem && (
        <p id="post-markdown-problem" className="text-xs text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
    </div>
  );
}
