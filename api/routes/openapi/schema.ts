import { z } from 'zod';
import { operation } from '../../lib/openapi.ts';

export const operations = [
  operation({
    method: 'get',
    path: '/api/health',
    tag: 'Meta',
    public: true,
    summary: 'Liveness.',
    responses: { 200: { description: 'Up.', schema: z.object({ status: z.literal('ok') }) } },
  }),
  operation({
    method: 'get',
    path: '/api/openapi.json',
    tag: 'Meta',
    public: true,
    summary: 'This document (OpenAPI 3.1). The readable reference is at /docs/api.',
    responses: { 200: { description: 'The OpenAPI document.' } },
  }),
];
