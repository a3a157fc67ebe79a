import { ACCOUNT_CALL, api } from './client.ts';

/** What deleting the account would take with it (GET /users/me/deletion-preview). */
export interface DeletionPreview {
  /** `search_console`: the project is connected to Search Console, whose access is revoked at Google with it. */
  deleted_projects: { id: string; name: string; search_console: boolean }[];
  left_projects: { id: string; name: string; role: 'owner' | 'editor' | 'viewer' }[];
  cancels_subscription: boolean;
}

/** GET /users/me/deletion-preview: the projects deleted and left, read just before the user confirms. */
export function fetchDeletionPreview(): Promise<DeletionPreview> {
  return api.get('users/me/deletion-preview', ACCOUNT_CALL).json<DeletionPreview>();
}

/** DELETE /users/me with the typed email: the account, its own projects, keys and sessions go. */
export function deleteAccount(confirmEmail: string): Promise<{ message: string }> {
  return api.delete('users/me', { ...ACCOUNT_CALL, json: { confirm_email: confirmEmail } }).json();
}

/**
 * GET /users/me/export, saved as the file the server names (inkpilot-export-YYYY-MM-DD.json). A large account takes a
 * while to write, so the usual 30-second limit does not apply.
 */
export async function downloadExport(): Promise<string> {
  const response = await api.get('users/me/export', { ...ACCOUNT_CALL, timeout: false });
  const disposition = response.headers.get('content-disposition') ?? '';
  const filename = /filename="([^"]+)"/.exec(disposition)?.[1] ?? 'inkpilot-export.json';
  const url = URL.createObjectURL(await response.blob());
  try {
    const link = document.createElement('a');
    link.href = url;
    link.download = filename;
    document.body.append(link);
    link.click();
    link.remove();
  } finally {
    setTimeout(() => URL.revokeObjectURL(url), 10_000); // the browser has taken the file by then
  }
  return filename;
}
