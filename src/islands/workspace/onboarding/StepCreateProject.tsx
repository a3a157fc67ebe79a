import { useState } from 'react';
import type { Project } from '../../../lib/api/projects.ts';
import { goToStep } from '../../../lib/stores/onboarding.ts';
import { createProject } from '../../../lib/stores/projects.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { primaryButton } from '../brand/ConnectWebsiteForm.tsx';

/** Spec §9: the project the wizard creates for a user who has none. */
export const ONBOARDING_PROJECT = {
  name: 'Untitled Project',
  description: 'Auto-generated project during onboarding',
} as const;
const AUTO_CREATE_FAILED = 'Failed to auto-create project.';

/** Step 1: continue with the selected project, or create one for a user who has none (spec §2.4, §8). */
export function StepCreateProject({ project }: { project: Project | null }) {
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<string | null>(null);

  async function autoCreate() {
    setBusy(true);
    setError(null);
    try {
      const created = await createProject({ ...ONBOARDING_PROJECT });
      goToStep(2, created.id);
    } catch {
      setError(AUTO_CREATE_FAILED);
      showToast(AUTO_CREATE_FAILED, 'error');
    } finally {
      setBusy(false);
    }
  }

  return (
    <div className="flex flex-col gap-3">
      <h3 className="font-medium">Create project</h3>
      {project ? (
        <p className="text-sm">
          Your project <strong>{project.name}</strong> is ready. Each project has its own website, style guide, plan and
          blog.
        </p>
      ) : (
        <p className="text-sm">You have no project yet. We will create one for you.</p>
      )}
      {error && (
        <p role="alert" className="text-sm text-red-700 dark:text-red-300">
          {error}
        </p>
      )}
      <div>
        {project ? (
          <button type="button" onClick={() => goToStep(2, project.id)} className={primaryButton}>
            Continue
          </button>
        ) : (
          <button type="button" onClick={autoCreate} disabled={busy} className={primaryButton}>
            {busy ? 'Creating...' : 'Create project'}
          </button>
        )}
      </div>
    </div>
  );
}
