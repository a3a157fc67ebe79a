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
  selectProjects,
  selectStyleGuides,
  selectWorkflows,
  type PostCursor,
} from './queries/export.ts';
import { actingUser } from '../actor.ts';

/** Bumped when a field changes meaning or goes; new fields do not bump it. */
export const EXPORT_VERSION = 1;
const POSTS_PER_QUERY = 100;

export interface AccountExport {
  /** The download's file name: inkpilot-export-YYYY-MM-DD.json. */
  filename: string;
  /** The JSON document in pieces, written as they are read so a large account never sits in memory whole. */
  chunks: AsyncGenerator<string>;
}

/**
 * Everything of the caller's that the export promises (docs/decisions.md, issue 22): their account fields and API
 * keys (names and prefixes), and for each project they are a member of (what they may read, whatever their role):
 * the project, its brand guide and blog settings, style guides, plan (calendar entries), autopilot, workflows and
 * posts (markdown and every field). Other members' details are not theirs to take and are left out.
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
      for (const { cursor_at, ...post } of page) {
        const url = post.status === 'published' ? blogUrl(site, `/${String(post.slug)}`) : null;
        yield `${first ? '' : ','}\n        ${indent(JSON.stringify({ ...post, url }, null, 2), 8)}`;
        first = false;
      }
      const last = page.at(-1);
      if (page.length < POSTS_PER_QUERY || !last) break;
      after = { at: last.cursor_at, id: last.id };
    }
    yield `${first ? '' : '\n      '}]\n    }`;
  }
  yield `${projects.length ? '\n  ' : ''}]\n}\n`;
}

/** Indents every line after the first (JSON.stringify indents from column 0). */
function indent(text: string, spaces: number): string {
  return text.replaceAll('\n', `\n${' '.repeat(spaces)}`);
}
