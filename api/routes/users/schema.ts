import { z } from 'zod';
import { user } from '../../../src/lib/users/schema.ts';
import { errorBody } from '../../lib/openapi.ts';
import { CONFIRM_EMAIL } from '../../services/privacy/delete-account.ts';

export const deleteAccountBody = z.object({
  confirm_email: z
    .string({ error: CONFIRM_EMAIL })
    .max(320, { error: CONFIRM_EMAIL })
    .describe("The account's email address, typed by the user to confirm (letter case and surrounding spaces aside)."),
});

const namedProject = z.object({ id: z.uuid(), name: z.string() });

export const deletionPreview = z.object({
  deleted_projects: z
    .array(
      namedProject.extend({
        search_console: z
          .boolean()
          .describe('The project has a Search Console connection: its access is revoked at Google (best effort).'),
      }),
    )
    .describe('Projects the caller alone owns: deleted with the account, with everything in them.'),
  left_projects: z
    .array(namedProject.extend({ role: z.enum(['owner', 'editor', 'viewer']) }))
    .describe('Projects that stay (someone else owns them too): the caller only leaves them.'),
  cancels_subscription: z.boolean().describe('A paid Stripe subscription would be cancelled at once.'),
});

const stamp = z.iso.datetime();
const searchDay = z.object({
  date: z.iso.date(),
  page: z.string(),
  clicks: z.number().int(),
  impressions: z.number().int(),
  position: z.number(),
});
export const accountExport = z
  .object({
    format: z.literal('inkpilot-export'),
    version: z.number().int(),
    exported_at: stamp,
    account: user.pick({ id: true, email: true, first_name: true, last_name: true, avatar_url: true }).extend({
      created_at: stamp,
      plan: z.object({ plan: z.string(), source: z.string(), status: z.string() }),
      api_keys: z.array(
        z.object({
          name: z.string(),
          prefix: z.string(),
          created_at: stamp,
          last_used_at: stamp.nullable(),
          revoked_at: stamp.nullable(),
        }),
      ),
    }),
    projects: z.array(
      z
        .object({
          id: z.uuid(),
          name: z.string(),
          role: z.enum(['owner', 'editor', 'viewer']),
          brand_guide: z.object({}).loose().describe('Website, brand content, status, logo and colour.'),
          blog: z.object({}).loose().describe('Address, slug, custom domain, base path, logo, accent colour.'),
          style_guides: z.array(z.object({}).loose()),
          plan: z.array(z.object({}).loose()).describe('Calendar entries, by day.'),
          autopilot: z.object({}).loose().nullable(),
          workflows: z.array(z.object({}).loose()),
          posts: z
            .array(
              z
                .object({
                  id: z.uuid(),
                  title: z.string(),
                  markdown: z.string(),
                  search_console: z
                    .object({
                      status: z.string(),
                      coverage_state: z.string().nullable().describe("Google's own words for the page's state."),
                      verdict: z.string().nullable(),
                      url: z.string(),
                      last_crawl_at: stamp.nullable(),
                      inspected_at: stamp,
                    })
                    .nullable()
                    .describe(
                      "The page's indexing status as Search Console last reported it; null if never inspected.",
                    ),
                })
                .loose(),
            )
            .describe('Every post with its markdown and fields; url is set for published posts.'),
          search_console: z
            .object({
              property: z.string().nullable(),
              property_permission: z.string().nullable(),
              status: z.enum(['connected', 'reconnect']),
              status_reason: z.string().nullable(),
              connected_at: stamp,
              metrics_through: z.iso.date().nullable(),
              metrics_synced_at: stamp.nullable(),
              sitemap: z.object({
                url: z.string().nullable(),
                submitted_at: stamp.nullable(),
                error: z.string().nullable(),
              }),
              page_days: z
                .array(searchDay)
                .describe("Clicks, impressions and average position of each of the blog's pages, by day."),
              query_days: z
                .array(searchDay.extend({ query: z.string() }))
                .describe('The same for each search query of a page, by day (Google leaves rare queries out).'),
            })
            .nullable()
            .describe('The Search Console connection (never its tokens) and the search metrics stored; null if none.'),
        })
        .loose(),
    ),
  })
  .describe('A JSON file (Content-Disposition: attachment) of everything of the caller the export covers.');

export const ownSession = {
  403: { description: 'Sent with an API key, or while impersonating: only the account itself may.', schema: errorBody },
};
