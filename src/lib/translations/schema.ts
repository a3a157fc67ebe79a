import { z } from 'zod';
import { postStatus } from '../posts/schema.ts';
import { taskStatus } from '../prompts/schema.ts';

/** Where a translation of a post is (issue 24): the editor polls it until the translated post exists. */
export const translationTask = z.object({
  task_id: z.uuid(),
  status: taskStatus,
  message: z.string().describe('What to tell the user, e.g. "Translated into Portuguese."'),
  language: z.string().describe('The language the post is translated into (ISO code).'),
  source_post_id: z.uuid().nullable().describe('The post being translated; null once it was deleted.'),
  post_id: z.uuid().nullable().describe('The translated post (a draft of the same group) once the task is complete.'),
});
export type TranslationTask = z.infer<typeof translationTask>;

/** One post of a translation group, as the editor lists the versions of a post. */
export const postVersion = z.object({
  id: z.uuid(),
  lang: z.string(),
  title: z.string(),
  slug: z.string(),
  status: postStatus,
  original: z.boolean().describe('The post the group was first translated from (the x-default of its pages).'),
});
export type PostVersion = z.infer<typeof postVersion>;

/** Every version of a post, itself included (just itself when it has no translation). */
export const postVersions = z.object({ items: z.array(postVersion) });
export type PostVersions = z.infer<typeof postVersions>;
