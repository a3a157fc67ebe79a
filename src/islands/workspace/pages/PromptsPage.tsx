import { EmptyState, PageFrame } from '../PageFrame.tsx';

// Issue 2 asks for this route's frame only (title, breadcrumb); no open issue specifies its content yet.
/** Prompts: the frame of the page until its feature lands. */
export default function PromptsPage() {
  return (
    <PageFrame title="Prompts" lead="Style guides that shape how your posts are written.">
      <EmptyState title="No style guides yet">Style guides of the selected project will be listed here.</EmptyState>
    </PageFrame>
  );
}
