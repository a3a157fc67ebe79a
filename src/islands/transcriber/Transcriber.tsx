import { useEffect, useState, type FormEvent } from 'react';
import { errorMessage } from '../../lib/api/client.ts';
import { transcribe } from '../../lib/transcripts/api.ts';
import { AutoTextarea } from './AutoTextarea.tsx';
import { downloadTranscript } from './download.ts';
import { loadEdit, saveEdit } from './edits.ts';
import { useCopy } from './useCopy.ts';

type Status = 'idle' | 'processing' | 'success' | 'error';

/** The transcriber form (spec §2.9, §4): idle → Processing... → transcript or error. Without JS the form still submits ?reel=, which this picks up. */
export interface Labels {
  formLabel: string;
  urlLabel: string;
  transcribe: string;
  processing: string;
  transcript: string;
  copy: string;
  copied: string;
  placeholder: string;
  downloadJson: string;
  urlPlaceholder: string;
}

/** Its labels come from src/content/transcript-shared/shared.yaml, passed by the page. */
export default function Transcriber({ labels }: { labels: Labels }) {
  const [reel, setReel] = useState('');
  const [status, setStatus] = useState<Status>('idle');
  const [error, setError] = useState('');
  const [transcript, setTranscript] = useState('');
  const [saved, setSaved] = useState<{
    slug: string;
    text: string;
    title: string;
    tags: string[];
    reelUrl: string;
  } | null>(null);
  const [copied, copy] = useCopy();

  const run = async (url: string) => {
    setStatus('processing');
    setError('');
    setTranscript('');
    setSaved(null);
    try {
      const result = await transcribe(url);
      setSaved({
        slug: result.slug,
        text: result.transcript,
        title: result.title,
        tags: result.tags ?? [],
        reelUrl: result.reel_url ?? url,
      });
      setTranscript(loadEdit(result.slug) ?? result.transcript);
      setStatus('success');
    } catch (failure) {
      setError(errorMessage(failure, 'Failed to transcribe'));
      setStatus('error');
    }
  };

  useEffect(() => {
    const pending = new URLSearchParams(window.location.search).get('reel');
    if (!pending) return;
    window.history.replaceState(null, '', window.location.pathname);
    setReel(pending);
    void run(pending);
  }, []);

  const submit = (event: FormEvent<HTMLFormElement>) => {
    event.preventDefault();
    // Read the field itself: text typed before hydration is in the DOM but not yet in state.
    const typed = String(new FormData(event.currentTarget).get('reel') ?? reel);
    setReel(typed);
    void run(typed);
  };

  const busy = status === 'processing';
  return (
    <div className="space-y-6">
      <form method="get" onSubmit={submit} className="flex flex-col gap-3 sm:flex-row" aria-label={labels.formLabel}>
        <label htmlFor="reel-url" className="sr-only">
          {labels.urlLabel}
        </label>
        <input
          id="reel-url"
          name="reel"
          type="text"
          required
          value={reel}
          onChange={(event) => setReel(event.target.value)}
          placeholder={labels.urlPlaceholder}
          className="min-h-12 flex-1 rounded-lg border border-slate-300 bg-white px-4 text-base text-slate-900 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
        />
        <button
          type="submit"
          disabled={busy}
          className="min-h-12 rounded-lg bg-brand-700 px-6 font-semibold text-white hover:bg-brand-800 disabled:opacity-70"
        >
          {busy ? labels.processing : labels.transcribe}
        </button>
      </form>
      {error && (
        <div
          role="alert"
          className="rounded-lg border border-red-300 bg-red-50 p-4 text-red-800 dark:border-red-800 dark:bg-red-950 dark:text-red-100"
        >
          {error}
        </div>
      )}
      <section aria-labelledby="transcript-heading" className="space-y-3">
        <div className="flex items-center justify-between">
          <h2 id="transcript-heading" className="text-xl font-semibold">
            {labels.transcript}
          </h2>
          <div className="flex gap-2">
            <button
              type="button"
              onClick={() => void copy(transcript)}
              disabled={!transcript}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium disabled:opacity-60 dark:border-slate-700"
            >
              {copied ? labels.copied : labels.copy}
            </button>
            <button
              type="button"
              onClick={() =>
                saved &&
                downloadTranscript({
                  reel_url: saved.reelUrl,
                  slug: saved.slug,
                  title: saved.title,
                  tags: saved.tags,
                  transcript,
                })
              }
              disabled={!saved || !transcript}
              className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium disabled:opacity-60 dark:border-slate-700"
            >
              {labels.downloadJson}
            </button>
          </div>
        </div>
        <label htmlFor="transcript-text" className="sr-only">
          {labels.transcript}
        </label>
        <AutoTextarea
          id="transcript-text"
          value={transcript}
          onChange={(event) => {
            setTranscript(event.target.value);
            if (saved) saveEdit(saved.slug, event.target.value, saved.text);
          }}
          placeholder={labels.placeholder}
        />
      </section>
    </div>
  );
}
