import { Hono } from 'hono';
import type { AppEnv } from '../../lib/hono.ts';
import { getUsage } from '../../services/usage/verbs.ts';

/** /api/usage: the signed-in account's plan and posts against its allowance. */
export const usageRoutes = new Hono<AppEnv>().get('/', async (c) => c.json(await getUsage({ ctx: c.get('ctx') })));
