import type { Post } from '../../../lib/posts/types.ts';
import { ClaimsPanel } from './claims/ClaimsPanel.tsx';
import { PartsList } from './PartsList.tsx';

/**
 * Beside the editor: the post's claims with their source passages, and what wrote each part. Takes the post as saved
 * (claims and parts are the server's); `stale` when the text changed since.
 */
export function PostReviewPanel({
  post,
  highlight,
  onHighlightChange,
  onShowClaim,
  stale,
}: {
  post: Pick<Post, 'claims' | 'parts'>;
  highlight: boolean;
  onHighlightChange: (highlight: boolean) => void;
  onShowClaim: (id: string) => void;
  stale: boolean;
}) {
  return (
    <div className="grid min-w-0 gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)] lg:items-start">
      <ClaimsPanel
        claims={post.claims}
        highlight={highlight}
        onHighlightChange={onHighlightChange}
        onShow={onShowClaim}
        stale={stale}
      />
      <PartsList parts={post.parts} />
    </div>
  );
}
