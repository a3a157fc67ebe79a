import { followTitle } from '../../../src/lib/posts/title-follow.ts';
import type { Post, PostEdit } from '../../../src/lib/posts/types.ts';
import type { Db } from '../../db/sql.ts';
import { coverForNewTitle } from '../covers/title-cover.ts';

/**
 * An edit with what its new title carries along (PATCH semantics): the meta title and cover description still made
 * from the old title, and a generated cover still showing it, follow the title unless the edit sets them itself.
 */
export async function withTitleFollowers(sql: Db, post: Post, fields: Partial<PostEdit>): Promise<Partial<PostEdit>> {
  if (fields.title === undefined || fields.title.trim() === post.title.trim()) return fields;
  const cover = fields.cover_image_url === undefined ? await coverForNewTitle(sql, post, fields.title) : undefined;
  return {
    ...followTitle(post, fields.title, fields),
    ...(cover ? { cover_image_url: cover } : {}),
    ...fields,
  };
}
