import { EmptyState, PageFrame } from '../PageFrame.tsx';

/** Shown for a workspace path that matches no screen. */
export default function NotFoundPage() {
  return (
    <PageFrame title="Page not found" lead="This page does not exist in your workspace.">
      <EmptyState title="Nothing here">Use the sidebar to go to another page.</EmptyState>
    </PageFrame>
  );
}
