// The project as the API returns it (spec workspace §3): one shape for the API and the workspace that reads it.

export type ProjectRole = 'owner' | 'editor' | 'viewer';

/** A project with the caller's role in it. */
export interface Project {
  id: string;
  name: string;
  description: string;
  role: ProjectRole;
  brand_content: string | null;
  brand_url: string | null;
  brand_info_status: string | null;
  default_prompt_id: string | null;
  custom_blog_domain: string | null;
  domain: string | null;
  /** The hosted blog's brand and place (beyond the spec's fields): logo (https URL or /api/media/{id}), link colour. */
  blog_logo_url: string | null;
  blog_accent_color: string;
  /** '' or a path of the custom domain the blog is served under, like '/blog' (subpath mode). */
  blog_base_path: string;
  /** What the brand task found on the website's home page (its logo, its theme colour): offered for the blog. */
  brand_logo_url: string | null;
  brand_color: string | null;
  /** The website's own name the brand task found (its og:site_name, the name its page titles share): offered as the project's name. */
  brand_name: string | null;
  /** When the project's first 30-day plan was ready (ISO 8601); null until then, while onboarding offers step 3. */
  planned_at: string | null;
}

/** Spec §9: the name of the project every new user gets. A project still so named has not been named by anyone. */
export const DEFAULT_PROJECT_NAME = 'Untitled Project';
