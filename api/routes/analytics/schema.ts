import { z } from 'zod';
import { ANALYTICS_RANGES, type AnalyticsRange, DEFAULT_RANGE } from '../../../src/lib/blog-analytics/schema.ts';
import { errorBody } from '../../lib/openapi.ts';

export const tag = 'Analytics';
export const projectIdParam = z.object({ projectId: z.uuid({ error: 'Project not found.' }) });
export const postIdParam = z.object({ id: z.uuid({ error: 'Post not found.' }) });

const RANGE_RULE = `Days must be one of ${ANALYTICS_RANGES.join(', ')}.`;

/** ?days=7|30|90: the range, ending today (UTC). */
export const rangeQuery = z.object({
  days: z.coerce
    .number({ error: RANGE_RULE })
    .refine((days) => (ANALYTICS_RANGES as readonly number[]).includes(days), { error: RANGE_RULE })
    .transform((days) => days as AnalyticsRange)
    .default(DEFAULT_RANGE)
    .describe(`The range in days, ending today (UTC): ${ANALYTICS_RANGES.join(', ')}; ${DEFAULT_RANGE} when left out.`),
});

export const noProject = { 404: { description: 'No such project of the caller.', schema: errorBody } };
export const noPost = { 404: { description: 'No such post in a project of the caller.', schema: errorBody } };
