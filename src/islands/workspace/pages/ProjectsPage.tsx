import { useStore } from '@nanostores/react';
import { useState } from 'react';
import { $projects, $selectedProjectId, selectProject } from '../../../lib/stores/projects.ts';
import { CreateProjectForm } from '../CreateProjectForm.tsx';
import { RenameProjectForm } from '../RenameProjectForm.tsx';
import { InviteButton, MembersSection } from '../members/MembersSection.tsx';
import { BlogAddressPanel } from '../domains/BlogAddressPanel.tsx';
import { ProjectLanguageSection } from '../languages/ProjectLanguageSection.tsx';
import { PublishingSection } from '../destinations/PublishingSection.tsx';
import { PageFrame } from '../PageFrame.tsx';
import { DeleteProjectSection } from '../projects/DeleteProjectSection.tsx';
import { QualitySection } from '../projects/QualitySection.tsx';
import { SearchConsolePanel } from '../search-console/SearchConsolePanel.tsx';
import { canWrite, ROLE_LABEL } from '../roles.ts';

const linkButton = 'text-sm font-medium text-brand-700 underline underline-offset-2 dark:text-brand-100';

/**
 * The caller's projects with their role (owners and editors rename them in place), the selected one's team and blog,
 * the create form and the danger zone.
 */
export default function ProjectsPage() {
  const { status, list } = useStore($projects);
  const selected = useStore($selectedProjectId);
  const [renaming, setRenaming] = useState<string | null>(null);

  return (
    <PageFrame title="Projects" lead="Each project has its own website, style guide, plan and blog.">
      <section aria-labelledby="your-projects">
        <div className="mb-3 flex items-center justify-between gap-2">
          <h2 id="your-projects" className="text-lg font-semibold">
            Your projects
          </h2>
          <InviteButton />
        </div>
        {status === 'loading' && list.length === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-400">Loading...</p>
        )}
        {status !== 'loading' && list.length === 0 && (
          <p className="text-sm text-slate-600 dark:text-slate-400">No projects found</p>
        )}
        <ul className="grid gap-3 sm:grid-cols-2">
          {list.map((project) => (
            <li
              key={project.id}
              aria-label={project.name}
              className="flex flex-col gap-2 rounded-lg border border-slate-200 p-4 dark:border-slate-800"
            >
              <div className="flex items-start justify-between gap-2">
                <h3 className="min-w-0 font-medium break-words">{project.name}</h3>
                <span className="shrink-0 rounded bg-slate-100 px-2 py-0.5 text-xs font-medium text-slate-700 dark:bg-slate-800 dark:text-slate-200">
                  {ROLE_LABEL[project.role]}
                </span>
              </div>
              {renaming === project.id ? (
                <RenameProjectForm project={project} onDone={() => setRenaming(null)} />
              ) : (
                <>
                  {project.description && (
                    <p className="text-sm break-words text-slate-600 dark:text-slate-400">{project.description}</p>
                  )}
                  <div className="mt-auto flex flex-wrap items-center gap-x-4 gap-y-1">
                    {project.id === selected ? (
                      <span className="text-sm font-medium text-emerald-700 dark:text-emerald-300">Selected</span>
                    ) : (
                      <button
                        type="button"
                        onClick={() => selectProject(project.id)}
                        aria-label={`Select ${project.name}`}
                        className={linkButton}
                      >
                        Select
                      </button>
                    )}
                    {canWrite(project.role) && (
                      <button
                        type="button"
                        onClick={() => setRenaming(project.id)}
                        aria-label={`Rename ${project.name}`}
                        className={linkButton}
                      >
                        Rename
                      </button>
                    )}
                  </div>
                </>
              )}
            </li>
          ))}
        </ul>
      </section>
      <MembersSection />
      <ProjectLanguageSection />
      <BlogAddressPanel />
      <QualitySection />
      <SearchConsolePanel />
      <PublishingSection />
      <CreateProjectForm />
      <DeleteProjectSection />
    </PageFrame>
  );
}
