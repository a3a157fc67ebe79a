// Shapes of the transcript API as the pages and islands read them (spec §3).

export interface Transcription {
  id: string;
  slug: string;
  title: string;
  reel_url: string;
  transcription: string;
  tags: string[];
  embed_code: string;
  media_url: string | null;
  thumbnail_url: string | null;
  created_at: string | Date;
}

export interface TagUsage {
  tag: string;
  count: number;
  first_used: string | Date;
  last_used: string | Date;
}

export interface TagInsights {
  total_unique_tags: number;
  total_tag_usage: number;
  most_popular_tag: { tag: string; count: number } | null;
  average_usage_per_tag: number;
}

export interface Pagination {
  current_page: number;
  total_pages: number;
  total_count: number;
  has_next: boolean;
  has_previous: boolean;
}

export interface TagPageData {
  transcriptions: Transcription[];
  pagination: Pagination;
}

/** What the server hands on-demand pages through Astro locals (api/app.ts), so they read the database without HTTP. */
export interface TranscriptGallery {
  getBySlug(slug: string): Promise<Transcription | null>;
  listByTag(tag: string, page: number): Promise<TagPageData>;
}
