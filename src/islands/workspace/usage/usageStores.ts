import { atom } from 'nanostores';
import type { AdminUser, AuditEntry } from '../../../lib/api/admin.ts';
import type { Usage } from '../../../lib/api/usage.ts';
import { createFetcherStore, revalidateKeys } from '../../../lib/query/fetcher.ts';

/** The signed-in account's usage (GET /usage) through the shared cache. */
export const $usage = createFetcherStore<Usage>(['usage']);

/** The admin users page's search text, URL-encoded, as a key part. */
export const $userQuery = atom('');

/** Users matching the search (GET /admin/users?q=). */
export const $adminUsers = createFetcherStore<AdminUser[]>(['admin/users?q=', $userQuery]);

/** The audit log, newest first (GET /admin/audit-log). */
export const $auditLog = createFetcherStore<AuditEntry[]>(['admin/audit-log?limit=200']);

/** Refetches the user lists and usage after an admin changes a plan. */
export function revalidateAccounts(): void {
  revalidateKeys((key) => key.startsWith('admin/users') || key === 'usage');
}
