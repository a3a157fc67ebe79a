// The voice of a project's example articles, for its brand task: read each article (api/providers/crawler/article.ts),
// measure them together (src/lib/voice/profile.ts) and pick the sentences the guide quotes. An article that cannot
// be read is reported with its reason and left out; none readable means a guide without a measured voice.
import type { Config } from '../../config.ts';
import type { Sql } from '../../db/sql.ts';
import { readArticles } from '../../providers/crawler/article.ts';
import { pickVoiceExamples } from '../../../src/lib/voice/examples.ts';
import { measureVoice } from '../../../src/lib/voice/profile.ts';
import type { VoiceArticle, VoiceExample, VoiceProfile } from '../../../src/lib/voice/schema.ts';
import type { VoiceDocument } from '../../../src/lib/voice/text.ts';
import { updateBrandTask } from '../brand/queries.ts';
import { selectBrandTaskExamples, setBrandTaskExampleResults } from './queries.ts';

/** The voice measured from example articles and the sentences quoted from them. */
export interface MeasuredVoice {
  profile: VoiceProfile;
  examples: VoiceExample[];
}

/** What a brand task shows while it reads the example articles. */
export const examplesMessage = (count: number) =>
  `Reading your ${count === 1 ? 'example article' : `${count} example articles`}...`;

/** The most common of the languages the articles declare, or null when none declares one. */
function commonLanguage(tags: (string | null)[]): string | null {
  const counts = new Map<string, number>();
  for (const tag of tags) if (tag) counts.set(tag, (counts.get(tag) ?? 0) + 1);
  return [...counts].sort((a, b) => b[1] - a[1])[0]?.[0] ?? null;
}

/**
 * Reads the articles and measures their voice. `language` is the fallback when no article declares its own (the
 * homepage's); with neither, the articles' function words decide.
 */
export async function analyseExampleArticles(
  urls: string[],
  options: { timeoutMs: number; allowLoopback: boolean; language: string | null },
): Promise<{ articles: VoiceArticle[]; voice: MeasuredVoice | null }> {
  const results = await readArticles(urls, options);
  const articles: VoiceArticle[] = results.map((result) =>
    result.read
      ? { url: result.url, read: true, title: result.title, words: result.words, reason: null }
      : { url: result.url, read: false, title: result.title, words: 0, reason: result.reason },
  );
  const documents: VoiceDocument[] = [];
  const languages: (string | null)[] = [];
  for (const result of results) {
    if (!result.read) continue;
    documents.push({ title: result.title || new URL(result.url).hostname, url: result.url, blocks: result.blocks });
    languages.push(result.lang);
  }
  if (documents.length === 0) return { articles, voice: null };
  const profile = measureVoice(documents, commonLanguage(languages) ?? options.language);
  return { articles, voice: { profile, examples: pickVoiceExamples(documents, profile) } };
}

/**
 * The brand task's step for its example articles (none given: nothing to do): shows it is reading them, measures
 * them and records what became of each on the task, for its status answer.
 */
export async function measureTaskVoice(
  env: { sql: Sql; config: Config },
  taskId: string,
  homepageLanguage: string | null,
): Promise<{ articles: VoiceArticle[]; voice: MeasuredVoice | null }> {
  const { example_urls: urls } = await selectBrandTaskExamples(env.sql, taskId);
  if (urls.length === 0) return { articles: [], voice: null };
  await updateBrandTask(env.sql, taskId, {
    status: 'in_progress',
    stage: 'reading',
    progress: 72,
    message: examplesMessage(urls.length),
  });
  const measured = await analyseExampleArticles(urls, {
    timeoutMs: env.config.FETCH_TIMEOUT_MS,
    allowLoopback: env.config.FETCH_ALLOW_LOOPBACK,
    language: homepageLanguage,
  });
  await setBrandTaskExampleResults(env.sql, taskId, measured.articles);
  return measured;
}
