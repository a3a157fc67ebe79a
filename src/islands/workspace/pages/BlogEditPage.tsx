import { EmptyState, PageFrame } from '../PageFrame.tsx';

// Issue 2 asks for this route's frame only (title, breadcrumb); no open issue specifies its content yet.
/** Edit Blog Post: the frame of the page until its feature lands. */
export default function BlogEditPage() {
  return (
    <PageFrame title="Edit Blog Post" lead="Edit a post before it is published.">
      <EmptyState title="Editor">The blog post editor will be shown here.</EmptyState>
    </PageFrame>
  );
}
