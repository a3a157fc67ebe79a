import { useStore } from '@nanostores/react';
import { $projects, $selectedProjectId, selectProject } from '../../lib/stores/projects.ts';

/** Spec §2.2: a 280px native select; Loading... while loading, No projects found when empty, else Select Project until chosen. */
export function ProjectSelector() {
  const { status, list } = useStore($projects);
  const selected = useStore($selectedProjectId);
  const loading = status === 'loading' && list.length === 0;
  const empty = !loading && list.length === 0;

  return (
    <div className="w-[280px] max-w-full">
      <label htmlFor="project-select" className="sr-only">
        Project
      </label>
      <select
        id="project-select"
        value={loading || empty ? '' : (selected ?? '')}
        disabled={loading || empty}
        onChange={(event) => event.target.value && selectProject(event.target.value)}
        className="h-9 w-full truncate rounded-md border border-slate-300 bg-white px-2 text-sm text-slate-900 disabled:opacity-70 dark:border-slate-700 dark:bg-slate-900 dark:text-slate-100"
      >
        {loading && <option value="">Loading...</option>}
        {empty && <option value="">No projects found</option>}
        {!loading && !empty && !selected && (
          <option value="" disabled>
            Select Project
          </option>
        )}
        {list.map((project) => (
          <option key={project.id} value={project.id}>
            {project.name}
          </option>
        ))}
      </select>
    </div>
  );
}
