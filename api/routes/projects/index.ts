import { brandTaskStatusRoute, startBrandTaskRoute } from './brand-guide.ts';
import { createProjectRoute } from './create.ts';
import { deleteProjectRoute } from './delete.ts';
import { getProjectRoute } from './get.ts';
import { listProjectsRoute } from './list.ts';
import { getQualityRoute, updateQualityRoute } from './quality.ts';
import { updateProjectRoute } from './update.ts';

/** /api/projects: list, create, read, update and delete one, brand processing and its task status. */
export const projectsRoutes = [
  listProjectsRoute,
  createProjectRoute,
  brandTaskStatusRoute,
  getProjectRoute,
  updateProjectRoute,
  deleteProjectRoute,
  startBrandTaskRoute,
  getQualityRoute,
  updateQualityRoute,
];
