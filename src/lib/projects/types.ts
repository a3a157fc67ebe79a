// The project as the API returns it (spec workspace §3): its zod schema is src/lib/projects/schema.ts, the one shape
// of the API, its document and the workspace that reads it.

export type { Project, ProjectRole } from './schema.ts';
