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
}
