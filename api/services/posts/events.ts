// The post lifecycle's outbox (issue 23): what each transition appends, and what a subscriber receives.
import type { PostStatus } from '../../../src/lib/posts/types.ts';
import type { Config } from '../../config.ts';
import type { Db } from '../../db/sql.ts';

/** Who changed a post: a signed-in user (or their API key), or the system acting for a project (runs, the schedule). */
export type PostActor = { kind: 'user'; user_id: string } | { kind: 'system'; project_id: string };

/** One per transition; `published` also when a run saves a post straight to the blog or a scheduled post goes live. */
export type PostEventKind = 'created' | 'updated' | 'scheduled' | 'published' | 'unpublished' | 'deleted';

/** An outbox row as a subscriber gets it. */
export interface PostEvent {
  /** The outbox row's id (bigint as text): a stable key for an idempotent outside call. */
  id: string;
  post_id: string;
  project_id: string;
  kind: PostEventKind;
  /** The post's version after the transition; one event per version. */
  version: number;
  /** After the transition; null once deleted. */
  status: PostStatus | null;
  /** Before the transition; null for a post just created. */
  previous_status: PostStatus | null;
  slug: string;
  previous_slug: string | null;
  actor: PostActor;
  created_at: Date;
}

/** What a transition appends (the consumer's queue decides which deployment delivers it). */
export type NewPostEvent = Omit<PostEvent, 'id' | 'created_at'> & { job_queue: string };

/**
 * Something that must follow a change of a post (the blog cache today; destinations, webhooks, IndexNow next): one
 * file in api/services/posts/subscribers/ and a line in its list. It gets every event of every post, each post's
 * events in order, each event once.
 */
export interface PostEventSubscriber {
  /** Recorded with each delivery; renaming a subscriber delivers the events still pending to it again. */
  name: string;
  /**
   * Whether this event concerns the subscriber at all, from the event alone. An event no subscriber wants (an edit of
   * a draft: every autosave) wakes no consumer, and the consumer marks it consumed without a delivery, so a draft's
   * autosave costs its own transaction and one statement later.
   */
  wants(event: Pick<PostEvent, 'kind' | 'status' | 'previous_status'>): boolean;
  /**
   * Applies one event. Writes through `tx` commit together with the record of this delivery, so they happen exactly
   * once. A call to the outside may be repeated if the process dies before that commit: make it idempotent by
   * `event.id`. Throwing leaves the event pending (retried by the next drain), and the post's later events wait.
   * `config` is the consumer's settings (absent in tests that run a consumer by hand).
   */
  apply(args: { tx: Db; event: PostEvent; config?: Config | undefined }): Promise<void>;
}

/** The live status, the one the hosted blog shows. */
export const isLive = (status: PostStatus | null): boolean => status === 'published';
