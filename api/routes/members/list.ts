import { z } from 'zod';
import { member } from '../../../src/lib/members/schema.ts';
import { defineRoute } from '../../lib/route.ts';
import { listMembers } from '../../services/members/verbs.ts';
import { ownersOnly, projectIdParam } from './schema.ts';

/** GET /api/projects/{id}/members (owners). */
export const listMembersRoute = defineRoute({
  method: 'get',
  path: '/api/projects/{id}/members',
  tag: 'Members',
  summary: "A project's members and roles (owners).",
  params: projectIdParam,
  responses: { 200: { description: 'Members, owners first.', schema: z.array(member) }, ...ownersOnly },
  handler: async (c, { params }) => c.json(await listMembers({ ctx: c.get('ctx'), input: { projectId: params.id } })),
});
