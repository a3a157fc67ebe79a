import type { Hono } from 'hono';
import type { AppEnv } from '../lib/hono.ts';
import type { BodyRule } from '../middleware/body.ts';
import { blogsRoutes } from './blogs/index.ts';
import { publicConfigRoutes } from './config/index.ts';
import { customDomainRoutes } from './custom-domains/index.ts';
import { domainsRoutes } from './domains/index.ts';
import { instaTranscriptionsRoutes } from './insta-transcriptions/index.ts';
import { projectsRoutes } from './projects/index.ts';
import { promptsRoutes } from './prompts/index.ts';
import { reelsRoutes } from './reels/index.ts';
import { usersRoutes } from './users/index.ts';

/** Paths under /api that answer without sign-in. */
export const PUBLIC_API_PREFIXES = ['/api/health', '/api/public-config', '/api/reels/transcribe', '/api/insta-transcriptions', '/api/domains/allowed'];

/** Routes whose body is not small JSON (every other /api body must be application/json within API_BODY_MAX_BYTES). */
export const BODY_RULES: BodyRule[] = [
  { method: 'POST', path: '/api/prompts/generate-and-save-guide', type: 'multipart/form-data', maxBytes: (config) => config.UPLOAD_MAX_BYTES },
];

/** Mounts every resource router on the /api app; one line per resource. */
export function registerRoutes(api: Hono<AppEnv>): void {
  api.get('/health', (c) => c.json({ status: 'ok' }));
  api.route('/public-config', publicConfigRoutes);
  api.route('/users', usersRoutes);
  api.route('/projects', customDomainRoutes);
  api.route('/projects', projectsRoutes);
  api.route('/domains', domainsRoutes);
  api.route('/prompts', promptsRoutes);
  api.route('/blogs', blogsRoutes);
  api.route('/reels', reelsRoutes);
  api.route('/insta-transcriptions', instaTranscriptionsRoutes);
}
