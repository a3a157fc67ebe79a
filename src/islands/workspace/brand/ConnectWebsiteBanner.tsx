import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useState } from 'react';
import { $brandTask } from '../../../lib/stores/brandTask.ts';
import { $selectedProject } from '../../../lib/stores/projects.ts';
import { Icon } from '../icons.tsx';
import { canWrite } from '../roles.ts';
import { BrandProgress } from './BrandProgress.tsx';
import { ConnectWebsiteDialog } from './ConnectWebsiteDialog.tsx';

/** Projects whose banner was dismissed in this page session (a reload shows it again while still unconnected). */
const $dismissed = atom<string[]>([]);

/** Spec §2.2: under the top bar while the selected project has no brand content; dismissible; never for viewers. */
export function ConnectWebsiteBanner() {
  const project = useStore($selectedProject);
  const dismissed = useStore($dismissed);
  const task = useStore($brandTask);
  const [open, setOpen] = useState(false);
  if (!project || !canWrite(project.role) || project.brand_content || dismissed.includes(project.id)) return null;
  const running = task.projectId === project.id && task.phase === 'running';

  return (
    <aside
      aria-label="Connect Website"
      className="flex flex-wrap items-center gap-3 border-b border-sky-200 bg-sky-50 px-4 py-2 text-sm text-sky-950 dark:border-sky-900 dark:bg-sky-950 dark:text-sky-100"
    >
      {running && !open ? (
        <div className="min-w-60 flex-1">
          <BrandProgress projectId={project.id} />
        </div>
      ) : (
        <p className="flex-1">Connect your website so Inkpilot can write in your brand's voice.</p>
      )}
      <button
        type="button"
        onClick={() => setOpen(true)}
        className="rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700"
      >
        Connect Website
      </button>
      <button
        type="button"
        onClick={() => $dismissed.set([...dismissed, project.id])}
        aria-label="Dismiss Connect Website banner"
        className="grid size-7 place-items-center rounded hover:bg-black/10 dark:hover:bg-white/10"
      >
        <Icon name="close" className="size-3.5" />
      </button>
      {open && (
        <ConnectWebsiteDialog
          projectId={project.id}
          initialUrl={project.brand_url ?? ''}
          onClose={() => setOpen(false)}
        />
      )}
    </aside>
  );
}
