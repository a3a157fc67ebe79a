import { EmptyState, PageFrame } from '../PageFrame.tsx';

// TODO(issue: workspace features): the real page replaces this frame.
/** All Blogs: the frame of the page until its feature lands. */
export default function BlogsPage() {
  return (
    <PageFrame title="All Blogs" lead="Every post of the selected project.">
      <EmptyState title="No blog posts yet">Posts created by your workflows will be listed here.</EmptyState>
    </PageFrame>
  );
}
