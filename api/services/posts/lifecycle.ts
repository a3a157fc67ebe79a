// The one owner of a post's transitions (issue 23). States: draft → scheduled → published, and back to draft;
// deleted from any. Each transition runs in the caller's transaction and appends its one outbox event there, so the
// change and the news of it commit together. Callers: the posts verbs (routes), the save_post block through its
// `posts` capability, and the schedule job. Who may act is the caller's business (authorize); what may happen is here.
import type { Claim } from '../../../src/lib/claims/schema.ts';
import { BRIEF_REFUSAL, isStillBrief } from '../../../src/lib/posts/brief.ts';
import { partsAfterEdit, type StoredPart, writtenParts } from '../../../src/lib/posts/parts.ts';
import type { Post, PostEdit, PostStatus } from '../../../src/lib/posts/types.ts';
import { cutSlug, SLUG_MAX, slugFromTitle } from '../../../src/lib/posts/slug.ts';
import type { Db } from '../../db/sql.ts';
import { ConflictError, NotFoundError, ValidationError } from '../../lib/errors.ts';
import { languageName } from '../../../src/lib/languages/index.ts';
import { insertPostClaims, linkNotesToPost } from '../claims/queries.ts';
import type { NewPostEvent, PostEventKind } from './events.ts';
import type { Transition } from './outbox.ts';
import { appendPostEvent } from './queries/events.ts';
import { anyoneWants } from './subscribers/index.ts';
import {
  type GeneratedFields,
  insertGenerated,
  lockRunSave,
  rewriteGenerated,
  runPostId,
  selectPostStatus,
} from './queries/generated.ts';
import { freeSlug, keepLiveSlug, lockProjectSlugs, slugTaken } from './queries/slugs.ts';
import {
  insertTranslation,
  joinOwnGroup,
  selectGroupPostInLanguage,
  type TranslationFields,
} from './queries/translations.ts';
import { insertGeneratedUsage } from '../usage/queries/usage-events.ts';
import { linkRunPost } from '../workflows/queries/runs.ts';
import {
  deletePostRow,
  insertDraft,
  type PostState,
  type StoredEdit,
  setPostStatus,
  writeEdit,
  type Written,
} from './queries/write.ts';
import { renderPostHtml } from './render.ts';

export const STALE_POST =
  'Someone else saved this post after you opened it, so your changes were not saved. Your text is still in the editor: copy what you need, reload the post and apply it again.';

const refused = (loc: (string | number)[], msg: string) => new ValidationError([{ loc, msg, type: 'value_error' }]);

function slugInUse(slug: string): ValidationError {
  return new ValidationError([
    {
      loc: ['body', 'slug'],
      msg: `Another post of this project already uses the slug "${slug}". Choose a different one.`,
      type: 'value_error.unique',
    },
  ]);
}

/** The unique index that keeps one post per language in a translation group (migration 0040). */
const GROUP_LANGUAGE_KEY = 'blog_posts_translation_lang_key';

/** A language another post of the group already has. */
function languageTaken(lang: string, title?: string): ValidationError {
  return new ValidationError([
    {
      loc: ['body', 'lang'],
      msg: `${title ? `“${title}”, another version of this post,` : 'Another version of this post'} is already in ${languageName(lang)}: translations of a post have one post per language.`,
      type: 'value_error.unique',
    },
  ]);
}

/**
 * Appends the transition's event: the post's state after it (`written`) and before it (`before`). A post that is live
 * after it keeps the address it was live under before working: a redirect to its new slug (keepLiveSlug).
 */
async function record(
  transition: Transition,
  kind: PostEventKind,
  post: { id: string; project_id: string },
  written: Written | { slug: string; status: null; version: number },
  before: { slug: string; status: PostStatus } | null,
): Promise<void> {
  const event = {
    job_queue: transition.outbox,
    post_id: post.id,
    project_id: post.project_id,
    kind,
    version: written.version,
    status: written.status,
    previous_status: before?.status ?? null,
    slug: written.slug,
    previous_slug: before?.slug ?? null,
    actor: transition.actor,
  };
  await appendPostEvent(transition.tx, event);
  await afterEvent(transition, event);
}

