import { useEffect, useState, type FormEvent } from 'react';
import { fetchRun } from '../../../lib/api/runs.ts';
import { findVideo, setVideo, watchUrl, youtubeId, type PostVideo } from '../../../lib/posts/video.ts';
import { fieldClass, secondaryButton } from '../brand/ConnectWebsiteForm.tsx';

/** A video the post's workflow run found (the video block's `candidates`). */
interface Candidate extends PostVideo {
  channel: string;
  duration_seconds: number | null;
}

const thumbnail = (id: string) => `/api/media/youtube/${id}.jpg`;

/** "4:13", "1:02:03". */
function clock(seconds: number): string {
  const parts = [Math.floor(seconds / 3600), Math.floor((seconds % 3600) / 60), seconds % 60];
  const [hours = 0, minutes = 0, secs = 0] = parts;
  const pad = (value: number) => String(value).padStart(2, '0');
  return hours ? `${hours}:${pad(minutes)}:${pad(secs)}` : `${minutes}:${pad(secs)}`;
}

/** The candidates the video block of the post's run kept, or none. */
function useCandidates(runId: string | null): { candidates: Candidate[]; failed: boolean } {
  const [state, setState] = useState<{ candidates: Candidate[]; failed: boolean }>({ candidates: [], failed: false });
  useEffect(() => {
    if (!runId) return;
    let live = true;
    fetchRun(runId)
      .then((run) => {
        const output = run.node_runs.find((node) => node.block_type === 'video_embed')?.output as
          | { candidates?: Candidate[] }
          | undefined;
        const candidates = (output?.candidates ?? []).filter((candidate) => youtubeId(watchUrl(candidate.id)));
        if (live) setState({ candidates, failed: false });
      })
      .catch(() => {
        if (live) setState({ candidates: [], failed: true });
      });
    return () => {
      live = false;
    };
  }, [runId]);
  return state;
}

/**
 * The post's video: what is embedded, one action to remove it, a YouTube address to use instead, and the other
 * videos the workflow found. It edits the markdown's video paragraph (src/lib/posts/video.ts) and nothing else.
 */
export function VideoControl({
  markdown,
  runId,
  onChange,
}: {
  markdown: string;
  runId: string | null;
  onChange: (markdown: string) => void;
}) {
  const current = findVideo(markdown);
  const { candidates, failed } = useCandidates(runId);
  const [address, setAddress] = useState('');
  const [title, setTitle] = useState('');
  const [problem, setProblem] = useState<string | null>(null);

  function applyAddress(event: FormEvent<HTMLFormElement>) {
    event.preventDefault();
    const id = youtubeId(address);
    if (!id) {
      setProblem('That is not the address of a YouTube video. Paste one like https://www.youtube.com/watch?v=…');
      return;
    }
    const known = candidates.find((candidate) => candidate.id === id);
    onChange(setVideo(markdown, { id, title: title.trim() || known?.title || 'YouTube video' }));
    setAddress('');
    setTitle('');
    setProblem(null);
  }

  return (
    <section
      aria-labelledby="video-heading"
      className="flex flex-col gap-3 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="video-heading" className="font-medium">
        Video
      </h2>
      {current ? (
        <div className="flex flex-wrap items-center gap-3">
          <img src={thumbnail(current.id)} alt="" width={96} height={54} className="h-14 w-24 rounded object-cover" />
          <p className="min-w-0 flex-1 text-sm break-words">
            In this post:{' '}
            <a
              href={watchUrl(current.id)}
              target="_blank"
              rel="noopener noreferrer"
              className="font-medium text-brand-700 underline dark:text-brand-100"
            >
              {current.title || 'YouTube video'}
            </a>
          </p>
          <button type="button" onClick={() => onChange(setVideo(markdown, null))} className={secondaryButton}>
            Remove video
          </button>
        </div>
      ) : (
        <p className="text-sm text-slate-600 dark:text-slate-400">
          No video in this post. Readers see a video as a thumbnail with a play button; it loads from YouTube only when
          they press play.
        </p>
      )}

      <form onSubmit={applyAddress} noValidate className="flex flex-wrap items-end gap-2">
        <div className="min-w-56 flex-[2]">
          <label htmlFor="video-url" className="text-xs">
            YouTube URL
          </label>
          <input
            id="video-url"
            type="url"
            inputMode="url"
            placeholder="https://www.youtube.com/watch?v=…"
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            aria-invalid={Boolean(problem) || undefined}
            aria-describedby={problem ? 'video-url-problem' : undefined}
            className={fieldClass}
          />
        </div>
        <div className="min-w-40 flex-1">
          <label htmlFor="video-title" className="text-xs">
            Video title (optional)
          </label>
          <input
            id="video-title"
            value={title}
            onChange={(event) => setTitle(event.target.value)}
            className={fieldClass}
          />
        </div>
        <button type="submit" className={secondaryButton}>
          {current ? 'Replace video' : 'Add video'}
        </button>
        {problem && (
          <p id="video-url-problem" role="alert" className="w-full text-xs text-red-700 dark:text-red-300">
            {problem}
          </p>
        )}
      </form>

      {candidates.length > 0 && (
        <div>
          <h3 className="text-sm font-medium">Videos the workflow found</h3>
          <ul className="mt-2 flex flex-col gap-2">
            {candidates.map((candidate) => {
              const chosen = current?.id === candidate.id;
              return (
                <li key={candidate.id} className="flex flex-wrap items-center gap-3">
                  <img
                    src={thumbnail(candidate.id)}
                    alt=""
                    width={96}
                    height={54}
                    loading="lazy"
                    className="h-14 w-24 rounded object-cover"
                  />
                  <div className="min-w-0 flex-1 text-sm">
                    <p className="font-medium break-words">{candidate.title}</p>
                    <p className="text-xs text-slate-600 dark:text-slate-400">
                      {[candidate.channel, candidate.duration_seconds ? clock(candidate.duration_seconds) : '']
                        .filter(Boolean)
                        .join(' · ')}
                    </p>
                  </div>
                  {chosen ? (
                    <span className="text-xs font-medium text-slate-600 dark:text-slate-400">In the post</span>
                  ) : (
                    <button
                      type="button"
                      onClick={() => onChange(setVideo(markdown, candidate))}
                      aria-label={`Use video: ${candidate.title}`}
                      className={secondaryButton}
                    >
                      Use this video
                    </button>
                  )}
                </li>
              );
            })}
          </ul>
        </div>
      )}
      {failed && (
        <p className="text-xs text-slate-600 dark:text-slate-400">
          The other videos the workflow found could not be loaded; pasting a YouTube URL still works.
        </p>
      )}
    </section>
  );
}
