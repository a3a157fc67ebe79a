/** The signed-in user as GET /api/users/me/ returns it (spec workspace §3). */
export interface SessionUser {
  id: string;
  email: string;
  first_name: string;
  last_name: string;
  is_admin: boolean;
  is_superuser: boolean;
  avatar_url: string | null;
  external_id: string;
}

export type SessionState =
  | { status: 'loading'; user: null }
  | { status: 'signed-out'; user: null }
  | { status: 'signed-in'; user: SessionUser };
