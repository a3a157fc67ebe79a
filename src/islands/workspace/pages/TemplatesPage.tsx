import { useStore } from '@nanostores/react';
import { $session } from '../../../lib/auth/session.ts';
import { EmptyState, PageFrame } from '../PageFrame.tsx';

// Issue 2 asks for this route's frame only (title, breadcrumb); no open issue specifies its content yet.
/** Workflow Templates: admin-only, like its sidebar entry. */
export default function TemplatesPage() {
  const user = useStore($session).user;
  return (
    <PageFrame title="Workflow Templates" lead="Reusable workflows offered to every project.">
      {user?.is_admin ? (
        <EmptyState title="No templates yet">Workflow templates will be listed here.</EmptyState>
      ) : (
        <EmptyState title="Admins only">Workflow templates are managed by administrators.</EmptyState>
      )}
    </PageFrame>
  );
}
