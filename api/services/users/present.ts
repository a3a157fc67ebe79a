import type { User as PresentedUser } from '../../../src/lib/users/schema.ts';
import type { User } from '../../lib/context.ts';

/** The spec's User fields, nothing more. */
export function presentUser(user: User): PresentedUser {
  return {
    id: user.id,
    email: user.email,
    first_name: user.first_name,
    last_name: user.last_name,
    is_admin: user.is_admin,
    is_superuser: user.is_superuser,
    avatar_url: user.avatar_url,
    external_id: user.external_id,
  };
}
