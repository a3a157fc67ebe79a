// The transcript as a JSON file (spec §2.7: "copy the text or download JSON"), made in the browser from what is on screen.

/** What the downloaded file holds: the Reel, its gallery slug and tags, and the transcript as edited on the page. */
export interface TranscriptFile {
  reel_url: string;
  slug: string;
  title: string;
  tags: string[];
  transcript: string;
}

/** Saves the transcript as `<slug>.json` through a temporary object URL, so nothing is asked of the server. */
export function downloadTranscript(file: TranscriptFile): void {
  const blob = new Blob([`${JSON.stringify(file, null, 2)}\n`], { type: 'application/json' });
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = `${file.slug || 'transcript'}.json`;
  document.body.append(link);
  link.click();
  link.remove();
  setTimeout(() => URL.revokeObjectURL(url), 0);
}
