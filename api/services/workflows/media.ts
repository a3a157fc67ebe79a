import type { ServiceContext } from '../../lib/context.ts';
import { NotFoundError } from '../../lib/errors.ts';
import { selectMedia } from './queries/media.ts';

const uuid = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Generated media (covers) by id, for anyone: they appear on public blogs. */
export async function getMedia({
  ctx,
  input,
}: {
  ctx: Pick<ServiceContext, 'sql'>;
  input: { id: string };
}): Promise<{ contentType: string; body: Buffer }> {
  if (!uuid.test(input.id)) throw new NotFoundError('Media not found.');
  const row = await selectMedia(ctx.sql, input.id);
  if (!row) throw new NotFoundError('Media not found.');
  return { contentType: row.content_type, body: row.body };
}
