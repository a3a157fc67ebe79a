import { z } from 'zod';
import { INVALID_ACCENT, MIN_ACCENT_CONTRAST } from '../../../src/lib/projects/blog-brand.ts';
import {
  EXAMPLE_URL_MAX,
  INVALID_EXAMPLE_URL,
  isExampleUrl,
  MAX_EXAMPLE_ARTICLES,
  TOO_MANY_EXAMPLES,
} from '../../../src/lib/voice/example-urls.ts';
import { errorBody } from '../../lib/openapi.ts';
import { languageField } from '../../../src/lib/languages/schema.ts';
import { INVALID_BASE_PATH } from '../../services/domains/verbs.ts';
import { CONFIRM_PROJECT_NAME } from '../../services/privacy/delete-project.ts';
import { INVALID_LOGO } from '../../services/projects/blog-brand.ts';

const projectName = z
  .string({ error: 'Project name is required.' })
  .trim()
  .min(1, { error: 'Project name is required.' })
  .max(200, { error: 'Project name must be at most 200 characters.' });
const projectDescription = z.string().trim().max(2000, { error: 'Description must be at most 2000 characters.' });

const projectLanguage = languageField.describe(
  "The language the project's guide, plan and posts are written in: an ISO 639-1 code like pt (English when left out).",
);

export const createProjectBody = z.object({
  name: projectName,
  description: projectDescription.default(''),
  language: projectLanguage.optional(),
});

export const projectIdParam = z.object({ id: z.uuid({ error: 'Project not found.' }) });

export const updateProjectBody = z
  .object({
    name: projectName
      .optional()
      .describe(
        "The project's name; its hosted blog is titled with it, and the blog's address follows it until a post is published.",
      ),
    description: projectDescription.optional(),
    language: projectLanguage.optional(),
    default_prompt_id: z.uuid({ error: 'Style guide not found.' }).optional(),
    blog_logo_url: z
      .string({ error: INVALID_LOGO })
      .max(2048, { error: INVALID_LOGO })
      .nullable()
      .optional()
      .describe(
        "The blog's logo: an https address, or an image of this project (its media id or /api/media/{id}); null or '' removes it.",
      ),
    blog_accent_color: z
      .string({ error: INVALID_ACCENT })
      .max(20, { error: INVALID_ACCENT })
      .optional()
      .describe(
        `The blog's link and button colour as #rrggbb, with a contrast of at least ${MIN_ACCENT_CONTRAST}:1 against white.`,
      ),
    blog_base_path: z
      .string({ error: INVALID_BASE_PATH })
      .max(100, { error: INVALID_BASE_PATH })
      .optional()
      .describe(
        "Subpath mode: the path of the custom domain the blog is served under, like '/blog' (needs a custom domain); '' serves it at the root.",
      ),
  })
  .strict();

export const deleteProjectBody = z.object({
  confirm_name: z
    .string({ error: CONFIRM_PROJECT_NAME })
    .max(400, { error: CONFIRM_PROJECT_NAME })
    .describe("The project's name, typed by the owner to confirm (surrounding spaces aside; letter case counts)."),
});

export const brandFetchBody = z.object({
  brand_url: z
    .string({ error: 'Please enter a valid URL.' })
    .trim()
    .min(1, { error: 'Please enter a valid URL.' })
    .max(2048, { error: 'Please enter a valid URL.' }),
  example_urls: z
    .array(
      z
        .string({ error: INVALID_EXAMPLE_URL })
        .trim()
        .max(EXAMPLE_URL_MAX, { error: INVALID_EXAMPLE_URL })
        .refine(isExampleUrl, { error: INVALID_EXAMPLE_URL }),
      { error: 'Example articles must be a list of addresses.' },
    )
    .max(MAX_EXAMPLE_ARTICLES, { error: TOO_MANY_EXAMPLES })
    .optional()
    .describe(
      `Up to ${MAX_EXAMPLE_ARTICLES} articles in the voice to write in (absolute http(s) addresses): their voice is measured and quoted in the guide. Given (even empty), they replace the project's; left out, the project's stored ones are read again.`,
    ),
});

export const brandTaskIdParam = z.object({ taskId: z.string() });

export const notFound = { 404: { description: 'No such project of the caller.', schema: errorBody } };
export const viewers = { 403: { description: 'Viewers cannot change the project.', schema: errorBody } };
