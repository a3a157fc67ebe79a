import { z } from 'zod';
import { baseLanguage, DEFAULT_LANGUAGE } from '../../src/lib/languages/index.ts';
import { afterIntroduction, findVideo, insertVideo } from '../../src/lib/posts/video.ts';
import { isContentWord, words } from '../providers/ai/offline/text.ts';
import { NO_VIDEO_SOURCE, VideoSearchRefused, videoFinder, type VideoCandidate } from '../providers/video/index.ts';
import { oneLine } from './shapes.ts';
import { defineBlock } from './types.ts';

export const videoShape = z.object({
  id: z.string().regex(/^[\w-]{11}$/),
  title: z.string(),
  channel: z.string(),
  description: z.string(),
  duration_seconds: z.number().nullable(),
  url: z.string(),
});

/** Sections a video never goes into: lists the post ends with. */
const CLOSING = /^(sources|related posts|references|further reading|faq|frequently asked questions)$/i;
/** The least a section must share with the video to be its place rather than the end of the introduction. */
const MIN_SECTION_SCORE = 3;

const contentWords = (text: string) => new Set(words(text).filter(isContentWord));

/** The post's ## sections (outside code blocks): heading text and where the section's text ends. */
function sections(markdown: string): { heading: string; body: string; end: number }[] {
  const found: { heading: string; start: number }[] = [];
  let fence = false;
  let offset = 0;
  for (const line of markdown.split('\n')) {
    if (/^\s{0,3}(`{3,}|~{3,})/.test(line)) fence = !fence;
    else if (!fence && /^##\s/.test(line)) found.push({ heading: line.replace(/^##\s+/, '').trim(), start: offset });
    offset += line.length + 1;
  }
  return found.map((section, index) => {
    const end = found[index + 1]?.start ?? markdown.length;
    return { heading: section.heading, body: markdown.slice(section.start, end), end };
  });
}

/**
 * Where the video goes: at the end of the section that shares the most words with it (its heading counting twice),
 * when one shares enough; otherwise after the introduction, where a reader meets it before deciding to stay. The
 * words of the post's own topic (`common`) are in every section, so they tell no section apart and do not count.
 */
export function videoPlace(
  markdown: string,
  video: Pick<VideoCandidate, 'title' | 'description'>,
  common: ReadonlySet<string> = new Set(),
): number {
  const distinct = (text: string) => new Set([...contentWords(text)].filter((word) => !common.has(word)));
  const titleWords = distinct(video.title);
  const videoWords = distinct(`${video.title} ${video.description}`);
  let best = { score: 0, at: -1 };
  for (const section of sections(markdown)) {
    if (CLOSING.test(section.heading)) continue;
    let score = 0;
    for (const word of contentWords(section.heading)) if (titleWords.has(word)) score += 2;
    for (const word of contentWords(section.body)) if (videoWords.has(word)) score += 1;
    if (score > best.score) best = { score, at: section.end };
  }
  return best.score >= MIN_SECTION_SCORE ? best.at : afterIntroduction(markdown);
}

/**
 * Finds a YouTube video for the post (YouTube Data API with YOUTUBE_API_KEY, else SearXNG's video results) and places
 * it as a link paragraph the blog shows as a click-to-load player; the other finds are kept for the editor. Without
 * a source, with nothing found or when the source refuses, it is skipped and says why; the post goes on unchanged.
 */
export const videoEmbed = defineBlock({
  type: 'video_embed',
  title: 'Video embed',
  description:
    'Finds a relevant YouTube video and places it after the introduction or in the section it fits best (needs YOUTUBE_API_KEY or SearXNG).',
  input: z.object({
    markdown: z.string(),
    title: z.string().optional(),
    topic: z.string().optional(),
    target_keyword: z.string().optional(),
  }),
  output: z.object({
    markdown: z.string(),
    video: videoShape.nullable(),
    candidates: z.array(videoShape),
    skipped_reason: z.string().optional(),
  }),
  config: z.object({
    max_results: z.number().int().min(1).max(10).default(5).describe('Videos found and offered in the editor'),
    language: z
      .string()
      .regex(/^[a-z]{2}$/, { error: 'must be a two-letter ISO 639-1 code, like en' })
      .optional()
      .describe("Language the videos should be in (ISO 639-1 code); the post's language when empty"),
    safe_search: z.enum(['strict', 'moderate', 'none']).default('strict').describe('Filter of restricted content'),
    max_minutes: z.number().int().min(1).max(600).default(30).describe('Longest video to embed, in minutes'),
  }),
  async run({ ctx, input, config }) {
    const unchanged = { markdown: input.markdown, video: null, candidates: [] };
    const finder = videoFinder(ctx.config);
    if (!finder) return { ...unchanged, skipped_reason: NO_VIDEO_SOURCE };
    const present = findVideo(input.markdown);
    if (present)
      return {
        ...unchanged,
        skipped_reason: `The post already has a video (${present.title || present.id}), so no other was added.`,
      };
    const query = oneLine(input.target_keyword || input.topic || input.title || '');
    if (!query) return { ...unchanged, skipped_reason: 'The post has no topic or keyword to look for a video with.' };
    let found: VideoCandidate[];
    try {
      found = await finder.find({
        query,
        limit: config.max_results,
        language: config.language ?? baseLanguage(ctx.runInput.language ?? DEFAULT_LANGUAGE),
        safeSearch: config.safe_search,
      });
    } catch (error) {
      if (error instanceof VideoSearchRefused) return { ...unchanged, skipped_reason: error.message };
      throw error;
    }
    const candidates = found.filter(
      (video) => video.duration_seconds === null || video.duration_seconds <= config.max_minutes * 60,
    );
    // The source ranks by relevance; the first whose title shares a word with what the post is about wins.
    const about = contentWords(`${query} ${input.topic ?? ''} ${input.title ?? ''}`);
    const video =
      candidates.find((candidate) => [...contentWords(candidate.title)].some((word) => about.has(word))) ??
      candidates[0];
    if (!video)
      return {
        ...unchanged,
        skipped_reason: `${finder.name} found no embeddable video of ${config.max_minutes} minutes or less for "${query}".`,
      };
    const markdown = insertVideo(input.markdown, video, videoPlace(input.markdown, video, about));
    return { markdown, video, candidates };
  },
});
