import type { StoredPart } from '../../../../src/lib/posts/parts.ts';
import type { PostStatus } from '../../../../src/lib/posts/types.ts';
import type { Db } from '../../../db/sql.ts';
import type { Written } from './write.ts';

/** The post a workflow run writes (the save_post block's input, its markdown rendered to `html`). */
export interface GeneratedFields {
  title: string;
  markdown: string;
  html: string;
  meta_title?: string | undefined;
  meta_description?: string | undefined;
  excerpt?: string | undefined;
  keywords?: string[] | undefined;
  target_keyword?: string | undefined;
  cover_image_url?: string | undefined;
  cover_image_alt?: string | undefined;
  sources?: { title: string; url: string }[] | undefined;
  draft_label?: string | null | undefined;
  /** True when the body is a writer's brief: it is kept as the brief's text too (brief_markdown). */
  brief: boolean;
  /** What wrote each part of the body. */
  parts: StoredPart[];
  /** The post's language (the run's); a new post without one is English, a rewritten one keeps its own. */
  lang?: string | undefined;
}

/** One saver per run at a time, until the transaction ends: a resumed run and a stale attempt never both save. */
export async function lockRunSave(tx: Db, runId: string): Promise<void> {
  await tx`select pg_advisory_xact_lock(hashtext(${runId}))`;
}

/** The post a run already saved, if any. */
export async function runPostId(tx: Db, runId: string): Promise<string | undefined> {
  const [row]: [{ id: string }?] = await tx`select id from blog_posts where workflow_run_id = ${runId}`;
  return row?.id;
}

/** Stores a run's new post, published at once when asked. */
export async function insertGenerated(
  tx: Db,
  input: {
    projectId: string;
    runId: string;
    authorId: string | null;
    slug: string;
    fields: GeneratedFields;
    status: PostStatus;
  },
): Promise<Written & { id: string }> {
  const { fields } = input;
  const [row]: [(Written & { id: string })?] = await tx`
    insert into blog_posts (
      project_id, title, slug, markdown, html, excerpt, meta_title, meta_description, cover_image_url, cover_image_alt,
      target_keyword, keywords, sources, status, draft_label, author_id, workflow_run_id, published_at,
      brief, brief_markdown, parts, lang
    ) values (
      ${input.projectId}, ${fields.title}, ${input.slug}, ${fields.markdown}, ${fields.html}, ${fields.excerpt ?? ''},
      ${fields.meta_title ?? fields.title}, ${fields.meta_description ?? ''}, ${fields.cover_image_url ?? null},
      ${fields.cover_image_alt ?? ''}, ${fields.target_keyword ?? ''}, ${fields.keywords ?? []},
      ${tx.json(fields.sources ?? [])}, ${input.status}, ${fields.draft_label ?? null}, ${input.authorId},
      ${input.runId}, ${input.status === 'published' ? new Date() : null},
      ${fields.brief}, ${fields.brief ? fields.markdown : null}, ${tx.json(fields.parts as never)}, ${fields.lang ?? 'en'}
    ) returning id, slug, status, version`;
  if (!row) throw new Error('blog post insert returned nothing');
  return row;
}

/**
 * Rewrites a post of the project in place with a run's content, keeping its slug and status unless `publish` (a
 * post that goes live now gets now as its publish time; a published one keeps its own). Undefined when the post is
 * gone.
 */
export async function rewriteGenerated(
  tx: Db,
  input: { postId: string; projectId: string; runId: string; fields: GeneratedFields; publish: boolean },
): Promise<(Written & { id: string; previous_status: PostStatus }) | undefined> {
  const { fields, publish } = input;
  const [row]: [(Written & { id: string; previous_status: PostStatus })?] = await tx`
    with old as (
      select id, status from blog_posts where id = ${input.postId} and project_id = ${input.projectId} for update
    )
    update blog_posts b set
      title = ${fields.title}, markdown = ${fields.markdown}, html = ${fields.html}, excerpt = ${fields.excerpt ?? ''},
      meta_title = ${fields.meta_title ?? fields.title}, meta_description = ${fields.meta_description ?? ''},
      cover_image_url = coalesce(${fields.cover_image_url ?? null}, b.cover_image_url),
      cover_image_alt = ${fields.cover_image_alt ?? ''}, target_keyword = ${fields.target_keyword ?? ''},
      keywords = ${fields.keywords ?? []}, sources = ${tx.json(fields.sources ?? [])},
      draft_label = ${fields.draft_label ?? null}, lang = coalesce(${fields.lang ?? null}, b.lang),
      brief = ${fields.brief}, brief_markdown = ${fields.brief ? fields.markdown : null},
      parts = ${tx.json(fields.parts as never)},
      status = case when ${publish} then 'published' else b.status end,
      published_at = case
        when ${publish} and b.status <> 'published' then now()
        else b.published_at
      end,
      workflow_run_id = ${input.runId}, version = b.version + 1, updated_at = now()
    from old
    where b.id = old.id
    returning b.id, b.slug, b.status, b.version, old.status as previous_status`;
  return row;
}

/** The status of a post of the project, or undefined when it is gone. */
export async function selectPostStatus(tx: Db, postId: string, projectId: string): Promise<PostStatus | undefined> {
  const [row]: [{ status: PostStatus }?] =
    await tx`select status from blog_posts where id = ${postId} and project_id = ${projectId}`;
  return row?.status;
}
