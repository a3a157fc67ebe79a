import { EmptyState, PageFrame } from '../PageFrame.tsx';

// TODO(issue: workspace features): the real page replaces this frame.
/** Edit Blog Post: the frame of the page until its feature lands. */
export default function BlogEditPage() {
  return (
    <PageFrame title="Edit Blog Post" lead="Edit a post before it is published.">
      <EmptyState title="Editor">The blog post editor will be shown here.</EmptyState>
    </PageFrame>
  );
}
