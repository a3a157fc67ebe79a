import type { HeldPost, PostChecklist, QualitySettings } from '../quality/schema.ts';
import { api } from './client.ts';

export type { HeldPost, PostChecklist, QualitySettings } from '../quality/schema.ts';

/** GET /projects/{id}/quality: the project's quality gate and AI-assisted note (issue 27). */
export function fetchQualitySettings(projectId: string): Promise<QualitySettings> {
  return api.get(`projects/${projectId}/quality`).json();
}

/** PATCH /projects/{id}/quality: changes the gate or the note (owners, editors). */
export function patchQualitySettings(
  projectId: string,
  change: Partial<Pick<QualitySettings, 'min_score' | 'hold_claims' | 'ai_disclosure'>>,
): Promise<QualitySettings> {
  return api.patch(`projects/${projectId}/quality`, { json: change }).json();
}

/** GET /blogs/posts/post/{id}/checklist: the saved post's checklist and what the editor runs it with live. */
export function fetchPostChecklist(postId: string): Promise<PostChecklist> {
  return api.get(`blogs/posts/post/${postId}/checklist`).json();
}

/** The fetcher key of a project's held-back drafts (GET /blogs/posts/project/{id}/held). */
export const heldPostsPath = (projectId: string) => `blogs/posts/project/${projectId}/held`;

/** Response of the held-back list. */
export type HeldPosts = { items: HeldPost[] };
