import { type RefObject, useEffect, useRef, useState } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import { previewMarkdown } from '../../../lib/api/posts.ts';
import { markdownProblem } from '../../../lib/posts/markdown-limits.ts';
import { PostBody } from './PostBody.tsx';

const PREVIEW_DELAY_MS = 400;

/**
 * The live preview of the editor: the server renders the markdown (the same code a save runs), so what you see is
 * exactly what the blog will serve. Starts from the stored HTML; asks again a moment after typing stops.
 */
export function MarkdownPreview({
  projectId,
  markdown,
  initialHtml,
  articleRef,
  onRendered,
  lang,
  dir,
}: {
  projectId: string;
  markdown: string;
  initialHtml: string;
  /** The preview's element, for what marks its text (the claims). */
  articleRef?: RefObject<HTMLElement | null> | undefined;
  /** Told each new rendering the preview shows. */
  onRendered?: ((html: string) => void) | undefined;
  /** The post's language and its direction: the preview reads as the blog will (right to left for Arabic…). */
  lang?: string;
  dir?: 'ltr' | 'rtl';
}) {
  const [html, setHtml] = useState(initialHtml);
  useEffect(() => onRendered?.(html), [html, onRendered]);
  const [state, setState] = useState<'ready' | 'rendering' | 'error'>('ready');
  const [problem, setProblem] = useState<string | null>(null);
  const first = useRef(markdown);

  useEffect(() => {
    if (markdown === first.current) return;
    first.current = '\u0000'; // from now on every change renders
    // Markdown the server would refuse is not sent: the editor names the problem under the field.
    const refused = markdownProblem(markdown);
    if (refused) {
      setState('error');
      setProblem(`The preview shows the last markdown that could be rendered. ${refused.msg}`);
      return;
    }
    const controller = new AbortController();
    setState('rendering');
    const timer = window.setTimeout(() => {
      previewMarkdown(projectId, markdown, controller.signal)
        .then((answer) => {
          setHtml(answer.html);
          setState('ready');
          setProblem(null);
        })
        .catch((caught: unknown) => {
          if (controller.signal.aborted) return;
          setState('error');
          setProblem(errorMessage(caught, 'The preview could not be rendered.'));
        });
    }, PREVIEW_DELAY_MS);
    return () => {
      window.clearTimeout(timer);
      controller.abort();
    };
  }, [projectId, markdown]);

  return (
    <section aria-labelledby="preview-heading" className="flex min-w-0 flex-col gap-2">
      <div className="flex items-baseline justify-between">
        <h2 id="preview-heading" className="text-sm font-medium">
          Preview
        </h2>
        <span className="text-xs text-slate-600 dark:text-slate-400" aria-live="polite">
          {state === 'rendering' ? 'Rendering...' : ''}
        </span>
      </div>
      {problem && (
        <p role="alert" className="text-xs text-red-700 dark:text-red-300">
          {problem}
        </p>
      )}
      {/* Rendered and sanitized on the server (api/services/posts/render.ts); videos as the blog shows them. */}
      <PostBody
        ref={articleRef}
        html={html}
        lang={lang}
        dir={dir}
        aria-label="Preview"
        role="document"
        aria-busy={state === 'rendering'}
        className="post-body min-h-64 overflow-auto rounded-md border border-slate-200 p-4 dark:border-slate-800"
      />
    </section>
  );
}
