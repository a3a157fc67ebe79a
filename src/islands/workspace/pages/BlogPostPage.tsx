import { EmptyState, PageFrame } from '../PageFrame.tsx';

// Issue 2 asks for this route's frame only (title, breadcrumb); no open issue specifies its content yet.
/** Blog Post: the frame of the page until its feature lands. */
export default function BlogPostPage() {
  return (
    <PageFrame title="Blog Post" lead="Read and review one post.">
      <EmptyState title="Post preview">The post's content will be shown here.</EmptyState>
    </PageFrame>
  );
}
