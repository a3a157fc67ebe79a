import { randomUUID } from 'node:crypto';
import { transcriptionSlug } from '../../../src/lib/slugify.ts';
import type { Config } from '../../config.ts';
import type { Sql } from '../../db/sql.ts';
import { BusyError, ValidationError } from '../../lib/errors.ts';
import { hitRateLimit, reserveDailyAllowance } from '../../lib/rate-limit.ts';
import { Slots } from '../../lib/slots.ts';
import {
  downloadMedia,
  fetchReelPost,
  parseReelUrl,
  REEL_URL_MESSAGE,
  type FetchLimits,
  type ReelPost,
  type ReelRef,
} from '../../providers/instagram/index.ts';
import { assertSttConfigured, NoSpeechError, transcribeMedia } from '../../providers/stt/index.ts';
import { forgetGallery } from './cache.ts';
import { findByReelCode, insertTranscription, slugExists, type Transcription } from './queries.ts';

export interface PublicContext {
  sql: Sql;
  config: Config;
}

export type TranscribeResult = Transcription & { transcript: string };

export const BUSY_MESSAGE = 'The transcriber is busy. Please try again in a minute.';
const BUSY_RETRY_SECONDS = 60;

// One set of slots per loaded configuration: one per server process, and one per app in the API tests.
const slotsByConfig = new WeakMap<Config, Slots>();

function transcriptionSlots(config: Config): Slots {
  let slots = slotsByConfig.get(config);
  if (!slots) slotsByConfig.set(config, (slots = new Slots(config.TRANSCRIBE_CONCURRENCY)));
  return slots;
}

/**
 * The public transcriber: validate → per-minute limit → stored copy, or (holding one of TRANSCRIBE_CONCURRENCY
 * slots, each may hold a whole video in memory) reserve today's allowances → fetch post → download →
 * speech-to-text → store. The reservation is handed back when the work fails before the provider transcribed.
 */
export async function transcribeReel({
  ctx,
  input,
}: {
  ctx: PublicContext;
  input: { reel: string; client: string };
}): Promise<TranscribeResult> {
  const ref = parseReelUrl(input.reel);
  if (!ref) throw new ValidationError(REEL_URL_MESSAGE);
  await hitRateLimit(ctx.sql, { client: input.client, limit: ctx.config.TRANSCRIBE_RATE_PER_MINUTE });
  const stored = await findByReelCode(ctx.sql, ref.code);
  if (stored) return { ...stored, transcript: stored.transcription };

  assertSttConfigured(ctx.config);
  const releaseSlot = transcriptionSlots(ctx.config).tryTake();
  if (!releaseSlot) throw new BusyError(BUSY_MESSAGE, BUSY_RETRY_SECONDS);
  try {
    return await transcribeNew(ctx, ref, input.client);
  } finally {
    releaseSlot();
  }
}

async function transcribeNew(ctx: PublicContext, ref: ReelRef, client: string): Promise<TranscribeResult> {
  const reservation = await reserveDailyAllowance(ctx.sql, {
    client,
    siteCap: ctx.config.TRANSCRIBE_DAILY_CAP,
    clientCap: ctx.config.TRANSCRIBE_CLIENT_DAILY_CAP,
  });
  const limits: FetchLimits = {
    baseUrl: ctx.config.INSTAGRAM_BASE_URL,
    maxBytes: ctx.config.MEDIA_MAX_BYTES,
    timeoutMs: ctx.config.FETCH_TIMEOUT_MS,
    allowLoopback: ctx.config.FETCH_ALLOW_LOOPBACK,
  };
  let post: ReelPost;
  let text: string;
  try {
    post = await fetchReelPost(ref, limits);
    const media = await downloadMedia(post.mediaUrl, limits);
    text = await transcribeMedia(ctx.config, media);
  } catch (error) {
    // Only work the provider did counts: a missing Reel, a refused video or a provider error gives the slot back.
    if (!(error instanceof NoSpeechError)) {
      await reservation
        .release()
        .catch((failure: unknown) => console.error('[transcriber] could not hand back a daily slot:', failure));
    }
    throw error;
  }

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