/** What follows an appended event in its transaction: the consumer's wake-up when wanted, a live post's old address. */
async function afterEvent(
  { tx, wake }: Transition,
  event: Pick<NewPostEvent, 'post_id' | 'project_id' | 'kind' | 'status' | 'previous_status'>,
): Promise<void> {
  // An event no subscriber wants (a draft's edit, every autosave) wakes no consumer: the next wake-up or the minute's
  // sweep consumes it in passing (consumer.ts).
  if (wake && anyoneWants(event)) wake.needed = true;
  if (event.status === 'published') await keepLiveSlug(tx, event.post_id);
}

/**
 * Why a post may not go live, or null when it may. Decided here once for every way a post is published: the route,
 * "Publish now", a schedule (when set and when due), a run that publishes and the autopilot. A body that is still
 * the writer's brief is never published.
 */
export function publishRefusal(post: { brief: boolean }): string | null {
  return post.brief ? BRIEF_REFUSAL : null;
}

/** Refuses a change made from an older version than the post's (409: someone saved in between). */
export function assertVersion(post: PostState, version: number | undefined): void {
  if (version !== undefined && post.version !== version) throw new ConflictError(STALE_POST);
}

/**
 * A new draft written by hand; its slug comes from the title, made unique in the project. `html` is the markdown's
 * rendering (renderPostHtml, done before the transaction). Returns its id.
 */
export async function saveDraft(
  transition: Transition & {
    projectId: string;
    title: string;
    markdown: string;
    html: string;
    authorId: string | null;
    lang?: string | undefined;
  },
): Promise<string> {
  const { tx, projectId, title } = transition;
  await lockProjectSlugs(tx, projectId);
  const slug = await freeSlug(tx, projectId, slugFromTitle(title));
  const id = await insertDraft(tx, {
    projectId,
    title,
    slug,
    markdown: transition.markdown,
    html: transition.html,
    authorId: transition.authorId,
    lang: transition.lang,
  });
  await record(transition, 'created', { id, project_id: projectId }, { slug, status: 'draft', version: 1 }, null);
  return id;
}

/** What a new body changes besides its text: the brief it may still be, who wrote each part, its claims. */
export interface BodyEdit {
  /** The brief the post was generated as (null for any other post) and what wrote each part before this edit. */
  writing: { brief_markdown: string | null; parts: StoredPart[] };
  /** The person editing, as the parts they change will name them. */
  editor: string;
  /** The claims of the new markdown checked against their sources (cited pages never read are fetched first). */
  check: (markdown: string) => Promise<Claim[]>;
}

/**
 * Checks an edit made from `version` and readies what it stores, before any transaction: refused with 409 when the
 * post moved on since (nothing written), 422 for a slug another post has or markdown the renderer refuses. The stored
 * html is always the server's rendering of the markdown. A scheduled post keeps a title: it is going live. New
 * markdown (with `body`) also brings whether the post is still the writer's brief, what wrote each part, and its
 * claims checked again.
 */
export async function prepareEdit(
  sql: Db,
  {
    post,
    version,
    fields,
    body,
  }: { post: PostState; version: number; fields: Partial<PostEdit>; body?: BodyEdit | undefined },
): Promise<StoredEdit> {
  assertVersion(post, version);
  if (post.status === 'scheduled' && fields.title !== undefined && !fields.title.trim())
    throw refused(
      ['body', 'title'],
      'A scheduled post needs a title: the blog shows it as the heading. Unschedule the post to leave it untitled.',
    );
  if (
    fields.slug !== undefined &&
    fields.slug !== post.slug &&
    (await slugTaken(sql, post.project_id, fields.slug, post.id))
  )
    throw slugInUse(fields.slug);
  if (fields.lang !== undefined && fields.lang !== post.lang && post.translation_group) {
    const clash = await selectGroupPostInLanguage(sql, {
      group: post.translation_group,
      lang: fields.lang,
      except: post.id,
    });
    if (clash) throw languageTaken(fields.lang, clash.title);
  }
  if (fields.markdown === undefined) return fields;
  const html = await renderPostHtml(fields.markdown);
  if (!body) return { ...fields, html };
  const { writing } = body;
  return {
    ...fields,
    html,
    brief: writing.brief_markdown !== null && isStillBrief(writing.brief_markdown, fields.markdown),
    parts: partsAfterEdit(writing.parts, fields.markdown, body.editor),
    claims: await body.check(fields.markdown),
  };
}

