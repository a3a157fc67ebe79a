import type { ApiOperation } from '../lib/openapi.ts';
import { operations as admin } from './admin/schema.ts';
import { operations as apiKeys } from './api-keys/schema.ts';
import { operations as billing } from './billing/schema.ts';
import { operations as blogs, planOperations as blogsPlan } from './blogs/schema.ts';
import { operations as calendar } from './calendar/schema.ts';
import { operations as config } from './config/schema.ts';
import { operations as customDomains } from './custom-domains/schema.ts';
import { operations as domains } from './domains/schema.ts';
import { operations as instaTranscriptions } from './insta-transcriptions/schema.ts';
import { operations as invites } from './invites/schema.ts';
import { operations as media } from './media/schema.ts';
import { operations as members } from './members/schema.ts';
import { operations as openapi } from './openapi/schema.ts';
import { operations as projects } from './projects/schema.ts';
import { operations as prompts } from './prompts/schema.ts';
import { operations as queue } from './queue/schema.ts';
import { operations as reels } from './reels/schema.ts';
import { operations as usage } from './usage/schema.ts';
import { operations as users } from './users/schema.ts';
import { operations as workflows } from './workflows/schema.ts';

/**
 * Every route of /api as /api/openapi.json and /docs/api describe it: one line per route folder, whose schema.ts
 * declares an `operations` list next to its zod schemas. tests/api/openapi.test.ts fails when a mounted route is missing.
 */
export const API_OPERATIONS: readonly ApiOperation[] = [
  ...openapi,
  ...config,
  ...users,
  ...projects,
  ...members,
  ...invites,
  ...prompts,
  ...apiKeys,
  ...reels,
  ...instaTranscriptions,
  ...usage,
  ...billing,
  ...admin,
  ...blogs,
  ...blogsPlan, // the 30-day plan, mounted beside the posts at /api/blogs/posts/plan
  ...calendar,
  ...workflows,
  ...queue,
  ...media,
  ...customDomains,
  ...domains,
];
