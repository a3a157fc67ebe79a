import { useStore } from '@nanostores/react';
import { $session } from '../../../lib/auth/session.ts';
import { $location } from '../../../lib/stores/router.ts';
import { EmptyState, PageFrame } from '../PageFrame.tsx';
import { TemplateAdmin } from '../workflows/TemplateAdmin.tsx';
import { WorkflowEditor } from '../workflows/WorkflowEditor.tsx';

/** Workflow Templates (admin only, like its sidebar entry): the list, or one template in the builder (?id=). */
export default function TemplatesPage() {
  const user = useStore($session).user;
  const id = new URLSearchParams(useStore($location).search).get('id');
  return (
    <PageFrame
      wide={Boolean(id && user?.is_admin)}
      title="Workflow Templates"
      lead="Reusable workflows offered to every project."
    >
      {!user?.is_admin ? (
        <EmptyState title="Admins only">Workflow templates are managed by administrators.</EmptyState>
      ) : id ? (
        <WorkflowEditor key={id} id={id} kind="template" backHref="/templates" />
      ) : (
        <TemplateAdmin />
      )}
    </PageFrame>
  );
}
