import { EmptyState, PageFrame } from '../PageFrame.tsx';

// Issue 2 asks for this route's frame only (title, breadcrumb); no open issue specifies its content yet.
/** All Blogs: the frame of the page until its feature lands. */
export default function BlogsPage() {
  return (
    <PageFrame title="All Blogs" lead="Every post of the selected project.">
      <EmptyState title="No blog posts yet">Posts created by your workflows will be listed here.</EmptyState>
    </PageFrame>
  );
}
