import { storage } from '../../lib/storage-keys.ts';

// Local edits of public transcripts (spec §7: no save call; the FAQ promises changes are saved locally).
const editKey = (slug: string) => `inkpilot.transcript-edit.${slug}`;

/** The visitor's edited text of a transcript, if they changed it in this browser. */
export function loadEdit(slug: string): string | null {
  return storage.get(editKey(slug));
}

/** Keeps an edit in this browser; going back to the original text forgets it. */
export function saveEdit(slug: string, text: string, original: string): void {
  storage.set(editKey(slug), text === original ? null : text);
}
