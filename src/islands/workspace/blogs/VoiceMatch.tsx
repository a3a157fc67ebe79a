import { HTTPError } from 'ky';
import { useDeferredValue, useEffect, useMemo, useState } from 'react';
import { fetchDefaultPrompt } from '../../../lib/api/prompts.ts';
import type { Prompt } from '../../../lib/prompts/types.ts';
import { compareVoice, MIN_POST_WORDS, VERDICT_LABEL, type VoiceMatch as Match } from '../../../lib/voice/compare.ts';
import { measureVoice } from '../../../lib/voice/profile.ts';
import { blocksFromMarkdown } from '../../../lib/voice/text.ts';
import { Link } from '../Link.tsx';

type Guide = { status: 'loading' } | { status: 'error' } | { status: 'ready'; prompt: Prompt | null };

/** The project's default style guide, whose measured voice posts are compared with; null when it has none. */
function useDefaultGuide(projectId: string): Guide {
  const [guide, setGuide] = useState<Guide>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    setGuide({ status: 'loading' });
    fetchDefaultPrompt(projectId)
      .then((prompt) => live && setGuide({ status: 'ready', prompt }))
      .catch((error: unknown) => {
        if (!live) return;
        const none = error instanceof HTTPError && error.response.status === 404;
        setGuide(none ? { status: 'ready', prompt: null } : { status: 'error' });
      });
    return () => {
      live = false;
    };
  }, [projectId]);
  return guide;
}

const VERDICT_COLOUR = {
  close: 'bg-emerald-600',
  partly: 'bg-amber-500',
  far: 'bg-red-600',
} as const;

const MARK = { unlike: '≠', like: '✓', info: 'i' } as const;
const MARK_LABEL = { unlike: 'Differs', like: 'Like your examples', info: 'Note' } as const;

/**
 * Voice match (issue 24): the post measured as it is typed and compared with the voice of the project's example
 * articles — a score and the differences and likenesses in words. Without example articles it says how to add them.
 */
export function VoiceMatch({ projectId, markdown, lang }: { projectId: string; markdown: string; lang: string }) {
  const guide = useDefaultGuide(projectId);
  // Measured from the deferred text, so typing never waits for it.
  const text = useDeferredValue(markdown);
  const profile = guide.status === 'ready' ? (guide.prompt?.voice_profile ?? null) : null;
  const guideName = guide.status === 'ready' ? guide.prompt?.name : '';
  const match = useMemo<Match | null>(() => {
    if (!profile) return null;
    const post = measureVoice([{ title: '', blocks: blocksFromMarkdown(text) }], lang, { phrases: false });
    return compareVoice(profile, post, text);
  }, [profile, text, lang]);

  return (
    <section
      aria-labelledby="voice-match-heading"
      className="flex min-w-0 flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="voice-match-heading" className="font-medium">
        Voice match
      </h2>
      {guide.status === 'loading' ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">Loading your voice profile...</p>
      ) : guide.status === 'error' ? (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          Could not load your style guide, so this post cannot be compared with your voice. Reload the page to try
          again.
        </p>
      ) : !profile ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Add up to 3 example articles in your voice and each post is compared with them as you write.{' '}
          <Link href="/prompts" className="text-brand-700 underline dark:text-brand-100">
            Add example articles on Prompts
          </Link>
        </p>
      ) : match?.status === 'too_short' ? (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          Write at least {MIN_POST_WORDS} words to compare this post with your voice ({match.words} so far).
        </p>
      ) : match?.status === 'compared' ? (
        <>
          <div className="flex flex-wrap items-baseline gap-x-3 gap-y-1">
            <p>
              <span className="text-2xl font-semibold tabular-nums">{match.score}</span>
              <span className="text-sm text-slate-600 dark:text-slate-400"> / 100</span>
            </p>
            <p className="font-medium">{VERDICT_LABEL[match.verdict]}</p>
          </div>
          <div aria-hidden="true" className="h-2 w-full overflow-hidden rounded-full bg-slate-200 dark:bg-slate-800">
            <div
              className={`h-full rounded-full ${VERDICT_COLOUR[match.verdict]}`}
              style={{ width: `${match.score}%` }}
            />
          </div>
          <ul aria-label="How this post compares with your examples" className="flex flex-col gap-1.5 text-sm">
            {match.notes.map((note) => (
              <li key={note.text} className="flex gap-2">
                <span
                  aria-hidden="true"
                  className={`w-4 shrink-0 text-center font-semibold ${note.kind === 'unlike' ? 'text-amber-700 dark:text-amber-300' : note.kind === 'like' ? 'text-emerald-700 dark:text-emerald-300' : 'text-slate-600 dark:text-slate-400'}`}
                >
                  {MARK[note.kind]}
                </span>
                <span className="min-w-0 break-words">
                  <span className="sr-only">{MARK_LABEL[note.kind]}: </span>
                  {note.text}
                </span>
              </li>
            ))}
          </ul>
          <p className="text-xs text-slate-600 dark:text-slate-400">
            Compared with the voice measured in your example articles ({guideName}), as you type.
          </p>
        </>
      ) : null}
    </section>
  );
}
