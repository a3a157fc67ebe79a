import type { Db } from '../../../db/sql.ts';

/** A post as Search Console reports match it to its page. */
export interface ReportedPost {
  id: string;
  slug: string;
  title: string;
  status: string;
  target_keyword: string;
  keywords: string[];
}

/** The project's posts (any status: a post unpublished since still has its history). */
export async function selectReportedPosts(sql: Db, projectId: string): Promise<ReportedPost[]> {
  return sql<ReportedPost[]>`
    select id, slug, title, status, target_keyword, keywords from blog_posts
    where project_id = ${projectId} order by created_at, id`;
}
