import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $selectedProject, deleteProject } from '../../../lib/stores/projects.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { Link } from '../Link.tsx';
import { SearchConsoleRevoked } from '../search-console/SearchConsoleRevoked.tsx';
import { dangerButton, TypedConfirmDialog } from '../TypedConfirmDialog.tsx';

/** The selected project's danger zone, for its owners: delete it and everything in it, after typing its name. */
export function DeleteProjectSection() {
  const project = useStore($selectedProject);
  const [open, setOpen] = useState(false);
  if (!project || project.role !== 'owner') return null;
  const doomed = { id: project.id, name: project.name };

  return (
    <section aria-labelledby="danger-zone" className="mt-8 rounded-lg border border-red-300 p-4 dark:border-red-900">
      <h2 id="danger-zone" className="text-lg font-semibold text-red-800 dark:text-red-300">
        Danger zone
      </h2>
      <p className="mt-1 mb-3 text-sm text-slate-700 dark:text-slate-300">
        Deleting <strong className="break-words">{project.name}</strong> removes it for every member, with its posts,
        blog, style guides and plan. It cannot be undone.
      </p>
      <button type="button" className={dangerButton} onClick={() => setOpen(true)}>
        Delete project
      </button>
      {open && (
        <TypedConfirmDialog
          title={`Delete ${doomed.name}?`}
          expected={doomed.name}
          confirmLabel="Delete project"
          busyLabel="Deleting..."
          onClose={() => setOpen(false)}
          onConfirm={async (typed) => {
            await deleteProject(doomed, typed);
            setOpen(false);
            showToast(`${doomed.name} deleted.`, 'success');
          }}
        >
          <p>These go for good, for you and every member:</p>
          <ul className="list-disc pl-5">
            <li>its posts, drafts and published, and its hosted blog, which stops answering at once</li>
            <li>its custom domain, style guides, brand guide and 30-day plan</li>
            <li>its workflows, runs (queued ones are cancelled) and generated images</li>
            <li>its members&apos; access and its open invite links</li>
            <SearchConsoleRevoked />
          </ul>
          <p>
            Want a copy first?{' '}
            <Link
              href="/settings?tab=profile"
              className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100"
            >
              Download your data
            </Link>{' '}
            in My Account.
          </p>
        </TypedConfirmDialog>
      )}
    </section>
  );
}
