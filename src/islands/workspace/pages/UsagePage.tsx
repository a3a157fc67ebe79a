import { EmptyState, PageFrame } from '../PageFrame.tsx';

// Issue 2 asks for this route's frame only (title, breadcrumb); no open issue specifies its content yet.
/** Usage: the frame of the page until its feature lands. */
export default function UsagePage() {
  return (
    <PageFrame title="Usage" lead="What you have used this month.">
      <EmptyState title="No usage yet">Posts generated and plan limits will be shown here.</EmptyState>
    </PageFrame>
  );
}
