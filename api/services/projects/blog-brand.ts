import type { Db } from '../../db/sql.ts';
import { ValidationError, type FieldIssue } from '../../lib/errors.ts';
import { accentProblem, INVALID_ACCENT, normaliseAccent } from '../../../src/lib/projects/blog-brand.ts';
import { INVALID_BASE_PATH, normaliseBasePath } from '../domains/verbs.ts';
import { isProjectImage } from '../workflows/queries/media.ts';
import { selectCustomDomain } from './queries.ts';

export const INVALID_LOGO =
  'Please enter the logo as an https:// address of an image, or the id of an image stored in this project.';
export const LOGO_NOT_FOUND = 'No image with that id in this project.';
export const BASE_PATH_NEEDS_DOMAIN = 'Connect a custom domain first: the path is a path on that domain.';

/** What the blog settings may change; undefined leaves a field as it is. */
export interface BlogBrandInput {
  blog_logo_url?: string | null | undefined;
  blog_accent_color?: string | undefined;
  blog_base_path?: string | undefined;
}

/** The same, checked and in stored form. */
export interface BlogBrandChange {
  logo?: string | null;
  accent?: string;
  basePath?: string;
}

const UUID = '[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}';
const MEDIA_PATH = new RegExp(`^/api/media/(${UUID})$`, 'i');

/**
 * A logo as typed: nothing (no logo), an image the app stores for the project (its id, `/api/media/{id}` or that on
 * SITE_URL), or an https address; null when it is none of these. An http or data: address is refused: the blog is
 * served over https and its CSP loads images only from itself and https.
 */
export function parseLogo(
  text: string,
  siteUrl: string,
): { kind: 'none' } | { kind: 'media'; id: string } | { kind: 'url'; href: string } | null {
  const trimmed = text.trim();
  if (trimmed === '') return { kind: 'none' };
  if (new RegExp(`^${UUID}$`, 'i').test(trimmed)) return { kind: 'media', id: trimmed.toLowerCase() };
  const relative = MEDIA_PATH.exec(trimmed);
  if (relative?.[1]) return { kind: 'media', id: relative[1].toLowerCase() };
  let url: URL;
  try {
    url = new URL(trimmed);
  } catch {
    return null;
  }
  const ours = MEDIA_PATH.exec(url.pathname);
  if (ours?.[1] && url.origin === new URL(siteUrl).origin) return { kind: 'media', id: ours[1].toLowerCase() };
  if (
    url.protocol !== 'https:' ||
    url.username ||
    url.password ||
    !url.hostname.includes('.') ||
    url.href.length > 2048
  )
    return null;
  return { kind: 'url', href: url.href };
}

/**
 * Checks every blog setting given before anything is stored: the logo (an image of this project or an https
 * address), the accent colour (#rrggbb readable on white) and the base path (a path of the project's custom domain).
 * All problems are reported together; nothing is changed when there is one.
 */
export async function checkBlogBrand(
  sql: Db,
  project: { id: string },
  input: BlogBrandInput,
  siteUrl: string,
): Promise<BlogBrandChange> {
  const issues: FieldIssue[] = [];
  const change: BlogBrandChange = {};
  const issue = (field: string, msg: string) => issues.push({ loc: ['body', field], msg, type: 'value_error' });

  if (input.blog_logo_url !== undefined) {
    const logo = parseLogo(input.blog_logo_url ?? '', siteUrl);
    if (!logo) issue('blog_logo_url', INVALID_LOGO);
    else if (logo.kind === 'none') change.logo = null;
    else if (logo.kind === 'url') change.logo = logo.href;
    else {
      if (await isProjectImage(sql, project.id, logo.id)) change.logo = `/api/media/${logo.id}`;
      else issue('blog_logo_url', LOGO_NOT_FOUND);
    }
  }
  if (input.blog_accent_color !== undefined) {
    const problem = accentProblem(input.blog_accent_color);
    const accent = normaliseAccent(input.blog_accent_color);
    if (problem || !accent) issue('blog_accent_color', problem ?? INVALID_ACCENT);
    else change.accent = accent;
  }
  if (input.blog_base_path !== undefined) {
    const basePath = normaliseBasePath(input.blog_base_path);
    if (basePath === null) issue('blog_base_path', INVALID_BASE_PATH);
    else if (basePath !== '') {
      if (!(await selectCustomDomain(sql, project.id))) issue('blog_base_path', BASE_PATH_NEEDS_DOMAIN);
      else change.basePath = basePath;
    } else change.basePath = basePath;
  }
  if (issues.length) throw new ValidationError(issues);
  return change;
}
