import type { PostVersions, TranslationTask } from '../translations/schema.ts';
import { api } from './client.ts';
import { postPath } from './posts.ts';

export type { PostVersion, PostVersions, TranslationTask } from '../translations/schema.ts';

/** POST /blogs/posts/post/{id}/translate: queues a translation of the post into `language` (issue 24). */
export function startTranslation(postId: string, language: string): Promise<TranslationTask> {
  return api.post(`${postPath(postId)}/translate`, { json: { language } }).json<TranslationTask>();
}

/** GET /blogs/posts/translations/{taskId}: where a translation is. */
export function fetchTranslationTask(taskId: string): Promise<TranslationTask> {
  return api.get(`blogs/posts/translations/${taskId}`).json<TranslationTask>();
}

/** GET /blogs/posts/post/{id}/translations: the post and its versions in other languages. */
export function fetchPostVersions(postId: string): Promise<PostVersions> {
  return api.get(`${postPath(postId)}/translations`).json<PostVersions>();
}
