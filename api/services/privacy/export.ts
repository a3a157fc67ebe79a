import { blogUrl } from '../../blog/render/html.ts';
import { siteOf } from '../../blog/sites.ts';
import type { ServiceContext } from '../../lib/context.ts';
import { UnauthorizedError } from '../../lib/errors.ts';
import { accountPlan } from '../usage/account-plan.ts';
import {
  selectAccount,
  selectApiKeys,
  selectAutopilot,
  selectPlan,
  selectPostPage,
  selectPageDayPage,
  selectProjects,
  selectQueryDayPage,
  selectSearchConsoleConnection,
  selectStyleGuides,
  selectWorkflows,
  type PageDayRow,
  type PostCursor,
  type QueryDayRow,
} from './queries/export.ts';
import { actingUser } from '../actor.ts';

/** Bumped when a field changes meaning or goes; new fields do not bump it. */
export const EXPORT_VERSION = 1;
const POSTS_PER_QUERY = 100;
/** Metric rows are small: a thousand a query keeps the reads few and the memory flat. */
export const METRICS_PER_QUERY = 1000;

export interface AccountExport {
  /** The download's file name: inkpilot-export-YYYY-MM-DD.json. */
  filename: string;
  /** The JSON document in pieces, written as they are read so a large account never sits in memory whole. */
  chunks: AsyncGenerator<string>;
}

/**
 * Everything of the caller's that the export promises (docs/decisions.md, issue 22): their account fields and API
 * keys (names and prefixes), and for each project they are a member of (what they may read, whatever their role):
 * the project, its brand guide and blog settings, style guides, plan (calendar entries), autopilot, workflows, posts
 * (markdown and every field, with the page's Search Console indexing status) and Search Console data (the connection
 * without its tokens, the daily metrics by page and query). Other members' details are not theirs to take and are
 * left out.
 */
export async function exportAccountData({ ctx }: { ctx: ServiceContext }): Promise<AccountExport> {
  const account = await selectAccount(ctx.sql, actingUser(ctx).id);
  if (!account) throw new UnauthorizedError('Not authenticated.');
  const plan = await accountPlan(ctx.sql, actingUser(ctx).id);
  const keys = await selectApiKeys(ctx.sql, actingUser(ctx).id);
  const now = new Date();
  const head = {
    format: 'inkpilot-export',
    version: EXPORT_VERSION,
    exported_at: now.toISOString(),
    account: { ...account, plan: { plan: plan.plan, source: plan.source, status: plan.status }, api_keys: keys },
  };
  return {
    filename: `inkpilot-export-${now.toISOString().slice(0, 10)}.json`,
    chunks: documentChunks(ctx, head),
  };
}

async function* documentChunks(ctx: ServiceContext, head: object): AsyncGenerator<string> {
  const opening = JSON.stringify(head, null, 2);
  yield `${opening.slice(0, -2)},\n  "projects": [`;
  const projects = await selectProjects(ctx.sql, actingUser(ctx).id);
  for (const [index, project] of projects.entries()) {
    const site = siteOf(project, ctx.config);
    const fields = {
      id: project.id,
      name: project.name,
      description: project.description,
      role: project.role,
      language: project.language,
      created_at: project.created_at,
      brand_guide: {
        website: project.brand_url,
        status: project.brand_info_status,
        content: project.brand_content,
        logo_url: project.brand_logo_url,
        color: project.brand_color,
        default_style_guide_id: project.default_prompt_id,
        example_articles: project.brand_example_urls,
      },
      blog: {
        address: blogUrl(site, '/'),
        slug: project.slug,
        custom_domain: project.custom_blog_domain,
        custom_domain_status: project.custom_blog_domain_status,
        base_path: project.blog_base_path,
        logo_url: project.blog_logo_url,
        accent_color: project.blog_accent_color,
        ai_assisted_note: project.ai_disclosure,
      },
      quality_gate: { min_score: project.quality_min_score, hold_claims: project.quality_hold_claims },
      style_guides: await selectStyleGuides(ctx.sql, project.id),
      plan: await selectPlan(ctx.sql, project.id),
      autopilot: await selectAutopilot(ctx.sql, project.id),
      workflows: await selectWorkflows(ctx.sql, project.id),
    };
    const text = indent(JSON.stringify(fields, null, 2), 4);
    yield `${index ? ',' : ''}\n    ${text.slice(0, -6)},\n      "posts": [`;
    let after: PostCursor | null = null;
    let first = true;
    for (;;) {
      const page = await selectPostPage(ctx.sql, project.id, after, POSTS_PER_QUERY);
      for (const { cursor_at, ...row } of page) {
        const { sc_status, sc_coverage_state, sc_verdict, sc_url, sc_last_crawl_at, sc_inspected_at, ...post } = row;
        const url = post.status === 'published' ? blogUrl(site, `/${String(post.slug)}`) : null;
        const indexing = sc_status
          ? {
              status: sc_status,
              coverage_state: sc_coverage_state,
              verdict: sc_verdict,
              url: sc_url,
              last_crawl_at: sc_last_crawl_at,
              inspected_at: sc_inspected_at,
            }
          : null;
        yield `${first ? '' : ','}\n        ${indent(JSON.stringify({ ...post, url, search_console: indexing }, null, 2), 8)}`;
        first = false;
      }
      const last = page.at(-1);
      if (page.length < POSTS_PER_QUERY || !last) break;
      after = { at: last.cursor_at, id: last.id };
    }
    yield `${first ? '' : '\n      '}],\n      "search_console": `;
    yield* searchConsoleChunks(ctx, project.id);
    yield '\n    }';
  }
  yield `${projects.length ? '\n  ' : ''}]\n}\n`;
}

/**
 * A project's Search Console data (null without a connection): the connection, never a token, and the daily metrics
 * by page and by query, read a page at a time by key like the posts (a year of a busy blog's queries is large), one
 * row a line.
 */
async function* searchConsoleChunks(ctx: ServiceContext, projectId: string): AsyncGenerator<string> {
  const connection = await selectSearchConsoleConnection(ctx.sql, projectId);
  if (!connection) {
    yield 'null';
    return;
  }
  const { sitemap_url, sitemap_submitted_at, sitemap_error, ...rest } = connection;
  const fields = { ...rest, sitemap: { url: sitemap_url, submitted_at: sitemap_submitted_at, error: sitemap_error } };
  yield `${indent(JSON.stringify(fields, null, 2), 6).slice(0, -8)},\n        "page_days": [`;
  yield* rowChunks((after: PageDayRow | null) => selectPageDayPage(ctx.sql, projectId, after, METRICS_PER_QUERY));
  yield '],\n        "query_days": [';
  yield* rowChunks((after: QueryDayRow | null) => selectQueryDayPage(ctx.sql, projectId, after, METRICS_PER_QUERY));
  yield ']\n      }';
}

/** The rows of a keyed read, page after page (each page starts after the last row of the one before), one a line. */
async function* rowChunks<Row extends object>(read: (after: Row | null) => Promise<Row[]>): AsyncGenerator<string> {
  let after: Row | null = null;
  let first = true;
  for (;;) {
    const page: Row[] = await read(after);
    for (const row of page) {
      yield `${first ? '' : ','}\n          ${JSON.stringify(row)}`;
      first = false;
    }
    const last = page.at(-1);
    if (page.length < METRICS_PER_QUERY || !last) break;
    after = last;
  }
  if (!first) yield '\n        ';
}

/** Indents every line after the first (JSON.stringify indents from column 0). */
function indent(text: string, spaces: number): string {
  return text.replaceAll('\n', `\n${' '.repeat(spaces)}`);
}
