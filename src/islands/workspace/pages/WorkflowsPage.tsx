import { useStore } from '@nanostores/react';
import { $location } from '../../../lib/stores/router.ts';
import { PageFrame } from '../PageFrame.tsx';
import { WorkflowEditor } from '../workflows/WorkflowEditor.tsx';
import { WorkflowList } from '../workflows/WorkflowList.tsx';

/** /workflows lists the project's workflows; /workflows/{id} opens one in the builder. */
export default function WorkflowsPage() {
  const { pathname } = useStore($location);
  const id = pathname.startsWith('/workflows/') ? decodeURIComponent(pathname.slice('/workflows/'.length)) : null;
  if (id) {
    return (
      <PageFrame wide title="Workflow" lead="Add blocks, connect their fields, configure each node, save and run.">
        <WorkflowEditor key={id} id={id} kind="workflow" backHref="/workflows" />
      </PageFrame>
    );
  }
  return (
    <PageFrame title="Workflows" lead="Automations that create and publish your posts.">
      <WorkflowList />
    </PageFrame>
  );
}
