import { EmptyState, PageFrame } from '../PageFrame.tsx';

// TODO(issue: workspace features): the real page replaces this frame.
/** Prompts: the frame of the page until its feature lands. */
export default function PromptsPage() {
  return (
    <PageFrame title="Prompts" lead="Style guides that shape how your posts are written.">
      <EmptyState title="No style guides yet">Style guides of the selected project will be listed here.</EmptyState>
    </PageFrame>
  );
}
