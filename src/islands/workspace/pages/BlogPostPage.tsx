import { EmptyState, PageFrame } from '../PageFrame.tsx';

// TODO(issue: workspace features): the real page replaces this frame.
/** Blog Post: the frame of the page until its feature lands. */
export default function BlogPostPage() {
  return (
    <PageFrame title="Blog Post" lead="Read and review one post.">
      <EmptyState title="Post preview">The post's content will be shown here.</EmptyState>
    </PageFrame>
  );
}
