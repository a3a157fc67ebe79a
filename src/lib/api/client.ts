import ky, { HTTPError } from 'ky';
import { clearSession, refreshToken } from '../auth/session.ts';
import { STORAGE, storage } from '../storage-keys.ts';

/**
 * The one HTTP client of the browser: bearer token, X-Project-ID, one silent refresh and retry on 401, then logout
 * (only when the session is over; a refresh the network lost keeps it).
 */
export const api = ky.create({
  prefix: '/api/',
  timeout: 30_000,
  // One attempt more, used only by the forced retry after a token refresh (ky counts it against the limit);
  // nothing is retried automatically, so a POST is never sent twice on its own.
  retry: { limit: 1, shouldRetry: () => false, delay: () => 0 },
  hooks: {
    beforeRequest: [
      ({ request, options }) => {
        const token = storage.get(STORAGE.token);
        if (token) request.headers.set('Authorization', `Bearer ${token}`);
        const projectId = storage.get(STORAGE.projectId);
        // Account-level calls opt out: a stale stored id (another user's project) must not turn them into 404s.
        const scoped = options.context['projectScoped'] !== false;
        if (scoped && projectId && !request.headers.has('X-Project-ID')) request.headers.set('X-Project-ID', projectId);
      },
    ],
    afterResponse: [
      async ({ request, response, retryCount }) => {
        if (response.status !== 401) return;
        if (retryCount === 0) {
          // A refresh that could not reach Firebase leaves the session alone: the call fails with its 401 instead.
          const token = await refreshToken().catch(() => undefined);
          if (token === undefined) return;
          if (token) {
            const headers = new Headers(request.headers);
            headers.set('Authorization', `Bearer ${token}`);
            return ky.retry({ request: new Request(request, { headers }), code: 'TOKEN_REFRESHED' });
          }
        }
        if (storage.get(STORAGE.token)) {
          clearSession();
          window.dispatchEvent(new CustomEvent('inkpilot:logout'));
        }
      },
    ],
  },
});

/** Options for calls that belong to the account, not to the selected project (users/me, the project list). */
export const ACCOUNT_CALL = { context: { projectScoped: false } } as const;

/** A refusal for the plan's limit (402) points to the plans; other failures have nowhere better to go. */
export function refusalLink(error: unknown): { href: string; label: string } | undefined {
  return error instanceof HTTPError && error.response.status === 402
    ? { href: '/pricing', label: 'See plans' }
    : undefined;
}

/** The message to show for a failed call (spec §8): server detail (list as "loc -> msg"), else the error's own, else the fallback. */
export function errorMessage(error: unknown, fallback: string): string {
  if (error instanceof HTTPError) {
    const detail = (error.data as { detail?: unknown } | undefined)?.detail;
    if (typeof detail === 'string' && detail) return detail;
    if (Array.isArray(detail) && detail.length) {
      return detail
        .map((item: { loc?: unknown[]; msg?: string }) => `${(item.loc ?? []).join('.')} -> ${item.msg ?? ''}`)
        .join('\n');
    }
    return fallback;
  }
  if (error instanceof Error && error.message) return error.message;
  return fallback;
}

/** A 422's messages by body field (`loc` body → field), for forms that show each under its field; empty otherwise. */
export function fieldIssues(error: unknown): Record<string, string> {
  const detail = error instanceof HTTPError ? (error.data as { detail?: unknown } | undefined)?.detail : undefined;
  const issues: Record<string, string> = {};
  if (!Array.isArray(detail)) return issues;
  for (const item of detail as { loc?: unknown[]; msg?: string }[]) {
    const field = item.loc?.[0] === 'body' && typeof item.loc[1] === 'string' ? item.loc[1] : null;
    if (field && item.msg && !issues[field]) issues[field] = item.msg;
  }
  return issues;
}
