import type { Invite, Member } from '../../../lib/api/members.ts';
import { createFetcherStore, revalidateKeys } from '../../../lib/query/fetcher.ts';
import { $selectedProjectId } from '../../../lib/stores/projects.ts';

/** The selected project's members (owners only; others get 403 and the screen is not shown to them). */
export const $members = createFetcherStore<Member[]>(['projects/', $selectedProjectId, '/members']);

/** The selected project's invite links that still work. */
export const $invites = createFetcherStore<Invite[]>(['projects/', $selectedProjectId, '/invites']);

/** Refetches the members and links of a project after a write. */
export function revalidateTeam(projectId: string): void {
  revalidateKeys((key) => key.startsWith(`projects/${projectId}/`));
}
