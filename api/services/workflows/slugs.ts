import type { Db } from '../../db/sql.ts';
import { selectSlugsLike } from './queries/blog-posts.ts';

/** The slug itself when no post of the project has it, else slug-2, slug-3, ... (the first one free). */
export async function uniqueSlug(sql: Db, projectId: string, base: string): Promise<string> {
  const taken = new Set(await selectSlugsLike(sql, projectId, base));
  if (!taken.has(base)) return base;
  for (let n = 2; ; n++) if (!taken.has(`${base}-${n}`)) return `${base}-${n}`;
}