/**
 * Saves an edit readied by prepareEdit, only if the post is still at `version` (409 otherwise, nothing written), and
 * returns the post as saved. The edit, its claims and its event are written in one statement (writeEdit), so the edit
 * of a post that is not live needs no transaction: `tx` may then be the pool (inOneStatement). A live post's edit
 * also keeps its old address (keepLiveSlug), a second statement: run it in a transaction (inTransition).
 */
export async function saveEdit(
  transition: Transition & { post: PostState; version: number; stored: StoredEdit },
): Promise<Post> {
  const { tx, post, stored } = transition;
  let saved: Post | undefined;
  try {
    saved = await writeEdit(tx, {
      post,
      version: transition.version,
      fields: stored,
      event: { job_queue: transition.outbox, actor: transition.actor },
    });
  } catch (error) {
    // Two saves choosing the same new slug at once: the unique index decides, the loser hears why.
    const constraint = (error as { constraint_name?: string }).constraint_name;
    if (constraint === 'blog_posts_project_id_slug_key') throw slugInUse(stored.slug ?? '');
    if (constraint === GROUP_LANGUAGE_KEY) throw languageTaken(stored.lang ?? '');
    throw error;
  }
  if (!saved) throw new ConflictError(STALE_POST);
  await afterEvent(transition, {
    post_id: post.id,
    project_id: post.project_id,
    kind: 'updated',
    status: saved.status,
    previous_status: post.status,
  });
  return saved;
}

/**
 * Puts the post on the blog (a title is needed). `at` is its publish time when a schedule makes it live (now
 * otherwise). False when it already was live: nothing changes then, the version stays.
 */
export async function publish(
  transition: Transition & { post: PostState; version?: number | undefined; at?: Date | undefined },
): Promise<boolean> {
  const { post } = transition;
  assertVersion(post, transition.version);
  if (post.status === 'published') return false;
  if (!post.title.trim())
    throw refused(['body'], 'Add a title before publishing: the blog shows it as the heading and in search results.');
  const refusal = publishRefusal(post);
  if (refusal) throw refused(['body'], refusal);
  const written = await setPostStatus(transition.tx, post.id, post.version, 'published', transition.at ?? null);
  if (!written) throw new ConflictError(STALE_POST);
  await record(transition, 'published', post, written, post);
  return true;
}

/** Takes the post off the blog, or out of the schedule, back to a draft; false when it already was a draft. */
export async function unpublish(
  transition: Transition & { post: PostState; version?: number | undefined },
): Promise<boolean> {
  const { post } = transition;
  assertVersion(post, transition.version);
  if (post.status === 'draft') return false;
  const written = await setPostStatus(transition.tx, post.id, post.version, 'draft', null);
  if (!written) throw new ConflictError(STALE_POST);
  await record(transition, 'unpublished', post, written, post);
  return true;
}

/**
 * Sets the time a draft (or an already scheduled post) goes live; the schedule job publishes it then. A live post is
 * refused: taking it off the blog until then is a separate, visible step (unpublish).
 */
export async function schedule(
  transition: Transition & { post: PostState; at: Date; version?: number | undefined; now?: Date },
): Promise<void> {
  const { post, at } = transition;
  assertVersion(post, transition.version);
  if (post.status === 'published')
    throw refused(['body'], 'This post is already live. Unpublish it first if it should go live later instead.');
  if (!post.title.trim())
    throw refused(['body'], 'Add a title before scheduling: the blog shows it as the heading and in search results.');
  const refusal = publishRefusal(post);
  if (refusal) throw refused(['body'], refusal);
  if (at.getTime() <= (transition.now ?? new Date()).getTime())
    throw refused(['body', 'at'], 'Choose a time in the future for the post to go live.');
  const written = await setPostStatus(transition.tx, post.id, post.version, 'scheduled', at);
  if (!written) throw new ConflictError(STALE_POST);
  await record(transition, 'scheduled', post, written, post);
}

/** Deletes the post for good; nothing happens (and no event is written) when it was already gone. */
export async function remove(transition: Transition & { post: PostState }): Promise<void> {
  const { post } = transition;
  const gone = await deletePostRow(transition.tx, post.id);
  if (!gone) return;
  const last = { slug: gone.slug, status: null, version: gone.version + 1 };
  await record(transition, 'deleted', post, last, gone);
}

/**
 * A translation of `source` (issue 24), saved as a new draft of the source's translation group; a source in no group
 * heads a new one (its id is the group's). Its slug comes from its translated title, made unique in the project. A
 * group has one post per language: a second translation into one is a conflict. Returns the new post's id.
 */
