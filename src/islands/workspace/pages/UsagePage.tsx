import { EmptyState, PageFrame } from '../PageFrame.tsx';

// TODO(issue: workspace features): the real page replaces this frame.
/** Usage: the frame of the page until its feature lands. */
export default function UsagePage() {
  return (
    <PageFrame title="Usage" lead="What you have used this month.">
      <EmptyState title="No usage yet">Posts generated and plan limits will be shown here.</EmptyState>
    </PageFrame>
  );
}
