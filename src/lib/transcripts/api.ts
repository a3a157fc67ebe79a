// Browser calls of the transcriber and gallery (spec §7), through the one shared HTTP client.
import { api } from '../api/client.ts';
import type { TagInsights, TagUsage, Transcription } from './types.ts';

/** POST /reels/transcribe; the caller reads .transcript. */
export function transcribe(reel: string): Promise<Transcription & { transcript: string }> {
  return api.post('reels/transcribe', { json: { reel }, timeout: 180_000 }).json();
}

/** GET /insta-transcriptions/tags: every tag and the insights. */
export function fetchTags(): Promise<{ tags: TagUsage[]; insights: TagInsights }> {
  return api.get('insta-transcriptions/tags').json();
}
