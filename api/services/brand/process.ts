import { listedLanguage } from '../../../src/lib/languages/index.ts';
import type { Config } from '../../config.ts';
import type { Sql } from '../../db/sql.ts';
import { writeBrandGuide } from '../../providers/ai/brand-guide.ts';
import { createAi } from '../../providers/ai/index.ts';
import { crawlSite, CrawlError, siteNameOf, type CrawledPage } from '../../providers/crawler/index.ts';
import { insertPrompt } from '../prompts/queries.ts';
import { measureTaskVoice } from '../voice/analyse.ts';
import { setPromptVoice } from '../voice/queries.ts';
import { BRAND_DONE, BRAND_FAILED, BRAND_WRITING, fetchingMessage, readingMessage } from './messages.ts';
import {
  countBrandTaskAttempt,
  replaceSitePages,
  selectBrandTask,
  selectProjectLanguageChoice,
  setProjectBrandStatus,
  storeProjectBrand,
  updateBrandTask,
} from './queries.ts';

const BRAND_CONTENT_CHARS = 4_000;

/**
 * One attempt at a brand task: crawl (fetching, reading N pages), write the guide, then in one transaction store it
 * as a prompt named after the site, make it the project's default and fill brand_url, brand_content and
 * brand_info_status (and the home page's logo and theme colour, which the blog settings offer, and the site's name,
 * which the wizard offers as the project's; the voice measured from its example articles with the guide). A site
 * that cannot be read ends the task with the spec's failure message and the reason; other errors throw so the queue
 * retries.
 */
export async function runBrandTask(env: { sql: Sql; config: Config }, taskId: string): Promise<void> {
  const { sql, config } = env;
  const task = await selectBrandTask(sql, taskId);
  if (!task || task.status === 'complete' || task.status === 'error') return; // settled already (a duplicate delivery)
  await countBrandTaskAttempt(sql, taskId);
  await updateBrandTask(sql, taskId, {
    status: 'in_progress',
    stage: 'fetching',
    progress: 5,
    message: fetchingMessage(task.brand_url),
  });
  await setProjectBrandStatus(sql, task.project_id, 'in_progress');

  let pages: CrawledPage[];
  try {
    pages = await crawlSite(task.brand_url, {
      timeoutMs: config.FETCH_TIMEOUT_MS,
      allowLoopback: config.FETCH_ALLOW_LOOPBACK,
      onProgress: async (event) => {
        if (event.stage !== 'reading') return;
        const progress = 10 + Math.round((60 * event.done) / Math.max(event.total, 1));
        await updateBrandTask(sql, taskId, {
          status: 'in_progress',
          stage: 'reading',
          progress,
          message: readingMessage(event.total),
        });
      },
    });
  } catch (error) {
    if (!(error instanceof CrawlError)) throw error;
    await failBrandTask(sql, taskId, error.message, error.message);
    return;
  }

  // The guide is written in the project's language; while nobody chose one, the website's own is the project's.
  const siteLanguage = listedLanguage(pages[0]?.lang);
  const choice = await selectProjectLanguageChoice(sql, task.project_id);
  const language = choice.language_chosen ? choice.language : (siteLanguage ?? choice.language);
  // The example articles (issue 24): an article that cannot be read is reported on the task, never fatal. They are
  // measured in the project's language when it is known (chosen, or the website's); an article's own <html lang>
  // still wins, and with neither the analysis guesses from the words instead of assuming the default English.
  const known = choice.language_chosen || siteLanguage !== null;
  const { voice, articles } = await measureTaskVoice(env, taskId, known ? language : null);
  await updateBrandTask(sql, taskId, { status: 'in_progress', stage: 'writing', progress: 75, message: BRAND_WRITING });
  const guide = await writeBrandGuide(
    createAi(config, sql),
    { site_url: task.brand_url, pages, user_keywords: [], language, voice },
    { projectId: task.project_id, taskId, purpose: 'brand_guide' },
  );
  const siteName = siteNameOf(pages);
  await sql.begin(async (tx) => {
    const promptId = await insertPrompt(tx, {
      ...guide.value,
      name: `Brand guide — ${siteName ?? new URL(task.brand_url).hostname}`,
      projectId: task.project_id,
      userId: null,
      draftLabel: guide.draft_label,
    });
    await setPromptVoice(tx, promptId, { profile: voice?.profile ?? null, examples: voice?.examples ?? [], articles });
    await storeProjectBrand(tx, task.project_id, {
      promptId,
      brandUrl: task.brand_url,
      content: brandContent(pages),
      logoUrl: pages[0]?.logo ?? null,
      color: pages[0]?.themeColor ?? null,
      name: siteName,
      language: siteLanguage,
    });
    // The pages themselves, so a writer's brief can quote the site's own sentences with the page they are on.
    await replaceSitePages(
      tx,
      task.project_id,
      pages.map((page) => ({ url: page.url, title: page.title, text: page.text })),
    );
    await updateBrandTask(tx, taskId, {
      status: 'complete',
      stage: 'done',
      progress: 100,
      message: BRAND_DONE,
      result_prompt_id: promptId,
    });
  });
}

/**
 * Ends a task with the spec's failure message and marks the project's brand processing failed; no guide is stored.
 * `error` is the cause for operators, `reason` the sentence its user reads under the message.
 */
export async function failBrandTask(sql: Sql, taskId: string, error: string, reason?: string): Promise<void> {
  const task = await selectBrandTask(sql, taskId);
  if (!task || task.status === 'complete') return;
  await sql.begin(async (tx) => {
    await updateBrandTask(tx, taskId, {
      status: 'error',
      stage: 'failed',
      progress: task.progress,
      message: BRAND_FAILED,
      error,
      reason: reason ?? null,
    });
    await setProjectBrandStatus(tx, task.project_id, 'failed');
  });
}

/** The crawled main text, summarised: each page's title, description and opening, up to 4,000 characters. */
function brandContent(pages: CrawledPage[]): string {
  const parts = pages.map((page) => [page.title, page.description, page.text.slice(0, 600)].filter(Boolean).join('\n'));
  return parts.join('\n\n').slice(0, BRAND_CONTENT_CHARS);
}