export async function saveTranslation(
  transition: Transition & {
    source: { id: string; project_id: string; slug: string };
    fields: TranslationFields;
    authorId: string | null;
    draftLabel: string | null;
  },
): Promise<string> {
  const { tx, source, fields } = transition;
  await lockProjectSlugs(tx, source.project_id);
  const group = await joinOwnGroup(tx, source.id);
  if (!group) throw new NotFoundError('The post to translate was deleted.');
  const clash = await selectGroupPostInLanguage(tx, { group, lang: fields.lang, except: source.id });
  if (clash)
    throw new ConflictError(`This post already has a version in ${languageName(fields.lang)}: “${clash.title}”.`);
  // A title with no Latin letters (Arabic, Greek…) names no address: the source's, marked with the language.
  const slug = await freeSlug(
    tx,
    source.project_id,
    slugFromTitle(fields.title, `${cutSlug(source.slug, SLUG_MAX - 6)}-${fields.lang.toLowerCase()}`),
  );
  const written = await insertTranslation(tx, {
    projectId: source.project_id,
    group,
    slug,
    authorId: transition.authorId,
    draftLabel: transition.draftLabel,
    fields,
  });
  await record(transition, 'created', { id: written.id, project_id: source.project_id }, written, null);
  return written.id;
}

/**
 * A workflow run's post, saved once per run whatever happened before (a resumed run finds it saved and answers it):
 * a new post (a draft, or published at once when `publish`), or `rewrite`, an existing post of the project updated in
 * place (its slug and status stay, unless `publish`). `content.html` is the markdown's rendering, made before the
 * transaction. A new post's slug is `slug` (a valid one), made unique in the project. A writer's brief is never
 * published: with `publish` it is kept a draft and `complete` hears why; it never replaces a live or scheduled post.
 * With it, in the same transaction: the run's usage event, the run's link to the post (and of its research notes),
 * the claims of this version, and `complete` (the node's own record), so none of them can happen twice or alone.
 */
export async function saveGenerated(
  transition: Transition & {
    projectId: string;
    runId: string;
    authorId: string | null;
    content: Omit<GeneratedFields, 'parts'> & { written_by: string; claims: Claim[] };
    slug: string;
    publish: boolean;
    rewrite: string | null;
    complete: (postId: string, refusal: string | null) => Promise<void>;
  },
): Promise<string> {
  const { tx, projectId, runId, content } = transition;
  const refusal = transition.publish ? publishRefusal(content) : null;
  const live = transition.publish && !refusal;
  await lockRunSave(tx, runId);
  const saved = await runPostId(tx, runId);
  if (saved) {
    await transition.complete(saved, refusal);
    return saved;
  }
  const { written_by, claims, ...rest } = content;
  const fields: GeneratedFields = { ...rest, parts: writtenParts(content.markdown, written_by) };
  let id: string;
  let version: number;
  if (transition.rewrite) {
    const status = await selectPostStatus(tx, transition.rewrite, projectId);
    if (status && status !== 'draft' && content.brief)
      throw new Error(
        `${BRIEF_REFUSAL} A writer's brief never replaces a ${status === 'published' ? 'live' : 'scheduled'} post.`,
      );
    const written = await rewriteGenerated(tx, { postId: transition.rewrite, projectId, runId, fields, publish: live });
    if (!written) throw new Error('The post this run rewrites was deleted.');
    id = written.id;
    version = written.version;
    const went = written.status === 'published' && written.previous_status !== 'published';
    const before = { slug: written.slug, status: written.previous_status };
    await record(transition, went ? 'published' : 'updated', { id, project_id: projectId }, written, before);
  } else {
    await lockProjectSlugs(tx, projectId);
    const slug = await freeSlug(tx, projectId, transition.slug);
    const status = live ? 'published' : 'draft';
    const written = await insertGenerated(tx, {
      projectId,
      runId,
      authorId: transition.authorId,
      slug,
      fields,
      status,
    });
    id = written.id;
    version = written.version;
    await record(transition, live ? 'published' : 'created', { id, project_id: projectId }, written, null);
  }
  await insertPostClaims(tx, id, version, claims);
  await linkNotesToPost(tx, runId, id);
  await insertGeneratedUsage(tx, { projectId, runId, postId: id });
  await linkRunPost(tx, runId, id);
  await transition.complete(id, refusal);
  return id;
}
