import { useStore } from '@nanostores/react';
import { useEffect, useState } from 'react';
import { errorMessage } from '../../../lib/api/client.ts';
import { fetchCustomDomain, removeCustomDomain, type CustomDomain } from '../../../lib/api/domains.ts';
import { $selectedProject } from '../../../lib/stores/projects.ts';
import { showToast } from '../../../lib/stores/toasts.ts';
import { secondaryButton } from '../brand/ConnectWebsiteForm.tsx';
import { canWrite } from '../roles.ts';
import { BlogSettingsForm } from './BlogSettingsForm.tsx';
import { ConnectDomainDialog } from './ConnectDomainDialog.tsx';
import { DomainRecords } from './DomainRecords.tsx';

/** The selected project's blog: its address, its custom domain with DNS state, connect, check and remove; its settings. */
export function BlogAddressPanel() {
  const project = useStore($selectedProject);
  const [value, setValue] = useState<CustomDomain | null>(null);
  const [open, setOpen] = useState(false);
  const projectId = project?.id;
  const domain = project?.custom_blog_domain ?? null;
  const basePath = project?.blog_base_path ?? '';
  const name = project?.name;

  useEffect(() => {
    if (!projectId) return;
    let live = true;
    fetchCustomDomain(projectId)
      .then((next) => live && setValue(next))
      .catch(() => live && setValue(null));
    return () => {
      live = false;
    };
  }, [projectId, domain, basePath, name]); // a saved path, or a rename before any post is live, moves the blog

  if (!project || !value) return null;
  const writer = canWrite(project.role);

  async function remove() {
    try {
      const { message } = await removeCustomDomain(project!.id);
      showToast(message, 'success');
    } catch (error) {
      showToast(errorMessage(error, 'Failed to remove domain.'), 'error');
    }
  }

  return (
    <section
      aria-labelledby="blog-address"
      className="mt-8 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
    >
      <h2 id="blog-address" className="mb-2 text-lg font-semibold">
        Blog address
      </h2>
      <p className="mb-3 text-sm">
        Your blog is live at{' '}
        <a
          href={value.blog_url}
          target="_blank"
          rel="noopener"
          className="font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100"
        >
          {value.blog_url}
        </a>
      </p>
      <DomainRecords projectId={project.id} value={value} canEdit={writer} onChange={setValue} />
      {writer && (
        <div className="mt-3 flex gap-2">
          {value.domain ? (
            <button type="button" onClick={remove} className={secondaryButton}>
              Remove domain
            </button>
          ) : (
            <button type="button" onClick={() => setOpen(true)} className={secondaryButton}>
              Connect Domain
            </button>
          )}
        </div>
      )}
      {/* A new or removed domain starts the form again: the path field belongs to the domain. */}
      {writer && <BlogSettingsForm key={`${project.id}:${domain ?? ''}`} project={project} />}
      {open && <ConnectDomainDialog projectId={project.id} onClose={() => setOpen(false)} onSaved={setValue} />}
    </section>
  );
}
