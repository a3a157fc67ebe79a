import type { ConnectionCheckResult, Destination, PostPublishing, SavedDestination } from '../destinations/schema.ts';
import { mutateCache, revalidateKeys } from '../query/fetcher.ts';
import { api } from './client.ts';

export type {
  ConnectionCheckResult,
  Delivery,
  Destination,
  DestinationField,
  DestinationKindInfo,
  PostDestination,
  PostPublishing,
  SavedDestination,
} from '../destinations/schema.ts';

/** Fetcher keys: a project's destinations, the kinds offered, a post's publishing. */
export const destinationsPath = (projectId: string) => `projects/${projectId}/destinations`;
export const KINDS_PATH = 'destinations/kinds';
export const publishingPath = (postId: string) => `blogs/posts/post/${postId}/publishing`;

/** What a destination form sends (a secret left empty keeps its saved value). */
export interface DestinationInput {
  name: string;
  settings: Record<string, string>;
  canonical: 'blog' | 'destination';
}

/** POST /projects/{id}/destinations; the list follows. The answer carries secrets made by the server, once. */
export async function createDestination(
  projectId: string,
  kind: string,
  input: DestinationInput,
): Promise<SavedDestination> {
  const saved = await api.post(destinationsPath(projectId), { json: { kind, ...input } }).json<SavedDestination>();
  revalidateKeys(destinationsPath(projectId));
  return saved;
}

/** PATCH /projects/{id}/destinations/{destinationId}; the list follows. */
export async function updateDestination(
  projectId: string,
  id: string,
  input: Partial<DestinationInput> & { enabled?: boolean },
): Promise<Destination> {
  const saved = await api.patch(`${destinationsPath(projectId)}/${id}`, { json: input }).json<Destination>();
  revalidateKeys(destinationsPath(projectId));
  return saved;
}

/** DELETE /projects/{id}/destinations/{destinationId}; the list follows. */
export async function deleteDestination(projectId: string, id: string): Promise<{ message: string }> {
  const answer = await api.delete(`${destinationsPath(projectId)}/${id}`).json<{ message: string }>();
  revalidateKeys(destinationsPath(projectId));
  return answer;
}

/** POST /projects/{id}/destinations/test: "Test connection" with what the form holds (saved secrets fill the gaps). */
export function testDestination(
  projectId: string,
  kind: string,
  settings: Record<string, string>,
  destinationId?: string,
): Promise<ConnectionCheckResult> {
  return api
    .post(`${destinationsPath(projectId)}/test`, {
      json: { kind, settings, ...(destinationId ? { destination_id: destinationId } : {}) },
      timeout: 120_000,
    })
    .json<ConnectionCheckResult>();
}

/** Keeps a post's publishing view as the server just answered it. */
function remember(postId: string, publishing: PostPublishing): PostPublishing {
  mutateCache(publishingPath(postId), publishing);
  return publishing;
}

/** POST …/publishing/check: asks the destinations whether the post changed there (rate-limited by the server). */
export async function checkPublishing(postId: string): Promise<PostPublishing> {
  return remember(postId, await api.post(`${publishingPath(postId)}/check`, { timeout: 120_000 }).json());
}

/** POST …/deliveries/{deliveryId}/retry. */
export async function retryDelivery(postId: string, deliveryId: string): Promise<PostPublishing> {
  return remember(postId, await api.post(`blogs/posts/post/${postId}/deliveries/${deliveryId}/retry`).json());
}

/** PUT …/destinations/{destinationId}: publish the post there, or keep it off. */
export async function setPostDestination(
  postId: string,
  destinationId: string,
  publish: boolean,
): Promise<PostPublishing> {
  return remember(
    postId,
    await api.put(`blogs/posts/post/${postId}/destinations/${destinationId}`, { json: { publish } }).json(),
  );
}
