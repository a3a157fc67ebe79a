import type { SearchConsoleConnection, SearchConsoleProperties } from '../search-console/schema.ts';
import { revalidateKeys } from '../query/fetcher.ts';
import { api } from './client.ts';

export type {
  PostSearchReport,
  PostSearchSummaries,
  PostSearchSummary,
  SearchConsoleConnection,
  SearchConsoleProperties,
  SearchConsoleProperty,
  SearchInsights,
} from '../search-console/schema.ts';

/** Every screen showing the project's Search Console data reads it again (a property picked, a disconnect). */
function refresh(projectId: string): void {
  revalidateKeys((key) => key.startsWith(`projects/${projectId}/search-console`));
}

/** GET /projects/{id}/search-console. */
export function fetchSearchConsole(projectId: string): Promise<SearchConsoleConnection> {
  return api.get(`projects/${projectId}/search-console`).json<SearchConsoleConnection>();
}

/** POST /projects/{id}/search-console/connect: where to send the browser (Google's consent page). */
export async function startSearchConsoleConnect(projectId: string): Promise<string> {
  const answer = await api.post(`projects/${projectId}/search-console/connect`).json<{ authorization_url: string }>();
  return answer.authorization_url;
}

/** POST /projects/{id}/search-console/callback with what Google sent back. */
export async function finishSearchConsoleConnect(
  projectId: string,
  answer: { state: string; code?: string; error?: string },
): Promise<SearchConsoleConnection> {
  const connection = await api
    .post(`projects/${projectId}/search-console/callback`, { json: answer })
    .json<SearchConsoleConnection>();
  refresh(projectId);
  return connection;
}

/** GET /projects/{id}/search-console/properties. */
export function fetchSearchConsoleProperties(projectId: string): Promise<SearchConsoleProperties> {
  return api.get(`projects/${projectId}/search-console/properties`).json<SearchConsoleProperties>();
}

/** PUT /projects/{id}/search-console/property: reads the blog through it and submits the sitemap. */
export async function chooseSearchConsoleProperty(
  projectId: string,
  siteUrl: string,
): Promise<SearchConsoleConnection> {
  const connection = await api
    .put(`projects/${projectId}/search-console/property`, { json: { site_url: siteUrl }, timeout: 60_000 })
    .json<SearchConsoleConnection>();
  refresh(projectId);
  return connection;
}

/** POST /projects/{id}/search-console/sitemap. */
export function resubmitSearchConsoleSitemap(projectId: string): Promise<SearchConsoleConnection> {
  return api.post(`projects/${projectId}/search-console/sitemap`).json<SearchConsoleConnection>();
}

/** PUT /projects/{id}/search-console/verification: the blog's google-site-verification tag ('' removes it). */
export function saveSearchConsoleVerification(projectId: string, token: string): Promise<SearchConsoleConnection> {
  return api
    .put(`projects/${projectId}/search-console/verification`, { json: { token } })
    .json<SearchConsoleConnection>();
}

/** DELETE /projects/{id}/search-console. */
export async function disconnectSearchConsole(projectId: string): Promise<SearchConsoleConnection> {
  const connection = await api.delete(`projects/${projectId}/search-console`).json<SearchConsoleConnection>();
  refresh(projectId);
  return connection;
}
