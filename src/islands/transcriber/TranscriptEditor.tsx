import { useEffect, useState } from 'react';
import { AutoTextarea } from './AutoTextarea.tsx';
import { downloadTranscript } from './download.ts';
import { loadEdit, saveEdit } from './edits.ts';
import { useCopy } from './useCopy.ts';

export interface Props {
  text: string;
  slug: string;
  /** The rest of the record, for the downloaded JSON file. */
  record: { reel_url: string; title: string; tags: string[] };
  labels: { transcription: string; copy: string; copied: string; downloadJson: string };
}

/** The detail page's editable transcript with Copy → "Copied!" for 2 seconds and a JSON download; edits are kept in this browser only. */
export default function TranscriptEditor({ text, slug, record, labels }: Props) {
  const [value, setValue] = useState(text);
  const [copied, copy] = useCopy();
  useEffect(() => {
    const saved = loadEdit(slug);
    if (saved !== null) setValue(saved);
  }, [slug]);
  const edit = (next: string) => {
    setValue(next);
    saveEdit(slug, next, text);
  };
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 id="transcription-heading" className="text-xl font-semibold">
          {labels.transcription}
        </h2>
        <div className="flex gap-2">
          <button
            type="button"
            onClick={() => void copy(value)}
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium dark:border-slate-700"
          >
            {copied ? labels.copied : labels.copy}
          </button>
          <button
            type="button"
            onClick={() => downloadTranscript({ ...record, slug, transcript: value })}
            className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium dark:border-slate-700"
          >
            {labels.downloadJson}
          </button>
        </div>
      </div>
      <label htmlFor="transcription-text" className="sr-only">
        {labels.transcription}
      </label>
      <AutoTextarea id="transcription-text" value={value} onChange={(event) => edit(event.target.value)} />
    </div>
  );
}
