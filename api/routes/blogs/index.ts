import { Hono } from 'hono';
import type { AppEnv } from '../../lib/hono.ts';
import { postsRoutes } from './posts.ts';

/** /api/blogs: one sub-router per part (posts here; the 30-day plan mounts beside it at /posts/plan). */
export const blogsRoutes = new Hono<AppEnv>().route('/posts', postsRoutes);
