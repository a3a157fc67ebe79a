import type { Project } from '../../../lib/api/projects.ts';
import { goBack, guideReady } from '../../../lib/stores/onboarding.ts';
import { ConnectWebsiteForm } from '../brand/ConnectWebsiteForm.tsx';

/** Step 2: the Connect Website form with the brand task's progress; a finished guide moves the wizard to step 3. Cancel goes back to the name. */
export function StepConnectWebsite({ project }: { project: Project }) {
  return (
    <div className="flex max-w-xl flex-col gap-3">
      <h3 className="font-medium">Connect website</h3>
      <p className="text-sm text-slate-600 dark:text-slate-400">
        We read your homepage and a few linked pages to write a brand guide in your voice.
      </p>
      <ConnectWebsiteForm
        projectId={project.id}
        initialUrl={project.brand_url ?? ''}
        onCancel={() => goBack(project.id, 1)}
        onDone={guideReady}
      />
    </div>
  );
}
