// The project as the API returns it (spec workspace §3): its zod schema is src/lib/projects/schema.ts, the one shape
// of the API, its document and the workspace that reads it.

export type { Project, ProjectRole } from './schema.ts';

/** Spec §9: the name of the project every new user gets. A project still so named has not been named by anyone. */
export const DEFAULT_PROJECT_NAME = 'Untitled Project';
