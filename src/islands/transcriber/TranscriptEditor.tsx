import { useState } from 'react';
import { AutoTextarea } from './AutoTextarea.tsx';
import { useCopy } from './useCopy.ts';

/** The detail page's editable transcript with Copy → "Copied!" for 2 seconds; edits stay in the browser. */
export default function TranscriptEditor({ text }: { text: string }) {
  const [value, setValue] = useState(text);
  const [copied, copy] = useCopy();
  return (
    <div className="space-y-3">
      <div className="flex items-center justify-between">
        <h2 id="transcription-heading" className="text-xl font-semibold">Transcription</h2>
        <button type="button" onClick={() => void copy(value)} className="rounded-lg border border-slate-300 px-4 py-2 text-sm font-medium dark:border-slate-700">
          {copied ? 'Copied!' : 'Copy'}
        </button>
      </div>
      <label htmlFor="transcription-text" className="sr-only">Transcription</label>
      <AutoTextarea id="transcription-text" value={value} onChange={(event) => setValue(event.target.value)} />
    </div>
  );
}
