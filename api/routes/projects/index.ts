import { brandTaskStatusRoute, startBrandTaskRoute } from './brand-guide.ts';
import { createProjectRoute } from './create.ts';
import { getProjectRoute } from './get.ts';
import { listProjectsRoute } from './list.ts';
import { updateProjectRoute } from './update.ts';

/** /api/projects: list, create, read and update one, brand processing and its task status. */
export const projectsRoutes = [
  listProjectsRoute,
  createProjectRoute,
  brandTaskStatusRoute,
  getProjectRoute,
  updateProjectRoute,
  startBrandTaskRoute,
];
