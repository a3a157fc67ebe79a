import { EmptyState, PageFrame } from '../PageFrame.tsx';

// Issue 2 asks for this route's frame only (title, breadcrumb); no open issue specifies its content yet.
/** Workflows: the frame of the page until its feature lands. */
export default function WorkflowsPage() {
  return (
    <PageFrame title="Workflows" lead="Automations that create and publish your posts.">
      <EmptyState title="No workflows yet">Workflows of the selected project and their runs will be listed here.</EmptyState>
    </PageFrame>
  );
}
