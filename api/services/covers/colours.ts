import type { Db } from '../../db/sql.ts';
import { coloursFrom, namedColours, seededColours, type CoverColours } from '../../providers/images/svg-cover.ts';
import { selectCoverBrand } from '../prompts/queries.ts';

/**
 * The colours a drawn cover of the project gets: the first #rrggbb colour its default style guide's image style
 * names, else its blog's accent colour; colours from the project id only when it has neither. One rule for the
 * cover block and a cover drawn again for a new title.
 */
export async function projectCoverColours(sql: Db, projectId: string): Promise<CoverColours> {
  const row = await selectCoverBrand(sql, projectId);
  const colour = namedColours(row?.image_style ?? '')[0] ?? row?.accent ?? null;
  return colour ? coloursFrom(colour) : seededColours(projectId);
}
