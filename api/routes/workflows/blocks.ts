import { z } from 'zod';
import { blockDef } from '../../../src/lib/workflows/schema.ts';
import { describeBlocks } from '../../blocks/index.ts';
import { defineRoute } from '../../lib/route.ts';
import { tag } from './schema.ts';

/** GET /api/workflows/blocks: the builder's palette. */
export const listBlocksRoute = defineRoute({
  method: 'get',
  path: '/api/workflows/blocks',
  tag,
  summary: 'Every block a workflow can use, with the JSON Schemas of its inputs, outputs and config.',
  responses: { 200: { description: 'The blocks.', schema: z.array(blockDef) } },
  handler: (c) => c.json(describeBlocks()),
});
