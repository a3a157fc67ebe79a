import type { Claim } from '../../../../src/lib/claims/schema.ts';
import type { StoredPart } from '../../../../src/lib/posts/parts.ts';
import type { Post, PostEdit, PostStatus } from '../../../../src/lib/posts/types.ts';
import type { Db } from '../../../db/sql.ts';
import type { PostActor } from '../events.ts';
import { COLUMNS, type PostRow, postOfRow } from './read.ts';

/** What a write leaves behind, for the event it appends. */
export interface Written {
  slug: string;
  status: PostStatus;
  version: number;
}

/** A post as a transition needs it: where it lives and the state the transition starts from. */
export interface PostState {
  id: string;
  project_id: string;
  title: string;
  slug: string;
  status: PostStatus;
  version: number;
  /** Whether the body is still the writer's brief (never published). */
  brief: boolean;
  /** The language and translation group (issue 24), where the transition reads them. */
  lang?: string;
  translation_group?: string | null;
}

/** Stores a new draft and returns its id. */
export async function insertDraft(
  sql: Db,
  input: {
    projectId: string;
    title: string;
    slug: string;
    markdown: string;
    html: string;
    authorId: string | null;
    lang?: string | undefined;
  },
): Promise<string> {
  const [row]: [{ id: string }?] = await sql`
    insert into blog_posts (project_id, title, slug, markdown, html, author_id, lang)
    values (${input.projectId}, ${input.title}, ${input.slug}, ${input.markdown}, ${input.html}, ${input.authorId},
            ${input.lang ?? 'en'})
    returning id`;
  if (!row) throw new Error('blog post insert returned nothing');
  return row.id;
}

/**
 * An edit as stored: the fields, the html of new markdown, and what new markdown changes besides (whether it is still
 * the brief, what wrote each part, its claims; claims go to post_claims, not the post's row).
 */
export type StoredEdit = Partial<PostEdit> & { html?: string; brief?: boolean; parts?: StoredPart[]; claims?: Claim[] };

/**
 * Writes an edit only if the post is still at `version` (optimistic concurrency), in one statement: the fields, the
 * claims of the new version when the edit checked them (post_claims), and the transition's outbox event (as
 * appendPostEvent writes it). One statement is atomic on its own, so an edit needs no transaction of its own. Returns
 * the post as saved (as selectPost reads it), or undefined when someone saved in between: nothing is written then.
 */
export async function writeEdit(
  sql: Db,
  input: { post: PostState; version: number; fields: StoredEdit; event: { job_queue: string; actor: PostActor } },
): Promise<Post | undefined> {
  const { post, version, fields, event } = input;
  const changes: Record<string, unknown> = Object.fromEntries(
    Object.entries(fields).filter(([, value]) => value !== undefined),
  );
  delete changes.claims;
  if ('sources' in changes) changes.sources = sql.json(changes.sources as never);
  if ('parts' in changes) changes.parts = sql.json(changes.parts as never);
  const claims = fields.claims;
  // postgres.js writes `col = value, …` for an object only right after `set` in the same template.
  const [row]: [PostRow?] = await sql`
    with b as (
      ${
        Object.keys(changes).length
          ? sql`update blog_posts set ${sql(changes)}, version = version + 1, updated_at = now()
                where id = ${post.id} and version = ${version} returning *`
          : sql`update blog_posts set version = version + 1, updated_at = now()
                where id = ${post.id} and version = ${version} returning *`
      }
    ),
    ${
      claims
        ? sql`checked as (
                insert into post_claims (post_id, version, claims)
                select b.id, b.version, ${sql.json(claims as never)} from b
                on conflict (post_id, version) do update set claims = excluded.claims, checked_at = now()
                returning claims
              ),`
        : sql``
    }
    event as (
      insert into post_events (
        job_queue, post_id, project_id, kind, version, status, previous_status, slug, previous_slug, actor
      )
      select ${event.job_queue}, b.id, b.project_id, 'updated', b.version, b.status, ${post.status}, b.slug,
             ${post.slug}, ${sql.json(event.actor as never)}
      from b
    )
    select ${COLUMNS(sql)}, b.markdown, b.html, b.parts, b.brief_markdown,
           ${
             claims
               ? sql`(select claims from checked)`
               : sql`coalesce((select c.claims from post_claims c where c.post_id = b.id order by c.version desc limit 1),
                              '[]'::jsonb)`
           } as claims
    from b left join users u on u.id = b.author_id`;
  return row && postOfRow(row).post;
}

/**
 * Moves the post to `status` if it is still at `version`; undefined when the version moved meanwhile. published_at
 * is the time it went (or goes, when scheduled) live: `at`, else now; a draft has none. A person publishing or
 * scheduling a post the quality gate held back has decided: the hold goes.
 */
export async function setPostStatus(
  sql: Db,
  id: string,
  version: number,
  status: PostStatus,
  at: Date | null,
): Promise<Written | undefined> {
  const [row]: [Written?] = await sql`
    update blog_posts
    set status = ${status},
        published_at = ${status === 'draft' ? sql`null` : sql`coalesce(${at}::timestamptz, now())`},
        quality_hold = ${status === 'draft' ? sql`quality_hold` : sql`null`},
        version = version + 1, updated_at = now()
    where id = ${id} and version = ${version}
    returning slug, status, version`;
  return row;
}

/** Deletes the post; what it was, or undefined when it was already gone. */
export async function deletePostRow(sql: Db, id: string): Promise<Written | undefined> {
  const [row]: [Written?] = await sql`delete from blog_posts where id = ${id} returning slug, status, version`;
  return row;
}

/**
 * The scheduled post that is due first, locked (posts another transaction is publishing are skipped), leaving out
 * `except` (ones that could not be published this round).
 */
export async function claimDuePost(
  tx: Db,
  now: Date,
  except: string[],
): Promise<(PostState & { published_at: Date }) | undefined> {
  const [row]: [(PostState & { published_at: Date })?] = await tx`
    select id, project_id, title, slug, status, version, brief, published_at from blog_posts
    where status = 'scheduled' and published_at <= ${now} and id <> all(${except}::uuid[])
    order by published_at, id
    limit 1
    for update skip locked`;
  return row;
}
