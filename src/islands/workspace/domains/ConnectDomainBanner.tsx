import { useStore } from '@nanostores/react';
import { atom } from 'nanostores';
import { useState } from 'react';
import { $selectedProject } from '../../../lib/stores/projects.ts';
import { Icon } from '../icons.tsx';
import { canWrite } from '../roles.ts';
import { ConnectDomainDialog } from './ConnectDomainDialog.tsx';

/** Projects whose banner was dismissed in this page session. */
const $dismissed = atom<string[]>([]);

/** Spec §2.2: under the top bar while the selected project has no custom blog domain; dismissible; never for viewers. */
export function ConnectDomainBanner() {
  const project = useStore($selectedProject);
  const dismissed = useStore($dismissed);
  const [open, setOpen] = useState<string | null>(null);
  // The dialog outlives the banner: once the domain is saved the banner goes, the DNS records stay on screen.
  const dialog = open && <ConnectDomainDialog projectId={open} onClose={() => setOpen(null)} />;
  const shown = project && canWrite(project.role) && !project.custom_blog_domain && !dismissed.includes(project.id);

  // One tree shape either way, so the open dialog keeps its state when the banner goes.
  return (
    <>
      {shown && (
        <aside
          aria-label="Connect Domain"
          className="flex flex-wrap items-center gap-3 border-b border-violet-200 bg-violet-50 px-4 py-2 text-sm text-violet-950 dark:border-violet-900 dark:bg-violet-950 dark:text-violet-100"
        >
          <p className="flex-1">Serve your blog on your own domain.</p>
          <button
            type="button"
            onClick={() => setOpen(project.id)}
            className="rounded-md bg-brand-600 px-3 py-1.5 font-medium text-white hover:bg-brand-700"
          >
            Connect Domain
          </button>
          <button
            type="button"
            onClick={() => $dismissed.set([...dismissed, project.id])}
            aria-label="Dismiss Connect Domain banner"
            className="grid size-7 place-items-center rounded hover:bg-black/10 dark:hover:bg-white/10"
          >
            <Icon name="close" className="size-3.5" />
          </button>
        </aside>
      )}
      {dialog}
    </>
  );
}
