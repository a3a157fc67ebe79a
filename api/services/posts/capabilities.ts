import type { PostCapabilities, SlugCapabilities } from '../../blocks/types.ts';
import type { Db } from '../../db/sql.ts';
import { saveGenerated } from './lifecycle.ts';
import { inTransition, type OutboxDeps } from './outbox.ts';
import { freeSlug } from './queries/slugs.ts';
import { renderPostHtml } from './render.ts';
import { selectLinkablePosts } from '../workflows/queries/blog-posts.ts';

/**
 * What a workflow run's blocks get instead of SQL for the project's posts: the published ones (internal links), the lifecycle's saveGenerated, acted by the
 * system for the project (the run's starter is the author), and unique slugs. `finish` records the node as finished
 * inside the save's transaction.
 */
export function postCapabilities(
  deps: OutboxDeps & {
    projectId: string;
    runId: string;
    authorId: string | null;
    /** The run's language: internal links go to posts in it. */
    language: string;
    finish: (tx: Db, output: object) => Promise<void>;
  },
): { posts: PostCapabilities; slugs: SlugCapabilities } {
  const { projectId, runId, authorId } = deps;
  return {
    posts: {
      published: (limit) => selectLinkablePosts(deps.sql, projectId, limit, deps.language),
      saveGenerated: async ({ content, slug, publish, rewrite, output }) => {
        const html = await renderPostHtml(content.markdown); // before the transaction: a render may take a while
        return inTransition(deps, { kind: 'system', project_id: projectId }, (transition) =>
          saveGenerated({
            ...transition,
            projectId,
            runId,
            authorId,
            content: {
              ...content,
              html,
              brief: content.brief ?? false,
              written_by: content.written_by ?? 'offline composer',
              claims: content.claims ?? [],
            },
            slug,
            publish,
            rewrite,
            complete: (postId, refusal) => deps.finish(transition.tx, output(postId, refusal)),
          }),
        );
      },
    },
    slugs: { unique: (base) => freeSlug(deps.sql, projectId, base) },
  };
}
