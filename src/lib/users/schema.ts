import { z } from 'zod';

/** The signed-in user as GET /api/users/me/ presents them (spec workspace §3); the admin screens show the same. */
export const user = z.object({
  id: z.uuid(),
  email: z.string(),
  first_name: z.string(),
  last_name: z.string(),
  is_admin: z.boolean(),
  is_superuser: z.boolean(),
  avatar_url: z.string().nullable(),
  external_id: z.string(),
});
export type User = z.infer<typeof user>;
