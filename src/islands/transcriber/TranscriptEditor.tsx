import { useEffect, useState } from 'react';
import { AutoTextarea } from './AutoTextarea.tsx';
import { loadEdit, saveEdit } from './edits.ts';
import { useCopy } from './useCopy.ts';

/** The detail page's editable transcript with Copy → "Copied!" for 2 seconds; edits are kept in this browser only. */
export default function TranscriptEditor({ text, slug }: { text: string; slug: string }) {
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
        <h2 id="transcription-heading" className="text-xl font-semibold">Transcription</h2>
        <button type="button" onClick={() => void copy(value)} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium dark:border-slate-700">
          {copied ? 'Copied!' : 'Copy'}
        </button>
      </div>
      <label htmlFor="transcription-text" className="sr-only">Transcription</label>
      <AutoTextarea id="transcription-text" value={value} onChange={(event) => edit(event.target.value)} />
    </div>
  );
}
