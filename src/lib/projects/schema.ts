import { z } from 'zod';

/** A member's role in a project: owners manage members, owners and editors write, viewers read. */
export const projectRole = z.enum(['owner', 'editor', 'viewer']);
export type ProjectRole = z.infer<typeof projectRole>;

/** A project with the caller's role in it, as the API returns it (spec workspace §3) and the workspace reads it. */
export const project = z.object({
  id: z.uuid(),
  name: z.string(),
  description: z.string(),
  role: projectRole.describe("The caller's role in the project."),
  brand_content: z.string().nullable(),
  brand_url: z.string().nullable(),
  brand_info_status: z.string().nullable(),
  default_prompt_id: z.uuid().nullable(),
  custom_blog_domain: z.string().nullable(),
  domain: z.string().nullable(),
  blog_logo_url: z.string().nullable().describe("The hosted blog's logo: an https address or /api/media/{id}."),
  blog_accent_color: z.string().describe("The hosted blog's link colour, #rrggbb."),
  blog_base_path: z.string().describe("'' or the path of the custom domain the blog is served under (subpath mode)."),
  brand_logo_url: z
    .string()
    .nullable()
    .describe("The website's logo the brand task found (a suggestion for the blog's logo)."),
  brand_color: z
    .string()
    .nullable()
    .describe("The website's theme colour the brand task found, #rrggbb (a suggestion for the blog's colour)."),
  brand_name: z
    .string()
    .nullable()
    .describe("The website's own name the brand task found (a suggestion for the project's name)."),
  brand_example_urls: z
    .array(z.string())
    .describe('Up to 3 example articles whose voice the brand guide measures and quotes (issue 24).'),
  language: z
    .string()
    .describe("The language the project's guide, plan and posts are written in (an ISO 639-1 code like pt)."),
  language_chosen: z
    .boolean()
    .describe("Whether a person chose the language; until then it follows the website's <html lang>, else English."),
  brand_language: z
    .string()
    .nullable()
    .describe(
      "The website's own language (its <html lang>) as the brand task found it; null before or when it had none.",
    ),
  planned_at: z.iso
    .datetime()
    .nullable()
    .describe("When the project's first 30-day plan was ready; null before (onboarding offers the plan until then)."),
  created_at: z.iso.datetime(),
});
export type Project = z.infer<typeof project>;
