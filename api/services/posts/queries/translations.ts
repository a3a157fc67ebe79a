import type { Db } from '../../../db/sql.ts';
import type { PostStatus } from '../../../../src/lib/posts/types.ts';
import type { Written } from './write.ts';

/** A post of a translation group as the editor lists it. */
export interface SiblingRow {
  id: string;
  lang: string;
  title: string;
  slug: string;
  status: PostStatus;
}

/** Every post of a translation group: the original first (or, once it is deleted, the oldest), then by age. */
export async function selectGroupPosts(sql: Db, group: string): Promise<SiblingRow[]> {
  return sql<SiblingRow[]>`
    select id, lang, title, slug, status from blog_posts
    where translation_group = ${group}
    order by id = ${group} desc, created_at, id`;
}

/** The post of the group in that language other than `except`, or undefined. */
export async function selectGroupPostInLanguage(
  sql: Db,
  input: { group: string; lang: string; except: string },
): Promise<{ id: string; title: string } | undefined> {
  const [row]: [{ id: string; title: string }?] = await sql`
    select id, title from blog_posts
    where translation_group = ${input.group} and lang = ${input.lang} and id <> ${input.except}`;
  return row;
}

/**
 * Puts a post that is in no group yet at the head of one of its own (its id is the group's), so the translation made
 * from it joins it; a post already in a group stays in it. Not a content change: the post's version stays (an open
 * editor keeps saving) and nothing goes to the blog until a translation is published. Answers the post's group.
 */
export async function joinOwnGroup(tx: Db, postId: string): Promise<string | undefined> {
  const [row]: [{ translation_group: string }?] = await tx`
    update blog_posts set translation_group = coalesce(translation_group, id)
    where id = ${postId}
    returning translation_group`;
  return row?.translation_group;
}

/** A translation's fields as stored (its html is the markdown's rendering). */
export interface TranslationFields {
  title: string;
  markdown: string;
  html: string;
  meta_title: string;
  meta_description: string;
  excerpt: string;
  cover_image_alt: string;
  cover_image_url: string | null;
  target_keyword: string;
  keywords: string[];
  tags: string[];
  sources: { title: string; url: string }[];
  lang: string;
}

/** Stores a translation as a new draft of the group and answers what was written. */
export async function insertTranslation(
  tx: Db,
  input: {
    projectId: string;
    group: string;
    slug: string;
    authorId: string | null;
    draftLabel: string | null;
    fields: TranslationFields;
  },
): Promise<Written & { id: string }> {
  const { fields } = input;
  const [row]: [(Written & { id: string })?] = await tx`
    insert into blog_posts (
      project_id, title, slug, markdown, html, excerpt, meta_title, meta_description, cover_image_url, cover_image_alt,
      target_keyword, keywords, tags, sources, lang, translation_group, status, draft_label, author_id
    ) values (
      ${input.projectId}, ${fields.title}, ${input.slug}, ${fields.markdown}, ${fields.html}, ${fields.excerpt},
      ${fields.meta_title}, ${fields.meta_description}, ${fields.cover_image_url}, ${fields.cover_image_alt},
      ${fields.target_keyword}, ${fields.keywords}, ${fields.tags}, ${tx.json(fields.sources)}, ${fields.lang},
      ${input.group}, 'draft', ${input.draftLabel}, ${input.authorId}
    ) returning id, slug, status, version`;
  if (!row) throw new Error('translation insert returned nothing');
  return row;
}
