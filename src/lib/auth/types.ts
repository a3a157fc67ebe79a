import type { User } from '../users/schema.ts';

/** The signed-in user as GET /api/users/me/ returns it (spec workspace §3; its zod schema: src/lib/users/schema.ts). */
export type SessionUser = User;

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: SessionUser };
