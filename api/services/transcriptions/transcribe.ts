import { randomUUID } from 'node:crypto';
import { transcriptionSlug } from '../../../src/lib/slugify.ts';
import type { Config } from '../../config.ts';
import type { Sql } from '../../db/sql.ts';
import { ValidationError } from '../../lib/errors.ts';
import { hitRateLimit, takeDailyAllowance } from '../../lib/rate-limit.ts';
import { downloadMedia, fetchReelPost, parseReelUrl, REEL_URL_MESSAGE, type FetchLimits } from '../../providers/instagram/index.ts';
import { assertSttConfigured, transcribeMedia } from '../../providers/stt/index.ts';
import { forgetGallery } from './cache.ts';
import { findByReelCode, insertTranscription, slugExists, type Transcription } from './queries.ts';

export interface PublicContext {
  sql: Sql;
  config: Config;
}

export type TranscribeResult = Transcription & { transcript: string };

/** The public transcriber: validate → rate limit → stored copy, or fetch post → download → speech-to-text → store. */
export async function transcribeReel({ ctx, input }: { ctx: PublicContext; input: { reel: string; client: string } }): Promise<TranscribeResult> {
  const ref = parseReelUrl(input.reel);
  if (!ref) throw new ValidationError(REEL_URL_MESSAGE);
  await hitRateLimit(ctx.sql, { client: input.client, limit: ctx.config.TRANSCRIBE_RATE_PER_MINUTE });
  const stored = await findByReelCode(ctx.sql, ref.code);
  if (stored) return { ...stored, transcript: stored.transcription };

  assertSttConfigured(ctx.config);
  await takeDailyAllowance(ctx.sql, ctx.config.TRANSCRIBE_DAILY_CAP);
  const limits: FetchLimits = {
    baseUrl: ctx.config.INSTAGRAM_BASE_URL,
    maxBytes: ctx.config.MEDIA_MAX_BYTES,
    timeoutMs: ctx.config.FETCH_TIMEOUT_MS,
    allowLoopback: ctx.config.FETCH_ALLOW_LOOPBACK,
  };
  const post = await fetchReelPost(ref, limits);
  const media = await downloadMedia(post.mediaUrl!, limits);
  const text = await transcribeMedia(ctx.config, media);

  let id = randomUUID();
  let slug = transcriptionSlug({ id, title: post.title, reelCode: ref.code });
  for (let attempt = 0; attempt < 3 && (await slugExists(ctx.sql, slug)); attempt++) {
    id = randomUUID();
    slug = transcriptionSlug({ id, title: post.title, reelCode: ref.code });
  }
  await ctx.sql.begin((tx) =>
    insertTranscription(tx, {
      id,
      slug,
      title: post.title,
      reel_url: ref.url,
      reel_code: ref.code,
      transcription: text,
      tags: post.tags,
      embed_code: post.embedHtml,
      media_url: post.mediaUrl,
      thumbnail_url: post.thumbnailUrl,
    }),
  );
  forgetGallery();
  // A concurrent request for the same Reel may have stored it first; both answer the stored row.
  const saved = await findByReelCode(ctx.sql, ref.code);
  if (!saved) throw new Error('transcription vanished after insert');
  return { ...saved, transcript: saved.transcription };
}
