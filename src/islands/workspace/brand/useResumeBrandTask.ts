import { useStore } from '@nanostores/react';
import { useEffect } from 'react';
import { resumeBrandTask } from '../../../lib/stores/brandTask.ts';
import { $selectedProject } from '../../../lib/stores/projects.ts';

/** After a reload mid-task the task id is gone: follow the selected project's brand_info_status instead (spec §7 fallback). */
export function useResumeBrandTask(): void {
  const project = useStore($selectedProject);
  const id = project?.id;
  const status = project?.brand_info_status;
  useEffect(() => {
    if (id && (status === 'pending' || status === 'in_progress')) resumeBrandTask(id);
  }, [id, status]);
}
