// Loads an alias's copy, falling back to /insta-transcript's (spec §2.2).
import { getEntry } from 'astro:content';
import { FALLBACK_ALIAS, TRANSCRIPT_BASES, type TranscriptAlias } from '../../../lib/transcripts/aliases.ts';

/** The copy and base path of an alias; unknown ids read the /insta-transcript entry. */
export async function aliasContent(alias: string) {
  const entry = (await getEntry('transcript', alias)) ?? (await getEntry('transcript', FALLBACK_ALIAS));
  if (!entry) throw new Error(`src/content/transcript/${FALLBACK_ALIAS}.yaml is missing`);
  const base = TRANSCRIPT_BASES[alias as TranscriptAlias] ?? TRANSCRIPT_BASES[FALLBACK_ALIAS];
  return { copy: entry.data, base };
}

/** The copy every alias shares: the shared FAQ and the transcriber's labels. */
export async function sharedContent() {
  const entry = await getEntry('transcriptShared', 'shared');
  if (!entry) throw new Error('src/content/transcript-shared/shared.yaml is missing');
  return entry.data;
}
